import { type BaseEvent, EventType, PROTOCOL_VERSION } from "@ag-ui/core";

/**
 * The official client warns when an agent declares a protocol it may not fully understand,
 * but only inside `runAgent`, which Tandem does not use; the same warning, from our pipeline.
 */
export function warnOnProducerVersion(event: BaseEvent): void {
  if (event.type !== EventType.RUN_STARTED) return;
  const declared = (event as { protocolVersion?: unknown }).protocolVersion;
  if (declared === undefined || declared === PROTOCOL_VERSION) return;
  if (typeof declared !== "string" || !/^\d+\.\d+$/.test(declared)) {
    console.warn(`[tandem] The agent declared protocol version '${String(declared)}', which this client cannot interpret.`);
    return;
  }
  const [major, minor] = declared.split(".").map(Number) as [number, number];
  const [ourMajor, ourMinor] = PROTOCOL_VERSION.split(".").map(Number) as [number, number];
  if (major > ourMajor || (major === ourMajor && minor > ourMinor)) {
    console.warn(
      `[tandem] The agent speaks protocol ${declared}; this client speaks ${PROTOCOL_VERSION}. Unrecognised material will be stripped with warnings.`,
    );
  }
}
