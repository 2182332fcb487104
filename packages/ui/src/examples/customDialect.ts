import { type BaseEvent, jsonStreamTransport, type Transport } from "@tandem/core";

/**
 * A server that takes `{ question }` and streams `data: {"text": "…"}` frames, then
 * `data: {"done": true}`. Its answers become AG-UI events; everything else comes for free.
 */
export function askDialect(url: string): Transport {
  return jsonStreamTransport(
    { url },
    {
      endpoint: url,
      body: (_input, unsent) => ({ question: unsent.findLast((m) => m.role === "user")?.content }),
      mapper: (input, remember) => {
        const messageId = remember(crypto.randomUUID());
        const run = { threadId: input.threadId, runId: input.runId };
        let done = false;
        return {
          start: () =>
            [
              { type: "RUN_STARTED", ...run },
              { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
            ] as BaseEvent[],
          frame: (frame) => {
            const f = frame as { text?: string; done?: boolean };
            if (f.done) done = true;
            return f.text ? [{ type: "TEXT_MESSAGE_CONTENT", messageId, delta: f.text } as BaseEvent] : [];
          },
          // A stream that stops without `done` stays unfinished, and Tandem reports it as cut off.
          end: () =>
            done
              ? ([
                  { type: "TEXT_MESSAGE_END", messageId },
                  { type: "RUN_FINISHED", ...run },
                ] as BaseEvent[])
              : [],
        };
      },
    },
  );
}
