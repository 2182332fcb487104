import { createParser } from "eventsource-parser";
import { bodyChunks } from "./http.js";

/** One Server-Sent Event: its `data`, and its `id` when it has one. */
export interface SseMessage {
  data: string;
  id?: string;
}

/**
 * The Server-Sent Events of a response body, read as the SSE spec says: LF, CR or CRLF line
 * endings, comments, `event:`/`id:`/`retry:` fields, multi-line data, a BOM, and chunks split
 * anywhere (inside a UTF-8 character too).
 */
export async function* sseMessages(response: Response): AsyncGenerator<SseMessage> {
  const ready: SseMessage[] = [];
  const parser = createParser({ onEvent: ({ data, id }) => ready.push(id === undefined ? { data } : { data, id }) });
  const decoder = new TextDecoder();
  let endsWithCR = false;
  const feed = (text: string) => {
    if (text === "") return;
    parser.feed(text);
    endsWithCR = text.endsWith("\r");
  };
  for await (const chunk of bodyChunks(response)) {
    feed(decoder.decode(chunk, { stream: true }));
    yield* ready.splice(0);
  }
  feed(decoder.decode());
  // The parser holds a final CR in case an LF follows; at the end of the stream it ends a line.
  if (endsWithCR) parser.feed("\n");
  yield* ready.splice(0);
}

/** The `data` of each Server-Sent Event in a response body (see `sseMessages`). */
export async function* sseData(response: Response): AsyncGenerator<string> {
  for await (const message of sseMessages(response)) yield message.data;
}
