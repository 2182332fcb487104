// The A2UI surfaces of one thread: the fold of its `a2ui-surface` activity messages (in thread
// order) and of the user's edits to the data models. Framework-free; one per client (a thread),
// made on first use and subscribed to by the surfaces on screen.
import type { AgentClient, Message } from "@tandem/react";
import { type A2uiFold, type A2uiMessage, fold, type LocalEdit } from "./operations.js";

/** The activity type `@ag-ui/a2ui-middleware` gives its `ACTIVITY_SNAPSHOT`s. */
export const A2UI_ACTIVITY_TYPE = "a2ui-surface";

/** A thread's surfaces, recomputed when its A2UI messages or the user's edits change. */
export class SurfaceStore {
  private edits: LocalEdit[] = [];
  private messages: readonly A2uiMessage[] = [];
  private current: A2uiFold = fold([]);
  private readonly listeners = new Set<() => void>();

  constructor(private readonly client: AgentClient) {}

  /** Subscribes to changes of the surfaces (and to the thread's store while anyone listens). */
  subscribe = (listener: () => void): (() => void) => {
    const stop = this.listeners.size === 0 ? this.client.store.subscribe(() => this.refresh()) : null;
    if (stop) this.stopStore = stop;
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopStore?.();
    };
  };

  /** The surfaces as of now. */
  get = (): A2uiFold => {
    this.refresh(false);
    return this.current;
  };

  /** Records the user's edit of a bound value (an input), after every operation seen so far. */
  edit(surfaceId: string, path: string, value: unknown): void {
    const after = this.messages.reduce((n, m) => n + (operationsCount(m.content) ?? 0), 0);
    const last = this.edits.at(-1);
    // Typing edits one path many times in a row: keep only the latest of them.
    const same = last && last.surfaceId === surfaceId && last.path === path && last.after === after;
    this.edits = [...(same ? this.edits.slice(0, -1) : this.edits), { surfaceId, path, value, after }];
    this.recompute();
  }

  private stopStore: (() => void) | undefined;

  private threadMessages: readonly Message[] | null = null;

  private refresh(notify = true): void {
    const all = this.client.store.getState().messages;
    if (all === this.threadMessages) return;
    this.threadMessages = all;
    const messages = a2uiMessages(all);
    if (sameMessages(messages, this.messages)) return;
    this.messages = messages;
    this.recompute(notify);
  }

  private recompute(notify = true): void {
    this.current = fold(this.messages, this.edits);
    if (notify) for (const listener of this.listeners) listener();
  }
}

const operationsCount = (content: unknown) =>
  typeof content === "object" && content !== null && Array.isArray((content as { a2ui_operations?: unknown }).a2ui_operations)
    ? (content as { a2ui_operations: unknown[] }).a2ui_operations.length
    : null;

function a2uiMessages(messages: readonly Message[]): A2uiMessage[] {
  const found: A2uiMessage[] = [];
  for (const m of messages)
    if (m.role === "activity" && m.activityType === A2UI_ACTIVITY_TYPE) found.push({ id: m.id, content: m.content });
  return found;
}

const sameMessages = (a: readonly A2uiMessage[], b: readonly A2uiMessage[]) =>
  a.length === b.length && a.every((m, i) => m.id === b[i]!.id && m.content === b[i]!.content);

const stores = new WeakMap<AgentClient, SurfaceStore>();

/** The surface store of a client (one per client, made on first use). */
export function surfaceStoreOf(client: AgentClient): SurfaceStore {
  let store = stores.get(client);
  if (!store) {
    store = new SurfaceStore(client);
    stores.set(client, store);
  }
  return store;
}
