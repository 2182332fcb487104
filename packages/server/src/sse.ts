import type { BaseEvent } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";
import type { NodeResponse } from "./nodeHttp.js";

/** An SSE frame with an `id:` line; the `data:` line is the official encoder's. */
export function sseFrame(id: string, event: BaseEvent, encoder = new EventEncoder()): string {
  if (/[\r\n]/.test(id)) throw new TypeError(`An SSE event id cannot hold a line break: ${JSON.stringify(id)}`);
  return `id: ${id}\n${encoder.encodeSSE(event)}`;
}

/**
 * Writes a chunk and, when the response buffered it (a slow client), waits for `drain` before
 * resolving: a server never holds more than one chunk for a reader that does not read.
 * Resolves false when the connection is gone.
 */
export async function writeRespectingBackpressure(res: NodeResponse, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(chunk)) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
  return !res.destroyed;
}
