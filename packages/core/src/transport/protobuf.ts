import type { BaseEvent } from "@ag-ui/core";
import { AGUIUnknownEventTypeError, decode } from "@ag-ui/proto";
import { bodyChunks } from "./http.js";
import type { RunHooks } from "./types.js";

// Imported on the first protobuf response, so an app's build makes it a chunk of its own. (The
// official client imports @ag-ui/proto as well, which brings the decoder along with the
// validation pipeline: the package is not marked free of side effects, so bundlers keep it.)

/** A message's first bytes in hex, for a diagnostic. */
const hex = (bytes: Uint8Array) => [...bytes.slice(0, 256)].map((b) => b.toString(16).padStart(2, "0")).join(" ");

/** Length-prefixed protobuf messages (a 4-byte big-endian length, then the message); one of an event type this build does not know is skipped, and told to `hooks.diagnose`. */
export async function* protobufEvents(response: Response, hooks?: RunHooks): AsyncGenerator<BaseEvent> {
  let buffer = new Uint8Array(0);
  for await (const chunk of bodyChunks(response)) {
    const joined = new Uint8Array(buffer.length + chunk.length);
    joined.set(buffer);
    joined.set(chunk, buffer.length);
    buffer = joined;
    while (buffer.length >= 4) {
      const end = 4 + new DataView(buffer.buffer, buffer.byteOffset, 4).getUint32(0, false);
      if (buffer.length < end) break;
      const message = buffer.slice(4, end);
      buffer = buffer.slice(end);
      try {
        yield decode(message) as BaseEvent;
      } catch (error) {
        // Forward compatibility, as for JSON: an event this build does not know is skipped.
        if (!(error instanceof AGUIUnknownEventTypeError)) throw error;
        console.warn(`[tandem] skipped a protobuf event this build does not know: ${(error as Error).message}`);
        hooks?.diagnose?.({ rule: "frame.unknown-protobuf", frame: `${message.length} bytes: ${hex(message)}` });
      }
    }
  }
  if (buffer.length > 0) throw new Error(`The protobuf stream ended mid-message: ${buffer.length} bytes left over.`);
}
