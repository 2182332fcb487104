import {
  type AssistantMessage,
  aggregateTokenUsage,
  type BaseEvent,
  type Event,
  EventType,
  type Message,
  type Metadata,
  type ToolMessage,
} from "@ag-ui/core";
import type { DiagnosticRuleId } from "../diagnostics/types.js";
import { NO_DECISIONS } from "../interrupts/decisions.js";
import type { ThreadState } from "../types.js";
import { Draft, findMessageIndex, findToolCallOwner } from "./draft.js";
import { flatten } from "./flatten.js";
import { type ReducerParts, reducerParts } from "./reducerParts.js";
import { insertToolMessage, setToolStatus } from "./toolResults.js";
import { withMetadata } from "./withMetadata.js";

/** An empty, idle thread state for `threadId`, with any fields of `init` in place of the defaults. */
export function createThreadState(init: Partial<ThreadState> & { threadId: string }): ThreadState {
  return {
    messages: [],
    state: {},
    status: "idle",
    error: null,
    reconnecting: false,
    following: false,
    runId: null,
    steps: [],
    interrupts: [],
    toolCallStatus: {},
    lastOutcome: null,
    runToolCallIds: [],
    subagents: [],
    usage: { byRun: {}, thread: [] },
    capabilities: null,
    predictions: [],
    predictedFrom: null,
    branches: {},
    outbox: [],
    feedback: {},
    decisions: NO_DECISIONS,
    ...init,
  };
}

/**
 * The pure reducer: folds AG-UI events (already validated and with chunks expanded) into a
 * ThreadState. Returns `state` itself when nothing changed; otherwise a new state in which
 * every message, tool call and state slice the events did not touch keeps its identity.
 */
export function reduceEvents(state: ThreadState, events: readonly BaseEvent[]): ThreadState {
  return reduceWith(reducerParts, state, events);
}

/** `reduceEvents` for a single event. */
export function reduceEvent(state: ThreadState, event: BaseEvent): ThreadState {
  return reduceWith(reducerParts, state, [event]);
}

/**
 * `reduceEvents` with the less common work given (`reducerParts`): an `AgentClient`'s store
 * passes the parts that load with the validation pipeline, which every event of a run goes
 * through first, so an app's first load carries none of them. Without them, the events that
 * need them (patches, activity, snapshots, predictive state) are refused and warned about.
 * @internal
 */
export function reduceWith(parts: ReducerParts, state: ThreadState, events: readonly BaseEvent[]): ThreadState {
  if (events.length === 0) return state;
  const draft = new Draft(state);
  const argsGrew = new Set<string>();
  for (const event of events as readonly Event[]) {
    apply(draft, event, parts);
    if (event.type === EventType.TOOL_CALL_ARGS) argsGrew.add(event.toolCallId);
  }
  if (argsGrew.size > 0) parts?.applyPredictions(draft, argsGrew);
  return draft.state;
}

/** An event the parts apply, or refuse, met where they have not loaded. */
const notLoaded = (event: Event) =>
  console.warn(`[tandem] ${event.type} ignored: the code that applies it is not loaded yet (it loads with the client's first run)`);

/** An event not applied as sent, with the rule it broke: told to the parts (which warn and report it), or warned about where they have not loaded. */
function refuse(parts: ReducerParts, rule: DiagnosticRuleId, event: Event): void {
  if (parts) parts.refuse(rule, event);
  else notLoaded(event);
}

