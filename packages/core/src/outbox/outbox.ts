import type { InputContent, Message } from "@ag-ui/core";
import { v4 as randomUUID } from "uuid";
import type { RunLoop } from "../run/runLoop.js";
import type { ThreadStore } from "../store/createThreadStore.js";
import { type BackoffOptions, backoffDelay } from "../transport/backoff.js";
import type { AgentError, OutboxItem, ThreadState } from "../types.js";
import { MAX_OUTBOX_REMOVED } from "./mergeOutbox.js";
import { browserNetwork, type OutboxNetwork } from "./network.js";
import { released } from "./released.js";

/** What starts a look at the outbox: a run ended here, the browser came back online, or the user said to send on. */
export type OutboxTrigger = "settled" | "online" | "force";

/**
 * Decides which tab sends an outbox item when several show the thread: calls `send` when this
 * one does, `sentElsewhere` when another tab already did, neither when it is not the time (a
 * run goes on elsewhere). The default sends at once; a `ThreadRuntime` with a storage sets one
 * that takes a lock and reads the stored thread first (see `claimAcrossTabs`).
 */
export type OutboxClaim = (item: { id: string; trigger: OutboxTrigger }, send: () => void, sentElsewhere: () => void) => Promise<void>;

/** What the outbox needs from the client that owns it. */
export interface OutboxHost {
  readonly store: ThreadStore;
  onRun(listener: () => void): () => void;
  onEvent(listener: () => void): () => void;
}

/** How many removals the outbox remembers (tombstones for the stored thread). */
const REMOVED_KEPT = MAX_OUTBOX_REMOVED;

/**
 * The messages a user sent that cannot go yet, kept in `state.outbox` in the order they go out.
 * Sent while a run goes on, a message is `queued` and goes when the run ends, one run each, in
 * order. Sent offline, or cut off by a connection that failed before the agent answered, it is
 * `waiting` and goes when the browser is back online. A Stop or an error makes `queued` ones
 * `held`: they go when the user sends on (`sendOn`, Retry, or a new message). A connection
 * refused while the browser is online (the agent is down, not the device) makes them
 * `unreachable`: tried again after a growing, jittered wait (`backoffDelay`) while online, at
 * once on `sendOn`, and `waiting` if the browser goes offline meanwhile. Framework-free: the UI
 * reads `state.outbox` and calls `remove` and `sendOn`.
 */
export class Outbox {
  /** Which tab sends an item (see `OutboxClaim`). @internal */
  claim: OutboxClaim = async (_item, send) => send();
  /** The waits between tries while the agent cannot be reached: 1 s doubling to 30 s, up to half left to chance. @internal */
  backoff: BackoffOptions = { delayMs: 1_000, maxDelayMs: 30_000, jitter: 0.5 };
  /** The tries of an unreachable agent since it last answered. */
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Ids of messages the user removed unsent: tombstones a storage keeps, so another tab's copy does not bring them back. */
  private readonly removedIds: string[] = [];
  /** The promises `send` returned, settled when their message's run ends or the message is removed. */
  private readonly pending = new Map<string, () => void>();
  /** Messages this outbox put in the thread: those a failed connection may take back. */
  private readonly delivered = new Set<string>();
  /** The current run got an event from the agent: its failure is not a connection that never opened. */
  private answered = false;
  private claiming = false;
  private disposed = false;
  private readonly cleanups: (() => void)[];
  /** Where it hears the device is offline, and back online (null: never waits). @internal */
  readonly network: OutboxNetwork | null;

  /** @internal made by its `AgentClient` */
  constructor(
    private readonly host: OutboxHost,
    private readonly loop: RunLoop,
    /** A new message supersedes a regeneration (see `Branching.forget`). */
    private readonly forget: () => void,
    /** Default: the browser's (`browserNetwork`); false: never wait for the network. */
    network?: OutboxNetwork | false,
  ) {
    this.network = network === false ? null : (network ?? browserNetwork());
    this.cleanups = [
      host.onRun(() => {
        this.answered = false;
      }),
      host.onEvent(() => {
        this.answered = true;
        this.retries = 0;
      }),
      this.network?.onOnline(() => this.drain("online")) ?? (() => {}),
    ];
  }

