import type { ResumePoint } from "../storage/types.js";
import type { ThreadStore } from "../store/createThreadStore.js";
import type { RunHooks } from "../transport/types.js";
import type { ThreadState } from "../types.js";
import type { RunRequest } from "./runRequest.js";
import { runStart } from "./runStart.js";

/**
 * Where the open run's stream is, when its events have ids: what a reload reads on from, with
 * the thread as the run found it. Fed by the transport's hooks while the run's stream is open.
 */
export class StreamPosition {
  /** The last event id read, with the run's first. */
  private point: ResumePoint | null = null;
  /** The thread as the open run found it (state and messages), for `resumePoint.before`. */
  private startedWith: Pick<ThreadState, "state" | "messages"> | null = null;
  /** The server answered a resume by starting over: its streams are not resumed again. */
  private notContinued = false;

  constructor(private readonly store: ThreadStore) {}

  /** The resume point of the open run, or null when there is none (no run, or no event ids). */
  get resumePoint(): ResumePoint | null {
    if (!this.point || !this.startedWith) return this.point;
    return { ...this.point, before: runStart(this.startedWith, this.store.getState().messages) };
  }

  /** The server has not refused to read on in a run (by the thread's capabilities, or by starting over). */
  get resumable(): boolean {
    return this.store.getState().capabilities?.transport?.resumable !== false && !this.notContinued;
  }

  /** A run starts from the thread as it is now. */
  start(): void {
    const { state, messages } = this.store.getState();
    this.startedWith = { state, messages };
  }

  /** The run's stream is closed: there is nothing to read on from. */
  end(): void {
    this.point = null;
    this.startedWith = null;
    this.store.update((s) => (s.reconnecting ? { ...s, reconnecting: false } : s));
  }

  /** What the transport reports of a run's stream: reconnects (to the store) and event ids (the resume point). */
  hooks(runId: string, resumeRun: RunRequest["resumeRun"]): RunHooks {
    const { store } = this;
    return {
      ...(resumeRun && { resumeAfter: resumeRun.firstEventId }),
      resumable: this.resumable,
      onNotContinued: () => {
        this.notContinued = true;
      },
      onReconnecting: (reconnecting) => store.update((s) => (s.reconnecting === reconnecting ? s : { ...s, reconnecting })),
      onEventId: (lastEventId) => {
        const firstEventId = this.point?.firstEventId ?? resumeRun?.firstEventId ?? lastEventId;
        this.point = { runId, firstEventId, lastEventId, at: Date.now() };
      },
    };
  }
}
