import type { Context, Message } from "@ag-ui/core";
import type { FeedbackGiven } from "../feedback/types.js";
import type { OutboxNetwork } from "../outbox/network.js";
import type { Schedule } from "../store/frame.js";
import type { BackoffOptions } from "../transport/backoff.js";
import type { HttpOptions, Transport, TransportOptions } from "../transport/index.js";
import { requestStop, type StopRun } from "../transport/stopRequest.js";

/** What an `AgentClient` takes besides its transport: the thread, its starting data, and run settings. */
export interface ClientOptions {
  threadId?: string;
  /** The agent's id: `{agentId}` in the `stop` URL, and the agent runtime's runs URL. */
  agentId?: string;
  initialState?: unknown;
  initialMessages?: Message[];
  context?: Context[];
  forwardedProps?: Record<string, unknown>;
  /**
   * A URL POSTed when the user stops a run, for runtimes that keep running until told (with
   * `{threadId}`, `{runId}` and `{agentId}` filled in), e.g. CopilotKit's runtime:
   * `https://host/api/copilotkit/agent/{agentId}/stop/{threadId}`. Its body is `stopBody`'s.
   */
  stop?: string;
  /**
   * The JSON body of the `stop` request, made from the run being stopped. Default
   * `({ runId }) => ({ runId })`, the body CopilotKit's runtime accepts (it answers any other key
   * with 400); set it for a server that wants more, e.g.
   * `({ threadId, runId }) => ({ thread_id: threadId, run_id: runId })`.
   */
  stopBody?: (run: StopRun) => unknown;
  /**
   * How long after its last event a run cut by a page reload is read on when the thread is
   * restored (default 120,000 ms), with a transport that resumes streams. Older: the truncated
   * reply with Retry.
   */
  resumeWindowMs?: number;
  /** How streaming updates are batched; defaults to one publish per animation frame. */
  schedule?: Schedule;
  /** Aborting it stops the current run and any tool handlers, like `stop()`, for good. */
  signal?: AbortSignal;
  /**
   * How many requests and events `client.log` keeps, so an inspector or recorder that starts late
   * sees every run (e.g. 20,000). Default 0: none kept, and a recorder records from its start.
   */
  eventLog?: number;
  /**
   * How many diagnostics `client.diagnostics` keeps (e.g. 500): every frame the kit refuses,
   * repairs, de-duplicates or strips, and every answer a run's request did not expect, each with
   * the rule it broke, the frame as it came and what the kit did instead (the inspector's
   * Diagnostics lane). Default 0: off, and the code that records them is never loaded.
   */
  diagnostics?: number;
  /**
   * Where the client hears that the device is offline and back online, and that the page is
   * hidden and visible again. Messages sent offline, or whose connection failed before the agent
   * answered, wait in the outbox and go when it is back. A run whose stream dropped spends no
   * reconnecting try while offline or hidden, and tries at once when both are back; a run whose
   * reconnecting gave up is read on from where it stopped the next time the page becomes visible
   * or the device comes back online. Default: the browser's `navigator.onLine`,
   * `document.visibilityState` and their events (none outside a browser); `false` turns all this
   * waiting off (a failed connection is an error with Retry).
   */
  network?: OutboxNetwork | false;
  /**
   * The waits between tries while the browser is online but the agent cannot be reached (a
   * connection refused before any answer): the message stays in the outbox and is tried again
   * after each wait, and at once on "Send now". Default 1 s doubling to 30 s, up to half of each
   * wait left to chance (`jitter: 0.5`), so tabs that failed together do not retry together.
   */
  retry?: BackoffOptions;
  /**
   * Called when the user rates a reply, changes or takes back the rating (`rating: null`), or
   * adds a comment. The rating is kept with the thread whatever it does; a failure is a warning.
   */
  onFeedback?: (feedback: FeedbackGiven) => void | Promise<void>;
  /**
   * A URL POSTed with each rating as an AG-UI `CUSTOM` event named `tandem.feedback` whose value
   * is the `FeedbackGiven` (with `{threadId}` and `{agentId}` filled in). Default none: AG-UI has
   * no place for feedback, so nothing leaves the page unless the app says where.
   */
  feedback?: string;
}

/** A dialect's options (`url`, `protocol`…), or a transport of your own. */
export type AgentClientOptions = ClientOptions & (TransportOptions | { transport: Transport; url?: string });

/** Tells the server to stop a run where the options give a `stop` URL; null when they do not. */
export function stopOnServer(options: AgentClientOptions, threadId: string, runId: string): Promise<void> | null {
  const { stop, stopBody, agentId = "default", headers, fetch, credentials } = options as ClientOptions & Omit<HttpOptions, "url">;
  return stop ? requestStop(stop, { threadId, runId, agentId }, { headers, fetch, credentials }, stopBody) : null;
}