  private get state(): ThreadState {
    return this.host.store.getState();
  }

  /** Sends a user message now, or keeps it until it can go; resolves when its run ends (or it is removed). */
  send(content: string | InputContent[]): Promise<void> {
    const online = this.network?.online ?? true;
    const id = randomUUID();
    // While a question waits for the user (the loop is busy waiting), a message answers it: it goes now.
    const replying = this.loop.busy && this.state.status === "running";
    // While another tab's run is followed, it waits for that run to end (see `RunOwner`).
    if (online && this.state.outbox.length === 0 && !replying && !this.loop.following) return this.deliver(id, content);
    const item: OutboxItem = { id, content, state: online ? "queued" : "waiting" };
    // Sending again is sending on: what a Stop or an error held goes first.
    this.update((items) => [...items.map(released), item]);
    const sent = new Promise<void>((resolve) => this.pending.set(id, resolve));
    this.drain(online ? "online" : "settled");
    return sent;
  }

  /** Takes a message out of the outbox unsent. */
  remove(id: string): void {
    if (!this.state.outbox.some((i) => i.id === id)) return;
    this.removedIds.push(id);
    if (this.removedIds.length > REMOVED_KEPT) this.removedIds.splice(0, this.removedIds.length - REMOVED_KEPT);
    this.update((items) => items.filter((i) => i.id !== id));
    this.settle(id);
  }

  /** Takes out a message another tab sent: no tombstone, as a refused connection may give it back. */
  private drop(id: string): void {
    this.update((items) => items.filter((i) => i.id !== id));
    this.settle(id);
  }

  /** The ids of the messages removed unsent here, the latest last (at most 100). @internal */
  get removed(): readonly string[] {
    return this.removedIds;
  }

  /** Sends what waits now, in order, whatever held it (a Stop, an error, the connection). */
  sendOn(): void {
    this.stopRetrying();
    this.update((items) => items.map((i) => (i.state === "queued" ? i : { ...i, state: "queued" })));
    this.drain("force");
  }

  /** A Stop: what was queued behind the run stays, held until the user sends on. @internal */
  hold(): void {
    this.update((items) => items.map((i) => (i.state === "queued" ? { ...i, state: "held" } : i)));
  }

  /** Retry: what an error held goes after the retried run. @internal */
  resume(): void {
    this.update((items) => items.map(released));
  }

  /** Sends the first message waiting, if `trigger` lets it go and the thread is free. @internal */
  drain(trigger: OutboxTrigger = "settled"): void {
    const s = this.state;
    const item = s.outbox[0];
    if (!item || this.claiming || this.disposed || this.loop.busy) return;
    if (trigger !== "force") {
      if (s.status !== "idle" || item.state === "held") return;
      const offline = this.network?.online === false;
      // Waiting for the network: goes whenever the browser is online (the next of several sent offline
      // goes after the first one's run, not only on an online event). Unreachable: after its wait.
      if (item.state === "waiting" && offline) return;
      if (item.state === "unreachable" && (trigger !== "online" || offline)) return;
    }
    this.claiming = true;
    const taken = this.claim(
      { id: item.id, trigger },
      () => this.take(item.id),
      () => this.drop(item.id),
    );
    void taken.then(
      () => this.claimed(item.id),
      () => this.claimed(item.id),
    );
  }

  /** Stops for good: nothing more is sent, and every promise `send` returned settles. @internal */
  dispose(): void {
    this.disposed = true;
    this.stopRetrying();
    for (const cleanup of this.cleanups) cleanup();
    for (const id of [...this.pending.keys()]) this.settle(id);
  }

