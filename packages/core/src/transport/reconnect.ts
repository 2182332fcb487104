import { type BaseEvent, EventType, type RunAgentInput } from "@ag-ui/core";
import { isAbort, RunFailure, toAgentError } from "../run/errors.js";
import { backoffDelay } from "./backoff.js";
import { canTry, pause } from "./deviceWait.js";
import { HttpError } from "./http.js";
import type { ReconnectOptions, RunHooks } from "./types.js";

// Only a run whose stream dropped needs it: it comes in this chunk, off the first page load.
export { readOnWhenBack } from "../run/readOnWhenBack.js";

/** One event as a connection delivers it, with its SSE `id:` when it has one. */
export interface IdentifiedEvent {
  event: BaseEvent;
  id?: string;
}

/** Opens the run's stream: the request itself (`lastEventId` null), or a resume after that event. */
export type OpenStream = (lastEventId: string | null, signal: AbortSignal) => Promise<AsyncIterable<IdentifiedEvent>>;

const NOT_CONTINUED = "The connection closed before the agent finished its reply, and the agent did not continue it.";
const GAVE_UP = "The connection closed before the agent finished its reply; reconnecting did not work.";

const isEnd = (event: BaseEvent) => event.type === EventType.RUN_FINISHED || event.type === EventType.RUN_ERROR;

/** A number at the end of an event id, and what comes before it: ids a server counts up. */
const COUNTED = /^(.*?)(\d+)$/;

/** Both ids end in a count after the same prefix, and `id`'s count is not past `than`'s. */
function notPast(id: string, than: string | null): boolean {
  const now = COUNTED.exec(id);
  const before = than === null ? null : COUNTED.exec(than);
  return !!now && !!before && now[1] === before[1] && BigInt(now[2]!) <= BigInt(before[2]!);
}

/**
 * The first event of a resumed stream shows the server read on in the run: it has an id, it is
 * not a new RUN_STARTED, and (where ids are counted) it is past the run's first event. A server
 * that ignores `Last-Event-ID` starts over instead.
 */
export function continues(event: BaseEvent, id: string | undefined, runFirst: string | null): boolean {
  return id !== undefined && event.type !== EventType.RUN_STARTED && !notPast(id, runFirst);
}

/** An event read already: its id was seen, or (where ids are counted) it is not past the last one read. */
export function readAlready(id: string, last: string | null, seen: ReadonlySet<string>): boolean {
  return seen.has(id) || notPast(id, last);
}

/** The failure of a resume the server did not continue, told to the run's diagnostics with what it answered (`frame`). */
function notContinued(hooks: RunHooks, frame: unknown): RunFailure {
  const failure = new RunFailure({ kind: "truncated", message: NOT_CONTINUED });
  hooks.diagnose?.({ rule: "resume.not-continued", frame, cause: failure });
  return failure;
}

/**
 * A run's events over connections that may drop (the client side of the resumable-stream
 * contract): when a stream ends before RUN_FINISHED/RUN_ERROR and its events had ids, the run
 * is opened again after the last id, with a doubling wait between tries, and reads on as one
 * stream. An event read already (its id seen, or a counted id not past the last one) is skipped,
 * after a reload too. A resume the server does not continue (a new RUN_STARTED first, a first id
 * not past the run's first, an HTTP 4xx, no ids, an empty answer) is not read on and fails as
 * truncated (`hooks.onNotContinued` is told of one that started over), as does giving up.
 * With `hooks.resumeAfter` (a reload), the run is read on from there after a RUN_STARTED made here.
 * With `hooks.network`, no try is spent while the device is offline or the page hidden: the loop
 * waits until it is online and visible and tries at once (the tries and the total time start
 * over then), and a backoff wait ends early when the device comes back online or the page visible.
 */
