import { type Metadata, mergeMetadata } from "@ag-ui/core";

/** Merges an event's metadata (a copy) into the message or tool call it is about; nothing when it has none. */
export function withMetadata(target: object, event: { metadata?: Metadata }): void {
  const t = target as { metadata?: Metadata };
  if (event.metadata !== undefined) t.metadata = mergeMetadata(t.metadata, structuredClone(event.metadata));
}