  private claimed(id: string): void {
    this.claiming = false;
    // Removed or sent elsewhere meanwhile: the next one may go.
    if (!this.state.outbox.some((i) => i.id === id)) this.drain();
  }

  private take(id: string): void {
    const item = this.state.outbox.find((i) => i.id === id);
    // Decided before this tab began to follow another tab's run: it stays, and goes when that run
    // ends (`AgentClient.follow(false)` drains). Delivered now, it would start a run behind the
    // other tab's, and that tab's next saved copy, shown here, would take it out of the thread.
    if (!item || this.disposed || this.loop.following) return;
    void this.deliver(id, item.content).then(() => this.settle(id));
  }

  /** Appends the message (out of the outbox) and runs the agent; questions left open are cancelled. */
  private deliver(id: string, content: string | InputContent[]): Promise<void> {
    const message: Message = { id, role: "user", content };
    this.delivered.add(id);
    this.forget();
    this.loop.closeOpenQuestions(); // a new message answers nothing that was asked: cancelled
    // Queued before the message is published (React renders it in a microtask): the request leaves first.
    const run = this.loop.enqueue({});
    // Running from the moment the message is sent, so the UI can offer Stop at once.
    this.host.store.update((s) => ({
      ...s,
      messages: [...s.messages, message],
      outbox: s.outbox.filter((i) => i.id !== id),
      interrupts: [],
      status: "running",
      error: null,
    }));
    return run;
  }

  /**
   * A run failed. A connection that failed before the agent said anything, in a browser that
   * tells when it is back online, gives its unanswered messages back to the outbox: `waiting`
   * for the network when the browser is offline, `unreachable` and tried again after a wait when
   * it is online (the agent is down); any other failure holds what was queued. Told by the run
   * loop before it shows the error (a request's error, a tool with no follow-up), after it (the
   * agent's `RUN_ERROR`), and by a thread restored in an error. Returns true when it kept the
   * messages: there is then no error to show, only the outbox waiting. @internal
   */
  runFailed(error: AgentError): boolean {
    const s = this.state;
    const unanswered = trailing(s.messages, this.delivered);
    if (!this.network || error.kind !== "network" || this.answered || unanswered.length === 0) {
      this.hold();
      return false;
    }
    const state = this.network.online ? "unreachable" : "waiting";
    const waiting = unanswered.map((m): OutboxItem => ({ id: m.id, content: m.content as OutboxItem["content"], state }));
    this.host.store.update((t) => ({
      ...t,
      messages: t.messages.slice(0, t.messages.length - unanswered.length),
      outbox: [...waiting, ...t.outbox],
      status: "idle",
      error: null,
    }));
    if (state === "unreachable") this.retryLater();
    return true;
  }

  /** Tries the unreachable agent again after the next wait of the backoff (while online). */
  private retryLater(): void {
    this.stopRetrying();
    this.retries++;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        if (this.disposed) return;
        // Offline meanwhile: the device, not the agent, is what to wait for now.
        if (this.network?.online === false) {
          this.update((items) => items.map((i) => (i.state === "unreachable" ? { ...i, state: "waiting" } : i)));
          return;
        }
        this.drain("online");
      },
      backoffDelay(this.retries, this.backoff),
    );
  }

  private stopRetrying(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private update(recipe: (items: OutboxItem[]) => OutboxItem[]): void {
    this.host.store.update((s) => {
      const outbox = recipe(s.outbox);
      return outbox.length === s.outbox.length && outbox.every((item, i) => item === s.outbox[i]) ? s : { ...s, outbox };
    });
  }

  private settle(id: string): void {
    this.pending.get(id)?.();
    this.pending.delete(id);
  }
}

/** The user messages at the end of the thread that this outbox sent (nothing answered them). */
function trailing(messages: readonly Message[], delivered: ReadonlySet<string>): Message[] {
  let start = messages.length;
  while (start > 0 && messages[start - 1]!.role === "user" && delivered.has(messages[start - 1]!.id)) start--;
  return messages.slice(start);
}
