import { type BaseEvent, EventType, type RunAgentInput } from "@ag-ui/core";
import { v4 as randomUUID } from "uuid";
import { loadOnce } from "../util/loadOnce.js";
import type { AgentClient } from "./agentClient.js";
import { readRun } from "./readRun.js";

/** rxjs's `from`, loaded with the first aside request. */
const loadRxjs = loadOnce(() => import("rxjs"));

/** What a request aside needs of a client: its transport and its thread's id. */
export type AsideClient = Pick<AgentClient, "transport" | "state">;

/**
 * Sends the agent a request that is not a turn of the chat: one run whose only payload is
 * `forwardedProps` (no messages, tools or state), read to its end. The thread is left as it was:
 * nothing is added to the messages, the status does not change, and the run is not serialized
 * with the chat's runs. Resolves with `RUN_FINISHED`'s `result`; rejects on `RUN_ERROR`, on a
 * stream that ends without `RUN_FINISHED`, and on any transport error. This is how a middleware
 * that answers such runs itself is reached, e.g. `@ag-ui/mcp-apps-middleware`'s
 * `forwardedProps.__proxiedMCPRequest`.
 */
export async function requestThroughAgent(
  client: AsideClient,
  forwardedProps: Record<string, unknown>,
  options: { signal?: AbortSignal } = {},
): Promise<unknown> {
  const transport = await client.transport;
  const controller = new AbortController();
  const abort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) abort();
  options.signal?.addEventListener("abort", abort, { once: true });
  const input: RunAgentInput = {
    threadId: client.state.threadId,
    runId: randomUUID(),
    messages: [],
    tools: [],
    context: [],
    state: {},
    forwardedProps,
  };
  const { from } = await loadRxjs(); // handles both kinds of transport: async iterables and observables
  let result: unknown;
  let refusal: string | undefined;
  try {
    // The chat's own reader: a stream that ends without RUN_FINISHED (or says nothing) fails as cut off.
    await readRun(from(transport.run(input, controller.signal)), controller.signal, (event) => {
      if (event.type === EventType.RUN_FINISHED) result = (event as BaseEvent & { result?: unknown }).result;
      else if (event.type === EventType.RUN_ERROR) refusal = (event as BaseEvent & { message?: string }).message ?? "no reason given";
    });
  } finally {
    options.signal?.removeEventListener("abort", abort);
    controller.abort(); // the answer is in (or failed): stop reading
  }
  if (options.signal?.aborted) throw options.signal.reason ?? new DOMException("The request was aborted.", "AbortError");
  if (refusal !== undefined) throw new Error(`The agent refused the request: ${refusal}`);
  return result;
}