function apply(draft: Draft, event: Event, parts: ReducerParts): void {
  const s = draft.state;
  switch (event.type) {
    case EventType.RUN_STARTED: {
      s.runId = event.runId;
      s.status = "running";
      s.error = null;
      s.steps = [];
      s.runToolCallIds = [];
      s.lastOutcome = null;
      s.predictions = [];
      s.predictedFrom = null;
      for (const message of event.input?.messages ?? []) {
        if (findMessageIndex(s.messages, message.id) < 0) draft.messages.push(message);
      }
      return;
    }
    case EventType.RUN_FINISHED: {
      const outcome = event.outcome;
      s.lastOutcome = outcome?.type ?? "success";
      s.steps = [];
      if (event.usage && event.usage.length > 0) {
        const byRun = { ...s.usage.byRun, [event.runId]: event.usage };
        s.usage = { byRun, thread: aggregateTokenUsage(Object.values(byRun).flat()) };
      }
      if (outcome?.type === "interrupt") {
        s.interrupts = outcome.interrupts;
        s.status = "awaiting-input";
      } else {
        s.interrupts = [];
        s.status = "idle";
      }
      return;
    }
    case EventType.RUN_ERROR: {
      s.subagents = endSubagents(s.subagents, event.message);
      s.status = "error";
      s.error = { kind: "agent", message: event.message, ...(event.code !== undefined && { code: event.code }) };
      return;
    }
    case EventType.STEP_STARTED: {
      draft.own("steps").push({ name: event.stepName, status: "running" });
      return;
    }
    case EventType.STEP_FINISHED: {
      const steps = draft.own("steps");
      const i = steps.findLastIndex((step) => step.name === event.stepName && step.status === "running");
      if (i >= 0) steps[i] = { name: event.stepName, status: "finished" };
      return;
    }

    case EventType.TEXT_MESSAGE_START:
    case EventType.REASONING_MESSAGE_START: {
      const existing = findMessageIndex(s.messages, event.messageId);
      if (existing >= 0) {
        if (s.messages[existing]!.role === "activity") {
          refuse(parts, "message.unknown-target", event);
          return;
        }
        if (event.metadata !== undefined) withMetadata(draft.message(existing), event);
        return;
      }
      const message = (
        event.type === EventType.TEXT_MESSAGE_START
          ? { id: event.messageId, role: event.role ?? "assistant", content: "", ...(event.name !== undefined && { name: event.name }) }
          : { id: event.messageId, role: "reasoning", content: "" }
      ) as Message;
      if (event.subagentRunId != null) message.subagentRunId = event.subagentRunId;
      withMetadata(message, event);
      draft.messages.push(draft.adopt(message));
      return;
    }
    case EventType.TEXT_MESSAGE_CONTENT:
    case EventType.REASONING_MESSAGE_CONTENT: {
      const i = findMessageIndex(s.messages, event.messageId);
      if (i < 0 || s.messages[i]!.role === "activity") {
        refuse(parts, "message.unknown-target", event);
        return;
      }
      const message = draft.message(i) as { content?: unknown; metadata?: Metadata };
      message.content = `${typeof message.content === "string" ? message.content : ""}${event.delta}`;
      withMetadata(message, event);
      return;
    }
    case EventType.TEXT_MESSAGE_END:
    case EventType.REASONING_MESSAGE_END: {
      const i = findMessageIndex(s.messages, event.messageId);
      if (i < 0 || s.messages[i]!.role === "activity") return;
      flatten(s.messages[i]!.content);
      if (event.metadata !== undefined) withMetadata(draft.message(i), event);
      return;
    }
    case EventType.REASONING_ENCRYPTED_VALUE: {
      if (event.subtype === "tool-call") {
        const owner = findToolCallOwner(s.messages, event.entityId);
        if (owner >= 0) draft.toolCall(draft.message(owner), event.entityId)!.encryptedValue = event.encryptedValue;
      } else {
        const i = findMessageIndex(s.messages, event.entityId);
        if (i >= 0 && s.messages[i]!.role !== "activity") {
          (draft.message(i) as { encryptedValue?: string }).encryptedValue = event.encryptedValue;
        }
      }
      return;
    }

    case EventType.TOOL_CALL_START: {
      const { toolCallId, toolCallName, parentMessageId } = event;
      const owner = findToolCallOwner(s.messages, toolCallId);
      if (owner >= 0) {
        const call = draft.toolCall(draft.message(owner), toolCallId)!;
        call.function.name = toolCallName;
        withMetadata(call, event);
        return;
      }
      let index = parentMessageId === undefined ? -1 : findMessageIndex(s.messages, parentMessageId);
      if (index >= 0 && s.messages[index]!.role !== "assistant") {
        refuse(parts, "tool-call.parent", event);
        index = -2;
      }
      let message: AssistantMessage;
      if (index >= 0) {
        message = draft.message(index) as AssistantMessage;
      } else {
        message = draft.adopt({ id: index === -1 && parentMessageId ? parentMessageId : toolCallId, role: "assistant" });
        if (event.subagentRunId != null) message.subagentRunId = event.subagentRunId;
        draft.messages.push(message);
      }
      const call = draft.adopt({ id: toolCallId, type: "function" as const, function: { name: toolCallName, arguments: "" } });
      withMetadata(call, event);
      message.toolCalls = draft.adopt([...(message.toolCalls ?? []), call]);
      draft.own("runToolCallIds").push(toolCallId);
      setToolStatus(draft, toolCallId, "streaming");
      return;
    }
    case EventType.TOOL_CALL_ARGS: {
      const owner = findToolCallOwner(s.messages, event.toolCallId);
      if (owner < 0) {
        refuse(parts, "tool-call.unknown-target", event);
        return;
      }
      const call = draft.toolCall(draft.message(owner), event.toolCallId)!;
      call.function.arguments += event.delta;
      withMetadata(call, event);
      return;
    }
    case EventType.TOOL_CALL_END: {
      const owner = findToolCallOwner(s.messages, event.toolCallId);
      if (owner < 0) {
        refuse(parts, "tool-call.unknown-target", event);
        return;
      }
      flatten((s.messages[owner] as AssistantMessage).toolCalls?.find((call) => call.id === event.toolCallId)?.function.arguments);
      if (event.metadata !== undefined) withMetadata(draft.toolCall(draft.message(owner), event.toolCallId)!, event);
      if (s.toolCallStatus[event.toolCallId] === "streaming") setToolStatus(draft, event.toolCallId, "executing");
      return;
    }
    case EventType.TOOL_CALL_RESULT: {
      const { messageId, toolCallId, content } = event;
      const message = { id: messageId, toolCallId, role: event.role ?? "tool", content } as ToolMessage;
      if (event.subagentRunId != null) message.subagentRunId = event.subagentRunId;
      withMetadata(message, event);
      insertToolMessage(draft, message);
      setToolStatus(draft, toolCallId, "complete");
      return;
    }

    case EventType.STATE_SNAPSHOT: {
      s.state = event.snapshot;
      return;
    }
    case EventType.STATE_DELTA:
    case EventType.MESSAGES_SNAPSHOT:
    case EventType.ACTIVITY_SNAPSHOT:
    case EventType.ACTIVITY_DELTA:
      if (parts) parts.apply(draft, event);
      else notLoaded(event);
      return;
    case EventType.CUSTOM: {
      if (event.name !== "PredictState") return;
      const predictions = parts?.readPredictions(event.value);
      if (predictions) s.predictions = predictions;
      else refuse(parts, "predict-state.shape", event);
      return;
    }
    case EventType.SUBAGENT_STARTED: {
      const { subagentRunId: id, name, description, parentSubagentRunId, parentToolCallId } = event;
      s.subagents = [
        ...s.subagents.filter((a) => a.id !== id),
        {
          id,
          name,
          status: "running",
          ...(description != null && { description }),
          ...(parentSubagentRunId != null && { parentSubagentRunId }),
          ...(parentToolCallId != null && { parentToolCallId }),
        },
      ];
      return;
    }
    case EventType.SUBAGENT_FINISHED:
    case EventType.SUBAGENT_ERROR: {
      const i = s.subagents.findIndex((a) => a.id === event.subagentRunId);
      if (i < 0) return;
      const subagents = [...s.subagents];
      subagents[i] =
        event.type === EventType.SUBAGENT_ERROR
          ? { ...subagents[i]!, status: "failed", error: event.message }
          : {
              ...subagents[i]!,
              status: event.outcome?.type === "suspended" ? "suspended" : "finished",
              ...(event.result !== undefined && { result: event.result }),
            };
      s.subagents = subagents;
      return;
    }
    default:
      // RAW, REASONING_START/END: nothing to fold; unknown types are skipped.
      return;
  }
}

/** Subagents still running when their run ends without finishing them (an error, a stop, a drop): failed, with why. */
export function endSubagents(subagents: ThreadState["subagents"], reason: string): ThreadState["subagents"] {
  if (!subagents.some((a) => a.status === "running")) return subagents;
  return subagents.map((a) => (a.status === "running" ? { ...a, status: "failed", error: reason } : a));
}