export async function* reconnectingEvents(
  open: OpenStream,
  input: RunAgentInput,
  signal: AbortSignal,
  hooks: RunHooks = {},
  options: ReconnectOptions | false = {},
): AsyncGenerator<BaseEvent> {
  const { tries = 6, delayMs = 500, maxDelayMs = 8_000, totalMs = 30_000 } = options || {};
  const seen = new Set<string>();
  let last = hooks.resumeAfter ?? null;
  /** The id of the run's first event: a resumed stream that is not past it started over. */
  let runFirst = last;
  let resuming = last !== null;
  const { network } = hooks;
  let attempt = 0;
  let droppedAt = 0;
  /** "Reconnecting…" was told and not taken back. */
  let reconnecting = false;
  const tell = (now: boolean) => {
    if (reconnecting === now) return;
    reconnecting = now;
    hooks.onReconnecting?.(now);
  };
  /** The last event read ended a run: the stream may end there (it may also hold another run). */
  let ended = false;
  if (resuming) yield { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent;
  for (;;) {
    let failure: unknown = null;
    let first = resuming;
    try {
      for await (const { event, id } of await open(resuming ? last : null, signal)) {
        // A resumed stream that starts over, or that has no ids, is not this run going on: it is
        // not read (none of its events applied again), and this server's streams are not resumed again.
        if (first && !continues(event, id, runFirst)) {
          hooks.onNotContinued?.();
          throw notContinued(hooks, id === undefined ? event : { id, event });
        }
        first = false;
        if (id !== undefined) {
          if (readAlready(id, last, seen)) {
            hooks.diagnose?.({ rule: "resume.duplicate", frame: { id, event } });
            continue;
          }
          seen.add(id);
          last = id;
          runFirst ??= id;
          hooks.onEventId?.(id);
        }
        tell(false);
        attempt = 0;
        ended = isEnd(event);
        yield event;
      }
    } catch (error) {
      if (signal.aborted || isAbort(error) || error instanceof RunFailure) throw error;
      if (error instanceof HttpError) {
        // The request itself failed as it does today; a resume answered 4xx is one not continued.
        if (!resuming) throw error;
        if (error.status < 500) throw notContinued(hooks, { status: error.status, body: error.payload });
      } else if (toAgentError(error).kind !== "network") throw error;
      failure = error;
    }
    if (signal.aborted || ended) return;
    // A resume answered in full with nothing: the server has nothing more of this run.
    if (first && failure === null) throw notContinued(hooks, "");
    // No ids (the server does not resume), or told not to: the truncated reply, as before.
    if (last === null || options === false || hooks.resumable === false) {
      if (failure) throw failure;
      return;
    }
    const cut = { lastEventId: last, ...(failure !== null && { error: (failure as Error).message }) };
    if (canTry(network)) {
      if (attempt === 0) droppedAt = Date.now();
      attempt++;
      const delay = backoffDelay(attempt, { delayMs, maxDelayMs });
      if (attempt > tries || Date.now() - droppedAt + delay > totalMs) {
        tell(false);
        const gaveUp = new RunFailure({ kind: "truncated", message: GAVE_UP });
        hooks.diagnose?.({ rule: "resume.gave-up", frame: cut, detail: `after ${attempt - 1} tries`, cause: gaveUp });
        hooks.onGaveUp?.();
        throw gaveUp;
      }
      hooks.diagnose?.({
        rule: "resume.dropped",
        frame: cut,
        instead: `Reconnecting with Last-Event-ID ${last} in ${delay} ms (try ${attempt}).`,
      });
      tell(true);
      if (!(await pause(delay, signal, network))) return;
    }
    // Offline or hidden (now, or once the wait was over): nothing could succeed, or nobody would
    // see it. No try is spent until the device is online and the page visible; then one goes at once.
    if (!canTry(network)) {
      hooks.diagnose?.({
        rule: "resume.dropped",
        frame: cut,
        instead: `Waiting for the device to be online and the page visible, then reconnecting with Last-Event-ID ${last}.`,
      });
      tell(true);
      if (!(await pause(null, signal, network))) return;
      attempt = 0;
    }
    resuming = true;
  }
}
