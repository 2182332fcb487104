import type { Message } from "@ag-ui/core";
import type { ThreadState } from "../types.js";
import type { ThreadStore } from "./createThreadStore.js";

/**
 * Per-message subscriptions over a thread store. A publish costs one pointer comparison per
 * message, and only the listeners of messages whose identity changed are called, so a token
 * streamed into one row wakes that row alone however long the thread is.
 */
export class MessageIndex {
  private messages: readonly Message[];
  private branches: ThreadState["branches"];
  private byId = new Map<string, Message>();
  private idList: readonly string[] = [];
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly idListeners = new Set<() => void>();
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly store: ThreadStore) {
    this.messages = store.getState().messages;
    this.branches = store.getState().branches;
    this.rebuild();
  }

  /** Ids in thread order; the same array until a message is added, removed or moved. */
  get ids(): readonly string[] {
    this.sync();
    return this.idList;
  }

  /** The message with this id as the store holds it now, or undefined. */
  get(id: string): Message | undefined {
    this.sync();
    return this.byId.get(id);
  }

  /** Calls `listener` when the message with this id changes identity; returns an unsubscribe. */
  subscribe(id: string, listener: () => void): () => void {
    let set = this.listeners.get(id);
    if (!set) {
      set = new Set();
      this.listeners.set(id, set);
    }
    set.add(listener);
    this.attach();
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(id);
      this.detachIfIdle();
    };
  }

  /** Called when the ids change, or the other versions of the thread's turns (`branches`) do. */
  subscribeIds(listener: () => void): () => void {
    this.idListeners.add(listener);
    this.attach();
    return () => {
      this.idListeners.delete(listener);
      this.detachIfIdle();
    };
  }

  private attach(): void {
    this.unsubscribe ??= this.store.subscribe(() => this.sync(true));
  }

  private detachIfIdle(): void {
    if (this.listeners.size === 0 && this.idListeners.size === 0) {
      this.unsubscribe?.();
      this.unsubscribe = undefined;
    }
  }

  /** Changes seen by a read before the store's notification reached us; announced with it. */
  private dirty = new Set<string>();
  private idsDirty = false;

  private sync(notify = false): void {
    const state = this.store.getState();
    if (state.branches !== this.branches) {
      this.branches = state.branches;
      this.idsDirty = true;
    }
    const next = state.messages;
    const previous = this.messages;
    if (next !== previous) {
      this.messages = next;
      const changed: Message[] = [];
      let sameOrder = next.length === previous.length;
      for (let i = 0; i < next.length; i++) {
        const m = next[i]!;
        const old = previous[i];
        if (m === old) continue;
        if (old === undefined || old.id !== m.id) sameOrder = false;
        if (this.byId.get(m.id) !== m) changed.push(m);
      }
      if (sameOrder) for (const m of changed) this.byId.set(m.id, m);
      else this.rebuild();
      for (const m of changed) this.dirty.add(m.id);
      if (!sameOrder) this.idsDirty = true;
    }
    if (!notify) return;
    const dirty = this.dirty;
    const idsDirty = this.idsDirty;
    this.dirty = new Set();
    this.idsDirty = false;
    for (const id of dirty) for (const l of this.listeners.get(id) ?? []) l();
    if (idsDirty) for (const l of this.idListeners) l();
  }

  private rebuild(): void {
    this.byId = new Map(this.messages.map((m) => [m.id, m]));
    const ids = this.messages.map((m) => m.id);
    if (ids.length !== this.idList.length || ids.some((id, i) => id !== this.idList[i])) this.idList = ids;
  }
}
