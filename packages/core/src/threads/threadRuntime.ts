import { v4 as randomUUID } from "uuid";
import { createStore, type StoreApi } from "zustand/vanilla";
import { ComposerRuntime } from "../composer/composerRuntime.js";
import type { AgentClient } from "../run/agentClient.js";
import type { AgentClientOptions } from "../run/clientOptions.js";
import type { PersistOptions } from "../storage/persistThread.js";
import type { StoredThread, ThreadStorage } from "../storage/types.js";
import { loadOnce } from "../util/loadOnce.js";
import { clientKey, clientWithLatest } from "./agentOptions.js";
import { type Remember, rememberInLocalStorage } from "./remember.js";
import type { RunLocks } from "./runOwner.js";
import type { ThreadKeeper } from "./threadKeeper.js";
import type { Session, ThreadRuntimeState } from "./types.js";

/** The storage half of a runtime (`threadKeeper.ts`), a chunk of its own loaded with the first storage call. */
const loadKeeper = loadOnce(() => import("./threadKeeper.js"));

export type { ThreadRuntimeState } from "./types.js";

/** How a `ThreadRuntime` makes clients, where it keeps threads, and which thread it starts on. */
export interface ThreadRuntimeOptions {
  /**
   * The app's agent options (a dialect's, or a `transport`): each thread's client is made with
   * them, and `setOptions` changes them later. Either this or `createClient`.
   */
  agent?: AgentClientOptions;
  /** Makes the client of a thread (the app's agent options, with this thread's id); default: one made with `agent`. */
  createClient?: (threadId: string) => AgentClient;
  /** Where threads are kept; without one the current thread lives in memory only. */
  storage?: ThreadStorage;
  /** The thread to start on (e.g. from the URL; else `agent.threadId`); default: the remembered one, else a new one. */
  threadId?: string;
  /** A client made elsewhere for the first thread: it is stopped when left, never retired. */
  client?: AgentClient;
  /** Remembers the current thread across reloads (default: localStorage, where there is one). */
  remember?: Remember;
  /** How saves are paced (see `persistThread`). */
  persist?: Pick<PersistOptions, "debounceMs">;
  /**
   * The Web Locks that say which tab owns a thread's run (see `RunOwner`); default: the
   * browser's `navigator.locks`. Where there are none (Node, an older browser, jsdom), one owner
   * is assumed: every tab runs what it restores, as before ownership existed.
   */
  locks?: RunLocks;
  /**
   * This browser's id, saved with each run it runs (`ResumePoint.device`): another device that
   * opens the thread mid-run watches the run read-only instead of running it. Default `deviceId()`,
   * kept in localStorage (the same in every tab of a browser); tests give each "device" its own.
   */
  device?: string;
}

/**
 * Owns the current thread: its client and its persistence, and the list of threads beside it.
 * `create`, `switchTo` and `remove` are atomic: the run is stopped, the thread saved (or, when
 * removed, not), the old client retired so a late action on it is refused, then the next thread
 * is loaded, restored and kept. The order never depends on a framework's effects. Other tabs'
 * changes are followed: the list at once, the current thread while it is idle. The storage
 * half (list, persistence, other tabs) is a chunk loaded with the first storage call: without
 * a storage, none of it loads.
 */
export class ThreadRuntime {
  readonly store: StoreApi<ThreadRuntimeState>;
  readonly storage: ThreadStorage | null;
  /** The message being written, kept across thread changes (see `ComposerRuntime`). */
  readonly composer: ComposerRuntime;
  private readonly options: ThreadRuntimeOptions;
  private readonly remember: Remember;
  private session: Session | null = null;
  private unwatch: (() => void) | null = null;
  private keeper: Promise<ThreadKeeper | null> | null = null;
  /** The latest agent options (`setOptions`). */
  private agent: AgentClientOptions | undefined;
  /** What the current client was made for (`clientKey`): other options make a new one. */
  private madeFor: string;
  /** The thread the options last asked for (none yet: the first one asked for is made current); a change switches to it. */
  private askedFor: string | undefined;

