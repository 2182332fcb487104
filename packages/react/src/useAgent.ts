import type {
  AgentClient,
  AgentError,
  AgentStatus,
  InputContent,
  Interrupt,
  Message,
  Metadata,
  RunStep,
  ThreadState,
  ToolCallView,
} from "@tandem/core";
import { useCallback, useMemo, useRef } from "react";
import { useAgentContext } from "./context.js";
import { useStoreSelector } from "./useStoreSelector.js";

/** The thread as `useAgent()` shows it; `isRunning` is `status === "running"`, `toolCalls` every call with its status. */
export interface AgentView {
  messages: Message[];
  status: AgentStatus;
  error: AgentError | null;
  threadId: string;
  isRunning: boolean;
  toolCalls: ToolCallView[];
  interrupts: Interrupt[];
  steps: RunStep[];
  state: unknown;
  /** The reply's connection dropped and is being restored (`status` stays "running"). */
  reconnecting: boolean;
  /**
   * Another tab owns the run going on and this one follows it read-only (no Stop, no tools run
   * here); it takes the run over if that tab goes away. Always false without Web Locks.
   */
  following: boolean;
}

/** What `useAgent()` can do to the thread: the `AgentClient` actions, stable across renders. */
export interface AgentActions {
  /** Appends a user message (text or content parts) and runs the agent. */
  sendMessage(content: string | InputContent[]): Promise<void>;
  /** Aborts the request and any tool handlers; the thread is left idle with what it had. */
  stop(): void;
  /** Runs again after an error, without the failed run's partial output. */
  retry(): Promise<void>;
  /** Asks again for a reply as a new version; the old one is kept (see `useBranches`). */
  regenerate(messageId?: string): Promise<void>;
  /** Sends an edited copy of a user message as a new version of that turn; the original is kept. */
  editMessage(messageId: string, content: string | InputContent[]): Promise<void>;
  /** Answers an open interrupt with `payload` (and `metadata` for its resume entry); once every open one is answered, a run resumes with the answers. */
  resolveInterrupt(interruptId: string, payload?: unknown, metadata?: Metadata): Promise<void>;
  /** Declines an open interrupt (with `metadata` for its resume entry); once every open one is answered, a run resumes with the answers. */
  cancelInterrupt(interruptId: string, metadata?: Metadata): Promise<void>;
  /** Sets the agent state from the app (a value, or a function of the previous one); it is sent with the next run. */
  setState(next: unknown | ((previous: unknown) => unknown)): void;
  /** Answers a human-in-the-loop tool call. */
  respond(toolCallId: string, result: unknown): void;
}

/** What `useAgent()` returns: the thread's fields (each read subscribes) and its actions. */
export type UseAgentResult = AgentView & AgentActions;

type ViewKey = keyof AgentView;
const VIEW_KEYS: readonly ViewKey[] = [
  "messages",
  "status",
  "error",
  "threadId",
  "isRunning",
  "toolCalls",
  "interrupts",
  "steps",
  "state",
  "reconnecting",
  "following",
];

function read(client: AgentClient, s: ThreadState, key: ViewKey): unknown {
  switch (key) {
    case "isRunning":
      return s.status === "running";
    case "toolCalls":
      return client.selectToolCalls(s);
    default:
      return s[key];
  }
}

/**
 * The thread and its actions. The component re-renders only for the fields it reads, like
 * TanStack Query's tracked results: a component that only calls `sendMessage` never re-renders
 * while text streams. Pass a selector to subscribe to a derived value instead.
 */
export function useAgent(): UseAgentResult;
export function useAgent<T>(selector: (state: ThreadState) => T, isEqual?: (a: T, b: T) => boolean): T;
export function useAgent<T>(selector?: (state: ThreadState) => T, isEqual?: (a: T, b: T) => boolean): UseAgentResult | T {
  const { client } = useAgentContext();
  const tracked = useRef(new Set<ViewKey>());
  const actions = useActions(client);
  const trackedEqual = useCallback(
    (a: ThreadState, b: ThreadState) => {
      for (const key of tracked.current) if (!Object.is(read(client, a, key), read(client, b, key))) return false;
      return true;
    },
    [client],
  );
  const state = useStoreSelector<ThreadState | T>(
    client.store,
    selector ?? ((s) => s),
    (selector ? isEqual : trackedEqual) as (a: ThreadState | T, b: ThreadState | T) => boolean,
  );
  if (selector) return state as T;
  const result = { ...actions } as UseAgentResult;
  for (const key of VIEW_KEYS) {
    Object.defineProperty(result, key, {
      enumerable: true,
      get() {
        // A field read for the first time may have changed while the render was skipped.
        const source = tracked.current.has(key) ? (state as ThreadState) : client.store.getState();
        tracked.current.add(key);
        return read(client, source, key);
      },
    });
  }
  return result;
}

function useActions(client: AgentClient): AgentActions {
  return useMemo(
    () => ({
      sendMessage: (content) => client.sendMessage(content),
      stop: () => client.stop(),
      retry: () => client.retry(),
      regenerate: (id) => client.regenerate(id),
      editMessage: (id, content) => client.editMessage(id, content),
      resolveInterrupt: (...answer) => client.resolveInterrupt(...answer),
      cancelInterrupt: (...answer) => client.cancelInterrupt(...answer),
      setState: (next) => client.setState(next),
      respond: (id, result) => client.respond(id, result),
    }),
    [client],
  );
}
