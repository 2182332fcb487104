import type { Message } from "@ag-ui/core";
import type { AttachmentKind } from "../types.js";
import { RunFailure } from "./errors.js";

/** A message whose attachments the protocol cannot carry fails before it is sent, not silently without them. */
export function refuseUncarried(messages: readonly Message[], kinds: readonly AttachmentKind[] | undefined): void {
  const last = messages.at(-1);
  if (!kinds || last?.role !== "user" || typeof last.content === "string") return;
  const refused = [...new Set(last.content.map((p) => p.type).filter((t) => t !== "text" && !kinds.includes(t)))];
  if (refused.length > 0)
    throw new RunFailure({
      kind: "protocol",
      message: `This agent's protocol cannot carry ${refused.join(", ")} attachments; remove them and send again.`,
    });
}
