import type { InputContent } from "@ag-ui/core";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { AgentClient } from "../run/agentClient.js";
import type { AgentStatus } from "../types.js";
import type { ComposerState, PendingAttachment } from "./types.js";

/** What a composer follows: the current thread's client, which changes with the thread. */
export interface ComposerHost {
  /** The current thread's client, which a draft is sent through. */
  client(): AgentClient;
  /** Calls `listener` when the current client may have changed; returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** Turns the files of a message into its parts (read, or the uploaded URLs); rejects with what to tell the user. */
export type EncodeAttachments = (attachments: readonly PendingAttachment[]) => Promise<InputContent[]>;

const EMPTY: ComposerState = { text: "", attachments: [] };

/**
 * The message being written (assistant-ui's `ComposerRuntime` is the model): its text and its
 * files, kept across thread changes, and the one owner of "a failed message comes back". What
 * is sent while no run goes on is kept until its run settles: if the run fails (the thread goes
 * to `error`; the actions never reject), or the thread was left before the files were read, the
 * files come back, and so does the text if the draft is empty. A message the outbox takes back
 * (a connection that failed before the agent answered) stays in the outbox and does not come
 * back. Retry resends the message still in the thread: the copy that came back goes away.
 * Framework-free: a UI reads `getState()`, listens with `subscribe`, and writes through the methods.
 */
export class ComposerRuntime {
  readonly store: StoreApi<ComposerState>;
  /** What was sent, kept until its run settles. */
  private sent: ComposerState | null = null;
  /** What came back after a failure, until Retry resends the message or the user sends again. */
  private restored: ComposerState | null = null;
  /** The client followed while a copy is kept, its status as last seen, and how to stop following. */
  private watched: AgentClient | null = null;
  private status: AgentStatus | null = null;
  private stopFollowingHost: (() => void) | null = null;
  private stopFollowingClient: (() => void) | null = null;

  constructor(private readonly host: ComposerHost) {
    this.store = createStore<ComposerState>()(() => EMPTY);
  }

  /** The draft now: its text and files. */
  getState(): ComposerState {
    return this.store.getState();
  }

  /** Calls `listener` on each change of the draft; returns an unsubscribe. */
  subscribe(listener: (state: ComposerState, previous: ComposerState) => void): () => void {
    return this.store.subscribe(listener);
  }

  /** Replaces the draft's text. */
  setText(text: string): void {
    if (text !== this.getState().text) this.store.setState({ text });
  }

  /** Replaces the draft's files, or changes them from what they are now. */
  setAttachments(next: readonly PendingAttachment[] | ((current: readonly PendingAttachment[]) => readonly PendingAttachment[])): void {
    const current = this.getState().attachments;
    const attachments = typeof next === "function" ? next(current) : next;
    if (attachments !== current) this.store.setState({ attachments });
  }

  /** Empties the draft (nothing is sent). */
  clear(): void {
    this.store.setState(EMPTY);
  }

  /**
   * Sends the draft as a user message through the current client and empties it. With files,
   * `encode` turns them into the message's parts first; if it rejects, the draft comes back and
   * the returned promise rejects with its reason. Resolves once the message is handed over.
   */
  send(encode?: EncodeAttachments): Promise<void> {
    const copy = this.getState();
    const client = this.host.client();
    // Sent while the agent replies, it waits in the outbox (shown there, with Remove): the failure
    // of the reply under way is not this message's to put back in the draft.
    this.sent = client.state.status === "running" ? null : copy;
    this.restored = null;
    this.follow();
    this.store.setState(EMPTY);
    if (copy.attachments.length === 0) {
      void client.sendMessage(copy.text);
      this.settleWatch();
      return Promise.resolve();
    }
    if (!encode) return this.failed(new Error("The draft has files and nothing to read them with."));
    return encode(copy.attachments).then(
      (media) => {
        // The user left the thread while the files were read: nothing is sent, the draft comes back.
        if (client.retired) this.restore();
        else void client.sendMessage([...(copy.text.trim() === "" ? [] : [{ type: "text", text: copy.text } as InputContent]), ...media]);
        this.settleWatch();
      },
      (error: unknown) => this.failed(error),
    );
  }

  /** Stops following the client (the composer is gone for good); the draft stays. */
  dispose(): void {
    this.sent = null;
    this.restored = null;
    this.settleWatch();
  }

  private failed(error: unknown): Promise<never> {
    this.restore();
    this.settleWatch();
    return Promise.reject(error);
  }

  /** Puts what was sent back: the files before those added since, the text if the draft is empty. */
  private restore(): void {
    const copy = this.sent;
    this.sent = null;
    if (copy === null) return;
    this.restored = copy;
    const { text, attachments } = this.getState();
    this.store.setState({
      text: text === "" ? copy.text : text,
      attachments: [...copy.attachments.filter((f) => !attachments.some((c) => c.id === f.id)), ...attachments],
    });
  }

  /** Follows the current client's status while a copy is kept: it decides what the copy becomes. */
  private follow(): void {
    this.stopFollowingHost ??= this.host.subscribe(() => this.heard());
    this.heard();
  }

  /** The status of the current client, read now (a listener may be told of states already replaced). */
  private heard(): void {
    const client = this.host.client();
    if (client !== this.watched) {
      this.stopFollowingClient?.();
      this.stopFollowingClient = client.store.subscribe(() => this.heard());
      this.watched = client;
      if (this.status === null) this.status = client.state.status;
    }
    const status = client.state.status;
    if (status === this.status) return;
    this.status = status;
    if (status === "error") this.restore();
    else if (status === "idle" || status === "awaiting-input") this.sent = null;
    else if (status === "running" && this.restored !== null) {
      // Retry resends the message still in the thread: the copy that came back goes away.
      const copy = this.restored;
      this.restored = null;
      const { text, attachments } = this.getState();
      this.store.setState({
        text: text === copy.text ? "" : text,
        attachments: attachments.filter((c) => !copy.attachments.some((f) => f.id === c.id)),
      });
    }
    this.settleWatch();
  }

  /** Nothing is kept any more: stop following. */
  private settleWatch(): void {
    if (this.sent !== null || this.restored !== null) return;
    this.stopFollowingHost?.();
    this.stopFollowingClient?.();
    this.stopFollowingHost = null;
    this.stopFollowingClient = null;
    this.watched = null;
    this.status = null;
  }
}
