import { HttpAgent, runHttpRequest } from "@ag-ui/client";
import type { BaseEvent, Message, RunAgentInput } from "@ag-ui/core";
import { concat, concatMap, defer, from, type Observable, tap } from "rxjs";
import { fetchWithHeaders, type TransportConfig } from "./agUi.js";
import { sseJson } from "./sse.js";

/** Turns one run's frames of a dialect into AG-UI events. */
export interface FrameMapper {
  /** Events before the first frame (RUN_STARTED). */
  start(): BaseEvent[];
  frame(frame: unknown): BaseEvent[];
  /** Events that close the run when the stream ends without saying so. */
  end(): BaseEvent[];
}

/**
 * A dialect that POSTs its own JSON body and streams JSON frames over SSE, for servers that keep
 * the conversation themselves: each request carries only the messages the server has not seen.
 */
export abstract class JsonStreamTransport extends HttpAgent {
  /** Ids of messages the server has: sent in an earlier request, or streamed by it. */
  protected readonly known = new Set<string>();

  constructor(config: TransportConfig, endpoint: string) {
    super({ url: endpoint, fetch: fetchWithHeaders(config), threadId: config.threadId });
  }

  protected abstract body(input: RunAgentInput, unsent: Message[]): unknown;
  protected abstract mapper(input: RunAgentInput): FrameMapper;

  override run(input: RunAgentInput): Observable<BaseEvent> {
    return defer(() => {
      const unsent = input.messages.filter((m) => !this.known.has(m.id));
      const http$ = runHttpRequest(() =>
        this.fetch(this.url, {
          method: "POST",
          headers: { ...this.headers, "Content-Type": "application/json", Accept: "text/event-stream" },
          body: JSON.stringify(this.body(input, unsent)),
          signal: this.abortController.signal,
        }),
      );
      const mapper = this.mapper(input);
      const frames = sseJson(http$, (data) => {
        if (data.trim() !== "[DONE]") console.warn(`[tandem] skipped a frame that is not JSON: ${data.slice(0, 120)}`);
      });
      return concat(
        from(mapper.start()),
        frames.pipe(concatMap((frame) => mapper.frame(frame))),
        defer(() => from(mapper.end())),
      ).pipe(
        // Only a run that went through tells us the server has these messages now.
        tap({ complete: () => unsent.forEach((m) => this.known.add(m.id)) }),
      );
    });
  }

  /** Remembers a message the server streamed, so it is never sent back to it. */
  protected streamed(id: string): string {
    this.known.add(id);
    return id;
  }
}

/** Text of a message's content, whatever its shape. */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => (p && typeof p === "object" && "text" in p ? String(p.text) : "")).join("");
  return content == null ? "" : JSON.stringify(content);
}
