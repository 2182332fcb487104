import type { BaseEvent, RunAgentInput } from "@ag-ui/core";
import { v4 as randomUUID } from "uuid";
import type { AgentClient } from "./agentClient.js";

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
  const { from } = await import("rxjs"); // handles both kinds of transport: async iterables and observables
  let subscription: { unsubscribe(): void } | undefined;
  try {
    return await new Promise<unknown>((resolve, reject) => {
      subscription = from(transport.run(input, controller.signal)).subscribe({
        next(event: BaseEvent) {
          if (event.type === "RUN_FINISHED") resolve((event as BaseEvent & { result?: unknown }).result);
          else if (event.type === "RUN_ERROR")
            reject(new Error(`The agent refused the request: ${(event as BaseEvent & { message?: string }).message ?? "no reason given"}`));
        },
        error: (error: unknown) => reject(error),
        complete: () => reject(new Error("The agent's answer ended without RUN_FINISHED.")),
      });
    });
  } finally {
    options.signal?.removeEventListener("abort", abort);
    subscription?.unsubscribe();
    controller.abort(); // the answer is in (or failed): stop reading
  }
}
