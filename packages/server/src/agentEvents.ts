import type { BaseEvent, RunAgentInput } from "@ag-ui/core";

/** What `@ag-ui/client`'s `AbstractAgent` offers (and any agent whose `run` returns an Observable). */
export interface RunnableAgent {
  /** Runs the agent: its events, as an Observable (or anything with the same `subscribe`). */
  run(input: RunAgentInput): EventSubscribable;
}

/** What `RunnableAgent.run` returns: an rxjs Observable, as far as this package uses it. */
export interface EventSubscribable {
  /** Starts the run; the observer gets its events, then `complete` or `error`. */
  subscribe(observer: { next(event: BaseEvent): void; error(error: unknown): void; complete(): void }): Unsubscribable;
}

/** A subscription, as far as this package uses it. */
export interface Unsubscribable {
  /** Stops the run's events (the run stopped for good). */
  unsubscribe(): void;
}

/** A run's events: an agent to run, or the events themselves (e.g. an async generator). */
export type EventSource = RunnableAgent | AsyncIterable<BaseEvent> | Iterable<BaseEvent>;

/** Whether a source is an agent to run (rather than the events themselves). */
export function isAgent(source: EventSource): source is RunnableAgent {
  return typeof (source as RunnableAgent).run === "function";
}

/** An agent's Observable as an async iterable (no rxjs needed); `signal` unsubscribes. */
export async function* agentEvents(agent: RunnableAgent, input: RunAgentInput, signal: AbortSignal): AsyncGenerator<BaseEvent> {
  const queue: BaseEvent[] = [];
  let done = false;
  let failure: { error: unknown } | null = null;
  let wake = () => {};
  const subscription = agent.run(input).subscribe({
    next: (event) => {
      queue.push(event);
      wake();
    },
    error: (error) => {
      failure = { error };
      wake();
    },
    complete: () => {
      done = true;
      wake();
    },
  });
  const stop = () => {
    done = true;
    wake();
  };
  signal.addEventListener("abort", stop, { once: true });
  try {
    for (;;) {
      while (queue.length > 0) yield queue.shift()!;
      if (failure) throw (failure as { error: unknown }).error;
      if (done) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    signal.removeEventListener("abort", stop);
    subscription.unsubscribe();
  }
}
