/**
 * The floors: the same bytes consumed by bare `@ag-ui/client`, without the kit.
 * - `runAgent`: HttpAgent.runAgent() with the history preloaded in `agent.messages`
 *   (parse, validate, and the client's own message reducer).
 * - `events`: the validated event stream alone (fetch, SSE parse, the same compatibility /
 *   enforce / chunk / verify stages the kit subscribes to), with no reducer at all.
 */
import { CompatibilityBoundary, enforceEvents, HttpAgent, transformChunks, verifyEvents } from "@ag-ui/client";
import type { Message, RunAgentInput } from "@tandem/core";

export const BENCH_URL = "http://bench.local/agent";

/** Resolves with the streamed reply's text. */
export async function floorRunAgent(threadId: string, history: Message[], fetch: typeof globalThis.fetch): Promise<string> {
  const agent = new HttpAgent({ url: BENCH_URL, fetch, threadId });
  agent.messages = history;
  await agent.runAgent();
  const last = agent.messages.at(-1);
  return typeof last?.content === "string" ? last.content : "";
}

/** Resolves with the concatenated deltas. */
export function floorEvents(threadId: string, history: Message[], fetch: typeof globalThis.fetch): Promise<string> {
  const agent = new HttpAgent({ url: BENCH_URL, fetch, threadId });
  const input: RunAgentInput = { threadId, runId: "bench-input", state: {}, messages: history, tools: [], context: [], forwardedProps: {} };
  let text = "";
  return new Promise((resolve, reject) => {
    new CompatibilityBoundary()
      .run(input, agent)
      .pipe(enforceEvents(), transformChunks(), verifyEvents())
      .subscribe({
        next: (event) => {
          if (event.type === "TEXT_MESSAGE_CONTENT") text += (event as unknown as { delta: string }).delta;
        },
        error: reject,
        complete: () => resolve(text),
      });
  });
}
