import type { BaseEvent, Message, RunAgentInput } from "@ag-ui/core";
import type { AttachmentKind } from "../types.js";
import { postJson } from "./http.js";
import { sseData } from "./sse.js";
import type { HttpOptions, Transport } from "./types.js";

/** Turns one run's frames of a dialect into AG-UI events. */
export interface FrameMapper {
  /** Events before the first frame (RUN_STARTED). */
  start(): BaseEvent[];
  /** The events one parsed JSON frame of the stream stands for (possibly none). */
  frame(frame: unknown): BaseEvent[];
  /**
   * Events for the stream's end. A dialect whose frames say where the run ends returns none, so a
   * stream cut before that is truncated (AG-UI 1.x: no RUN_FINISHED is made up for a run whose end
   * never came); one whose wire has no end of its own (AG-Kit) closes the run here.
   */
  end(): BaseEvent[];
}

/** What `jsonStreamTransport` needs to know about a JSON dialect: where to POST, the body, and how to map frames. */
export interface JsonDialect {
  /** Where runs are POSTed. */
  endpoint: string;
  /** The request body, given the run and the messages the server has not seen yet. */
  body(input: RunAgentInput, unsent: Message[]): unknown;
  /** A fresh mapper per run; `remember` marks a message the server streamed as known to it. */
  mapper(input: RunAgentInput, remember: (id: string) => string): FrameMapper;
  /** The attachments its body can carry in a user message (absent: every kind). */
  attachmentKinds?: readonly AttachmentKind[];
}

/**
 * A dialect that POSTs its own JSON body and streams JSON frames over SSE, for servers that keep
 * the conversation themselves: each request carries only the messages the server has not seen.
 * This is the one way to add such a dialect: describe its body and its frames.
 */
export function jsonStreamTransport(options: HttpOptions, dialect: JsonDialect): Transport {
  /** Ids of messages the server has: sent in an earlier request, or streamed by it. */
  const known = new Set<string>();
  const remember = (id: string) => {
    known.add(id);
    return id;
  };
  return {
    ...(dialect.attachmentKinds && { attachmentKinds: dialect.attachmentKinds }),
    async *run(input, signal, hooks) {
      const unsent = input.messages.filter((m) => !known.has(m.id));
      const response = await postJson(options, dialect.endpoint, dialect.body(input, unsent), "text/event-stream", signal);
      const mapper = dialect.mapper(input, remember);
      yield* mapper.start();
      for await (const data of sseData(response)) {
        let frame: unknown;
        try {
          frame = JSON.parse(data);
        } catch {
          if (data.trim() !== "[DONE]") {
            console.warn(`[tandem] skipped a frame that is not JSON: ${data.slice(0, 120)}`);
            hooks?.diagnose?.({ rule: "frame.not-json", frame: data });
          }
          continue;
        }
        yield* mapper.frame(frame);
      }
      yield* mapper.end();
      // Only a run that went through tells us the server has these messages now.
      for (const m of unsent) known.add(m.id);
    },
  };
}

/** Text of a message's content, whatever its shape. */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => (p && typeof p === "object" && "text" in p ? String(p.text) : "")).join("");
  return content == null ? "" : JSON.stringify(content);
}
