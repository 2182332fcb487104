import { type BaseEvent, EventType } from "@ag-ui/core";
import type { Observable } from "rxjs";
import { isAbort, RunFailure } from "./errors.js";

const EMPTY_STREAM =
  "The agent answered with an empty stream. It may still be busy with an earlier run on this thread " +
  "(some runtimes refuse a second run until told to stop): set the `stop` option so Stop reaches the server.";
const CUT_OFF = "The connection closed before the agent finished its reply.";

/**
 * Reads one run's events into `onEvent` until the stream ends or `signal` aborts (which is not
 * a failure). A stream that says nothing, or ends without RUN_FINISHED or RUN_ERROR, fails as
 * truncated: a run is never taken as a success it did not report.
 */
export async function readRun(
  stream: Observable<BaseEvent> | Promise<Observable<BaseEvent>>,
  signal: AbortSignal,
  onEvent: (event: BaseEvent) => void,
): Promise<void> {
  // Subscribed in this turn when the stream is there: the request starts now.
  const events$ = stream instanceof Promise ? await stream : stream;
  if (signal.aborted) return;
  let count = 0;
  let open = false;
  let ended = false;
  try {
    await new Promise<void>((resolve, reject) => {
      const subscription = events$.subscribe({
        next: (event) => {
          count++;
          if (event.type === EventType.RUN_STARTED) open = true;
          if (event.type === EventType.RUN_FINISHED || event.type === EventType.RUN_ERROR) {
            open = false;
            ended = true;
          }
          onEvent(event);
        },
        error: reject,
        complete: resolve,
      });
      signal.addEventListener("abort", () => {
        subscription.unsubscribe();
        resolve();
      });
    });
  } catch (error) {
    if (!signal.aborted && !isAbort(error)) throw error;
  }
  if (signal.aborted) return;
  if (count === 0) throw new RunFailure({ kind: "truncated", message: EMPTY_STREAM });
  if (open || !ended) throw new RunFailure({ kind: "truncated", message: CUT_OFF });
}
