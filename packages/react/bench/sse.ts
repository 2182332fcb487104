/**
 * The byte stream both the kit and the floor consume: one SSE body, built once, served from an
 * in-process `fetch` in chunks of a few events, yielding to the event loop like a network would.
 */

export const MESSAGE_ID = "bench-reply";
export const RUN_ID = "bench-run";

const WORDS = [
  "the",
  "agent",
  "streams",
  "a",
  "reply",
  "token",
  "by",
  "token",
  "into",
  "thread",
  "while",
  "React",
  "renders",
  "one",
  "row",
];

/** The i-th token: a word with a leading space, like an LLM's BPE pieces (4-9 chars). */
export const token = (i: number): string => ` ${WORDS[i % WORDS.length]}`;

/** The full reply text the stream spells out. */
export const replyText = (tokens: number): string => Array.from({ length: tokens }, (_, i) => token(i)).join("");

/** SSE frames (`data: {json}\n\n`), one per event, in stream order. */
export function buildFrames(threadId: string, tokens: number): string[] {
  const events: object[] = [
    { type: "RUN_STARTED", threadId, runId: RUN_ID },
    { type: "TEXT_MESSAGE_START", messageId: MESSAGE_ID, role: "assistant" },
    ...Array.from({ length: tokens }, (_, i) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: MESSAGE_ID, delta: token(i) })),
    { type: "TEXT_MESSAGE_END", messageId: MESSAGE_ID },
    { type: "RUN_FINISHED", threadId, runId: RUN_ID },
  ];
  return events.map((e) => `data: ${JSON.stringify(e)}\n\n`);
}

export interface Body {
  /** Encoded chunks, each holding `eventsPerChunk` whole frames. */
  chunks: Uint8Array[];
  /** How many TEXT_MESSAGE_CONTENT events each chunk carries (for pacing). */
  tokensPerChunk: number[];
  tokens: number;
  events: number;
  bytes: number;
  /** The text the stream spells out. */
  reply: string;
}

/** Builds the stream once and encodes it into chunks of `eventsPerChunk` events. */
export function buildBody(threadId: string, tokens: number, eventsPerChunk: number): Body {
  const frames = buildFrames(threadId, tokens);
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  const tokensPerChunk: number[] = [];
  for (let i = 0; i < frames.length; i += eventsPerChunk) {
    const slice = frames.slice(i, i + eventsPerChunk);
    chunks.push(encoder.encode(slice.join("")));
    tokensPerChunk.push(slice.filter((f) => f.includes('"TEXT_MESSAGE_CONTENT"')).length);
  }
  const bytes = chunks.reduce((n, c) => n + c.length, 0);
  return { chunks, tokensPerChunk, tokens, events: frames.length, bytes, reply: replyText(tokens) };
}

export type Delivery =
  /** As fast as the consumer reads, yielding a macrotask every `yieldEvery` chunks. */
  | { kind: "burst"; yieldEvery: number }
  /** Chunks released at `tokensPerMs` tokens per millisecond of wall time (a ~1 ms timer). */
  | { kind: "paced"; tokensPerMs: number };

/** setImmediate, not setTimeout(0): a yield that lets due timers (frames) run without the 1 ms clamp. */
const macrotask = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A `fetch` that answers every request with the body, delivered as `delivery` says. */
export function benchFetch(body: Body, delivery: Delivery): typeof fetch {
  return async (_input, init) => {
    const signal = init?.signal ?? undefined;
    let next = 0;
    let started = 0;
    let released = 0; // tokens handed out so far (paced)
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (signal?.aborted) return controller.error(signal.reason);
        if (next >= body.chunks.length) return controller.close();
        if (delivery.kind === "burst") {
          if (next > 0 && next % delivery.yieldEvery === 0) await macrotask();
        } else {
          if (next === 0) started = performance.now();
          // Wait until the wall clock says this chunk's tokens are due.
          while ((performance.now() - started) * delivery.tokensPerMs < released) await sleep(1);
          released += body.tokensPerChunk[next]!;
        }
        controller.enqueue(body.chunks[next++]!);
      },
    });
    return new Response(stream, { status: 200, headers: { "content-type": "text/event-stream" } });
  };
}