  constructor(options: ThreadRuntimeOptions) {
    if (!options.agent && !options.createClient) throw new Error("ThreadRuntime needs `agent` options or `createClient`.");
    this.options = options;
    this.agent = options.agent;
    this.madeFor = options.agent ? clientKey(options.agent) : "";
    this.storage = options.storage ?? null;
    this.remember = options.remember ?? rememberInLocalStorage(`tandem:current-thread:${this.storage?.name ?? "default"}`);
    // Reads only: nothing is written, opened or fetched until `connect` (a render may make and drop this).
    const currentId =
      options.client?.state.threadId ??
      options.threadId ??
      options.agent?.threadId ??
      (this.storage && this.remember.get()) ??
      randomUUID();
    const client = options.client ?? this.createClient(currentId);
    this.store = createStore<ThreadRuntimeState>()(() => ({
      client,
      currentId,
      threads: [],
      loaded: false,
      storage: { kind: this.storage ? "saved" : "off" },
    }));
    this.composer = new ComposerRuntime({ client: () => this.client, subscribe: (listener) => this.store.subscribe(listener) });
  }

  get state(): ThreadRuntimeState {
    return this.store.getState();
  }

  get client(): AgentClient {
    return this.state.client;
  }

  /**
   * Takes the app's latest agent options (TanStack Query's `observer.setOptions` is the model):
   * what is read per request (headers, context, forwardedProps, `onFeedback`) is used from now
   * on; a change of what a client is made for (URL, dialect, agent id; see `clientKey`) gives
   * the current thread a new client, after the old one's final save; a new `threadId` makes that
   * thread current. The same options again change nothing, so a framework may call this after
   * every render.
   */
  setOptions(agent: AgentClientOptions): void {
    this.updateOptions(agent);
    const asked = agent.threadId;
    if (asked !== undefined && asked !== this.askedFor) {
      this.askedFor = asked;
      if (asked !== this.state.currentId) {
        this.switchTo(asked);
        return;
      }
    }
    this.askedFor = asked;
    if (clientKey(agent) !== this.madeFor) this.reopen();
  }

  /**
   * Takes the latest agent options for what is read per request only (headers, context,
   * forwardedProps, `onFeedback`), never making a client: safe where no state may change yet
   * (React's `useInsertionEffect`), with `setOptions` called after.
   */
  updateOptions(agent: AgentClientOptions): void {
    this.agent = agent;
    this.client.context = agent.context ?? [];
    this.client.forwardedProps = agent.forwardedProps ?? {};
  }

  /** Starts keeping the current thread and following the list; returns a function that stops (saving what is left). */
  connect(): () => void {
    if (this.client.retired) this.store.setState({ client: this.createClient(this.state.currentId) });
    if (this.storage) this.remember.set(this.state.currentId);
    this.attach();
    void this.refresh();
    this.unwatch = this.storage?.watch?.((id) => void this.kept().then((keeper) => keeper?.heard(id))) ?? null;
    return () => {
      this.unwatch?.();
      this.unwatch = null;
      this.detach("save");
    };
  }

  /** Starts a new, empty thread and makes it current; returns its id. */
  create(): string {
    const id = randomUUID();
    this.switchTo(id);
    return id;
  }

  /** Makes a thread current: a run on the one left is stopped and that thread saved first. */
  switchTo(id: string): void {
    if (id === this.state.currentId) return;
    this.open(id, "save");
  }

  /** A new client for the current thread (the agent's URL or dialect changed), after the old one's final save. */
  reopen(): void {
    this.open(this.state.currentId, "save");
  }

  /** Deletes a thread; deleting the current one discards it (no save) and moves to the most recent other, or a new one. */
  async remove(id: string): Promise<void> {
    this.store.setState((s) => ({ threads: s.threads.filter((t) => t.id !== id) }));
    if (id === this.state.currentId) this.discardCurrent();
    await (await this.kept())?.remove(id);
  }

