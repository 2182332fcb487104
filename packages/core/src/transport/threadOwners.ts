import { type BaseEvent, EventType, type Message, type RunAgentInput, type RunStartedEvent } from "@ag-ui/core";

/** What the verifier reads of a message it is told of: its id and kind, who owns it, its tool calls' ids. */
interface Known {
  id: string;
  role: string;
  subagentRunId?: string;
  toolCalls?: readonly { id: string }[];
}

/** The fields of the events whose owners are remembered here (each event has some of them). */
interface Opener {
  messageId?: string;
  toolCallId?: string;
  parentMessageId?: string;
  subagentRunId?: string;
  replace?: boolean;
  messages?: readonly Message[];
}

/** The verifier keeps owners per kind: an id is unique among messages, reasoning, activity or tool calls. */
const kindOf = (role: string) => (role === "reasoning" || role === "activity" ? role : "message");

/**
 * The thread's history, told to the official verifier so it holds every continuation to the
 * owner of what it continues. AG-UI 1.x (Subagents, Ownership): a consumer MUST reject a
 * continuation whose `subagentRunId` disagrees with its opener's. `verifyEvents` knows the
 * openers of the run it checks, and of the history only what a RUN_STARTED echoes: a run that
 * reopened a message of an earlier request, or of an earlier run on the same stream, under
 * another subagent's tag passed, and its text went into that subagent's message. So `tell`
 * makes each RUN_STARTED echo the messages the agent was sent and what the stream's earlier runs
 * opened, and `heard` gives the event back as the agent sent it and remembers what it opened.
 */
export function threadOwners(input: RunAgentInput): { tell(event: BaseEvent): BaseEvent; heard(event: BaseEvent): BaseEvent } {
  /** By kind and id, in the order first seen (the verifier takes the first it is told of an id). */
  const known = new Map<string, Known>();
  const know = (key: string, entry: Known, replace = false) => {
    if (replace || !known.has(key)) known.set(key, entry);
  };
  // Absent means the parent agent; a null from storage or the app is not sent to the verifier.
  const learn = (messages: readonly Message[], replace: boolean) => {
    for (const m of messages) {
      know(
        `${kindOf(m.role)} ${m.id}`,
        { id: m.id, role: m.role, subagentRunId: m.subagentRunId ?? undefined, ...("toolCalls" in m && { toolCalls: m.toolCalls }) },
        replace,
      );
    }
  };
  learn(input.messages, false);
  /** The RUN_STARTED events as the agent sent them, by the copy the verifier was given. */
  const sent = new WeakMap<BaseEvent, BaseEvent>();
  return {
    tell(event) {
      if (event.type !== EventType.RUN_STARTED) return event;
      const started = event as RunStartedEvent;
      const echoed = started.input?.messages ?? [];
      learn(echoed, false);
      const told = { ...started, input: { ...started.input, messages: [...echoed, ...known.values()] } } as BaseEvent;
      sent.set(told, event);
      return told;
    },
    heard(event) {
      const e = event as BaseEvent & Opener;
      const owner = e.subagentRunId;
      switch (event.type) {
        case EventType.TEXT_MESSAGE_START:
          know(`message ${e.messageId}`, { id: e.messageId!, role: "assistant", subagentRunId: owner });
          break;
        case EventType.REASONING_START:
        case EventType.REASONING_MESSAGE_START:
          know(`reasoning ${e.messageId}`, { id: e.messageId!, role: "reasoning", subagentRunId: owner });
          break;
        case EventType.TOOL_CALL_START: {
          // A call belongs to the message that holds it: its parent, or the one the reducer makes under the call's id.
          const holder = e.parentMessageId ?? e.toolCallId!;
          const held = owner ?? known.get(`message ${holder}`)?.subagentRunId;
          know(`call ${e.toolCallId}`, { id: holder, role: "assistant", subagentRunId: held, toolCalls: [{ id: e.toolCallId! }] });
          break;
        }
        case EventType.ACTIVITY_SNAPSHOT:
          // Only a snapshot that replaces the activity makes it its producer's.
          know(`activity ${e.messageId}`, { id: e.messageId!, role: "activity", subagentRunId: owner }, e.replace !== false);
          break;
        case EventType.TOOL_CALL_RESULT:
          know(`message ${e.messageId}`, { id: e.messageId!, role: "tool", subagentRunId: owner }, true);
          break;
        case EventType.MESSAGES_SNAPSHOT:
          learn(e.messages ?? [], true);
          break;
      }
      return sent.get(event) ?? event;
    },
  };
}
