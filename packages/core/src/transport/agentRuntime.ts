import { type BaseEvent, EventType, type RunAgentInput } from "@ag-ui/core";
import { agentRuntimeStorage } from "../storage/agentRuntimeStorage.js";
import { parseEvent } from "./agUi.js";
import { postJson } from "./http.js";
import { sseData } from "./sse.js";
import type { AgentRuntimeOptions, RunHooks, Transport } from "./types.js";

/** The agent runtime's run body: every message has `content`, frontend tools say so. */
export function agentRuntimeBody(
  input: RunAgentInput,
  config: Pick<AgentRuntimeOptions, "model" | "systemPrompt" | "config">,
): Record<string, unknown> {
  return {
    ...input,
    messages: input.messages.map((m) => ("content" in m && m.content !== undefined ? m : { ...m, content: "" })),
    tools: (input.tools ?? []).map((t) => ({ ...t, execute: "frontend" })),
    ...(config.model !== undefined && { model: config.model }),
    ...(config.systemPrompt !== undefined && { systemPrompt: config.systemPrompt }),
    ...(config.config !== undefined && { config: config.config }),
  };
}

/** The runtime sends reasoning messages with role "assistant"; AG-UI 1.0 requires "reasoning" (a repair told to `hooks.diagnose`). */
export function fixReasoningRole(event: BaseEvent, hooks?: RunHooks): BaseEvent {
  if (event.type === EventType.REASONING_MESSAGE_START && (event as { role?: string }).role !== "reasoning") {
    hooks?.diagnose?.({ rule: "agent-runtime.reasoning-role", frame: event });
    return { ...event, role: "reasoning" } as BaseEvent;
  }
  return event;
}

/**
 * An agent runtime's AG-UI endpoints (`url` is the base URL): runs at
 * `/v1/ag-ui/agents/{agentId}/runs`, history at `/v1/ag-ui/threads/{threadId}/messages`.
 */
export function agentRuntimeTransport(options: AgentRuntimeOptions): Transport {
  const base = options.url.replace(/\/$/, "");
  const runs = `${base}/v1/ag-ui/agents/${encodeURIComponent(options.agentId ?? "default")}/runs`;
  const history = agentRuntimeStorage(options);
  return {
    async *run(input, signal, hooks) {
      const response = await postJson(options, runs, agentRuntimeBody(input, options), "text/event-stream", signal);
      if (response.status === 202) {
        // A decision-only request was accepted with no stream: the run is done.
        await response.body?.cancel();
        yield { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent;
        yield { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent;
        return;
      }
      for await (const data of sseData(response)) yield fixReasoningRole(parseEvent(data), hooks);
    },

    /** Every page of the thread's stored messages, oldest first; none when the thread is unknown. */
    loadHistory: async (threadId, signal) => (await history.load(threadId, signal))?.messages ?? [],
  };
}
