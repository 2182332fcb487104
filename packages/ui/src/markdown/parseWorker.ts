// The Markdown parser's worker: a growing reply's open part in, the trees the main thread would
// parse for it out (see `offThread.ts`).
import "./workerDocument.js";
import { parsesOfOpenPart } from "./openBlock.js";

/** A request: the open part of a reply (see `openPart`), numbered by the main thread. */
export interface ParseRequest {
  id: number;
  open: string;
}

/** The answer: the texts parsed with their trees, or why none could be. */
export interface ParseReply {
  id: number;
  parsed?: ReturnType<typeof parsesOfOpenPart>;
  error?: string;
}

addEventListener("message", (event: MessageEvent<ParseRequest>) => {
  const { id, open } = event.data;
  let reply: ParseReply;
  try {
    reply = { id, parsed: parsesOfOpenPart(open) };
  } catch (error) {
    reply = { id, error: String(error) };
  }
  postMessage(reply);
});