  /** Gives a thread a title of its own (later saves keep it). */
  async rename(id: string, title: string): Promise<void> {
    await (await this.kept())?.rename(id, title);
  }

  /** Reads the list again. */
  async refresh(): Promise<void> {
    await (await this.kept())?.refresh();
  }

  /** The stored thread, or null (none yet, or unreadable: reported, and the thread starts empty). */
  async load(id: string): Promise<StoredThread | null> {
    if (!this.storage) return null;
    const storage = this.storage;
    // Read while the storage half's code loads; what it reads is checked there.
    const reading = Promise.resolve().then(() => storage.load(id));
    reading.catch(() => undefined);
    return (await this.kept())?.load(id, reading) ?? null;
  }

  /** Leaves the current thread (saving it) and stops following the list. */
  dispose(): void {
    this.unwatch?.();
    this.unwatch = null;
    this.detach("save");
  }

  /** A client for `threadId`, made with the latest agent options. */
  private createClient(threadId: string): AgentClient {
    if (this.agent) this.madeFor = clientKey(this.agent);
    return this.options.createClient?.(threadId) ?? clientWithLatest(() => this.agent!, threadId);
  }

  /** Leaves the current thread, then opens `id` with a new client. */
  private open(id: string, leave: "save" | "discard"): void {
    const connected = this.session !== null;
    this.detach(leave);
    if (this.storage) this.remember.set(id);
    this.store.setState({ currentId: id, client: this.createClient(id) });
    if (connected) this.attach();
  }

  /** Leaves the current thread unsaved (it was removed) for the most recent other one, or a new one. */
  private discardCurrent(): void {
    const { threads, currentId } = this.state;
    this.open(threads.find((t) => t.id !== currentId)?.id ?? randomUUID(), "discard");
  }

  /** Reads what the server and the storage keep of the current thread, then keeps it as it changes. */
  private attach(): void {
    const { client } = this;
    const controller = new AbortController();
    const session: Session = { client, controller, persistence: null, stored: false };
    this.session = session;
    void client.loadHistory(controller.signal);
    void client.loadCapabilities(controller.signal);
    // The validation code is a chunk of its own: fetch it now, so the first message need not wait.
    client.preload();
    if (!this.storage) return;
    const loading = this.load(client.state.threadId);
    // A message sent before the thread is read waits for it, and goes after what is stored.
    client.waitFor(loading);
    void Promise.all([this.kept(), loading]).then(([keeper, stored]) => {
      if (!controller.signal.aborted) keeper?.attach(session, stored);
    });
  }

  /** Leaves the current thread: stops its run, saves it (or discards it), and retires its client. */
  private detach(leave: "save" | "discard"): void {
    const session = this.session;
    this.session = null;
    if (!session) return;
    session.controller.abort();
    const { client, persistence } = session;
    if (leave === "discard") persistence?.discard();
    // Stopped before the last save: a thread left mid-reply is saved as stopped, not as cut off.
    client.stop();
    if (leave === "save") void persistence?.stop();
    if (client !== this.options.client) client.dispose();
  }

  /**
   * The storage half, loaded with the first storage call: null without a storage, or while its
   * code cannot be loaded (reported; the chat goes on in memory, and the next call tries again).
   */
  private kept(): Promise<ThreadKeeper | null> {
    const storage = this.storage;
    if (!storage) return Promise.resolve(null);
    const host = { store: this.store, session: () => this.session, discardCurrent: () => this.discardCurrent() };
    this.keeper ??= loadKeeper().then(
      ({ ThreadKeeper }) => new ThreadKeeper(host, storage, this.options),
      (error: unknown) => {
        this.keeper = null;
        this.store.setState({
          storage: { kind: "failed", message: `The chat could not be saved and is kept in memory only (${String(error)}).` },
        });
        return null;
      },
    );
    return this.keeper;
  }
}
