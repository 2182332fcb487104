import { HttpAgent } from "@ag-ui/client";
import { type BaseEvent, EventType, type Message, type RunAgentInput } from "@ag-ui/core";
import { concat, defer, map, type Observable, of } from "rxjs";
import { fetchWithHeaders, type TransportConfig } from "./agUi.js";

interface HistoryPage {
  messages?: Message[];
  has_more?: boolean;
  next_cursor?: string | null;
}

/** The agent runtime's run body: every message has `content`, frontend tools say so. */
export function agentRuntimeBody(
  input: RunAgentInput,
  config: Pick<TransportConfig, "model" | "systemPrompt" | "config">,
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

/** The runtime sends reasoning messages with role "assistant"; AG-UI 1.0 requires "reasoning". */
export function fixReasoningRole(event: BaseEvent): BaseEvent {
  if (event.type === EventType.REASONING_MESSAGE_START && (event as { role?: string }).role !== "reasoning") {
    return { ...event, role: "reasoning" } as BaseEvent;
  }
  return event;
}

/**
 * An agent runtime's AG-UI endpoints (`url` is the base URL): runs at
 * `/v1/ag-ui/agents/{agentId}/runs`, history at `/v1/ag-ui/threads/{threadId}/messages`.
 */
export class AgentRuntimeTransport extends HttpAgent {
  private readonly base: string;
  /** A decision-only request was accepted with 202 and no stream. */
  private forwarded = false;

  constructor(private readonly config: TransportConfig) {
    const base = config.url.replace(/\/$/, "");
    const fetch = fetchWithHeaders(config);
    super({
      url: `${base}/v1/ag-ui/agents/${encodeURIComponent(config.agentId ?? "default")}/runs`,
      threadId: config.threadId,
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        this.forwarded = response.status === 202;
        // An empty SSE body: the run's events are synthesized below.
        return this.forwarded ? new Response("", { status: 200, headers: { "content-type": "text/event-stream" } }) : response;
      },
    });
    this.base = base;
  }

  protected override requestInit(input: RunAgentInput): RequestInit {
    return { ...super.requestInit(input), body: JSON.stringify(agentRuntimeBody(input, this.config)) };
  }

  override run(input: RunAgentInput): Observable<BaseEvent> {
    return concat(
      super.run(input).pipe(map(fixReasoningRole)),
      defer(() =>
        this.forwarded
          ? of(
              { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent,
              { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent,
            )
          : of(),
      ),
    );
  }

  /** Every page of the thread's stored messages, oldest first. */
  async loadHistory(threadId: string, signal: AbortSignal): Promise<Message[]> {
    const messages: Message[] = [];
    let cursor: string | null | undefined;
    do {
      const url = new URL(`${this.base}/v1/ag-ui/threads/${encodeURIComponent(threadId)}/messages`);
      if (cursor) url.searchParams.set("cursor", cursor);
      const response = await this.fetch(url.toString(), { headers: { ...this.headers, Accept: "application/json" }, signal });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // reported below
      }
      if (response.status === 404) return messages;
      if (!response.ok) throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status, payload: body });
      const page = body as HistoryPage;
      messages.push(...(page.messages ?? []));
      cursor = page.has_more ? page.next_cursor : undefined;
    } while (cursor);
    return messages;
  }
}
