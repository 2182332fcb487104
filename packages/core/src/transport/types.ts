import type { AgentCapabilities, BaseEvent, Message, RunAgentInput } from "@ag-ui/core";
import type { Observable } from "rxjs";
import type { DiagnosticReport } from "../diagnostics/types.js";
import type { OutboxNetwork } from "../outbox/network.js";
import type { AttachmentKind } from "../types.js";

/**
 * How Tandem talks to an agent server: one method that runs the agent. Whatever the server
 * speaks, a transport yields AG-UI events; Tandem validates them with the official
 * `@ag-ui/client` pipeline, so a transport only translates.
 */
export interface Transport {
  /**
   * One run: the events as the server sends them. Stop reading when `signal` aborts. `hooks`
   * (optional to honour) let a transport that can resume streams report and resume them.
   */
  run(input: RunAgentInput, signal: AbortSignal, hooks?: RunHooks): AsyncIterable<BaseEvent> | Observable<BaseEvent>;
  /** The thread's stored messages, for servers that keep them. */
  loadHistory?(threadId: string, signal: AbortSignal): Promise<Message[]>;
  /** What the agent advertises, where the server says. */
  getCapabilities?(signal: AbortSignal): Promise<AgentCapabilities>;
  /**
   * The attachments the protocol can carry in a user message; absent means every kind (AG-UI
   * passes content parts through). A message with others is refused before it is sent.
   */
  readonly attachmentKinds?: readonly AttachmentKind[];
  /** The transport honours `RunHooks.resumeAfter`: a run cut by a reload can be read on. */
  readonly resumable?: boolean;
}

/** What the run loop tells a transport about one run, and hears back from it (resumable streams). */
export interface RunHooks {
  /** Read on in this run (same `runId`) after this event id instead of starting it: a run cut by a reload. */
  resumeAfter?: string;
  /** False when the agent advertised `capabilities.transport.resumable: false`: a drop is not resumed. */
  resumable?: boolean;
  /**
   * Whether the device is online and the page visible (the client's `network` option): a dropped
   * stream spends no try while either is not so, and tries at once when both are back. Absent or
   * null: not known, a drop is retried with the backoff alone.
   */
  network?: OutboxNetwork | null;
  /** True while a dropped stream is being reconnected, false once events flow again or it gave up. */
  onReconnecting?(reconnecting: boolean): void;
  /** The `id:` of each event as it arrives. */
  onEventId?(id: string): void;
  /**
   * Reconnecting a dropped stream gave up (its tries or its time ran out): told just before the
   * run fails as truncated, while the run's resume point is still known, so that the run can be
   * read on from it later (when the page is visible again or the device back online).
   */
  onGaveUp?(): void;
  /**
   * The server answered a resume by starting over (it ignores `Last-Event-ID`): told so that
   * later drops of its streams are not resumed (each resume would run the turn again there).
   */
  onNotContinued?(): void;
  /**
   * Present where the client keeps diagnostics (`diagnostics` option): tell it of a frame the
   * transport skips, repairs or de-duplicates, and of an answer it did not expect, with the rule
   * broken (`DiagnosticReport`). A transport of your own may call it too.
   */
  diagnose?(report: DiagnosticReport): void;
}

/**
 * How a dropped stream is reconnected (`Last-Event-ID`, see the guide "Resumable streams"):
 * tries with a doubling wait between them, within a total time. Tries start over once events flow again.
 */
export interface ReconnectOptions {
  /** Tries after a drop before giving up (default 6). */
  tries?: number;
  /** The wait before the first try, doubled for each next one (default 500 ms). */
  delayMs?: number;
  /** The longest wait between two tries (default 8,000 ms). */
  maxDelayMs?: number;
  /** Gives up once this long has passed since the drop (default 30,000 ms). */
  totalMs?: number;
}

/** Request headers: a fixed record, or a function (sync or async) that returns them before each request. */
export type HeadersOption = Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);

/** What every HTTP dialect takes. */
export interface HttpOptions {
  /** The endpoint (AG-UI, AG-Kit) or base URL (agent runtime, AgentScope). */
  url: string;
  /** Static headers, or a function called before every request (e.g. a fresh bearer token). */
  headers?: HeadersOption;
  /** The `fetch` used for every request (default the global one), e.g. to add retries or run in tests. */
  fetch?: typeof fetch;
  /**
   * Whether cookies go with every request: `"same-origin"` (fetch's default), or `"include"` for
   * an agent on another origin that knows its users by a session cookie (its CORS must then name
   * the page's origin and allow credentials).
   */
  credentials?: RequestCredentials;
}

/** Options for an AG-UI server (the default dialect): runs are POSTed to `url` and answered with AG-UI events over SSE or protobuf. */
export interface AgUiOptions extends HttpOptions {
  protocol?: "ag-ui";
  /** A URL that answers GET with the agent's `AgentCapabilities` (AG-UI names no standard place). */
  capabilities?: string;
  /**
   * How a stream that ends before RUN_FINISHED/RUN_ERROR is reconnected: the same request again
   * with `Last-Event-ID` (or GET `resume`). `false` never reconnects (the truncated reply and Retry).
   */
  reconnect?: ReconnectOptions | false;
  /**
   * Where a run is joined rather than POSTed again (servers that join runs through another
   * endpoint, LangGraph-style): a URL template with `{threadId}` and `{runId}`, fetched (GET)
   * with `Last-Event-ID`.
   */
  resume?: string;
  /**
   * Carry the runs over one WebSocket per thread instead of a request per run: the proposed AG-UI
   * WebSocket binding (guide "WebSocket"; `agentSocketHandler` of `@tandem/server` and the mock
   * agent serve it). `true` opens `url` with its scheme made `ws:`/`wss:`; a string is the socket's
   * URL. Dropped sockets are resumed as SSE streams are (`reconnect`), with the same fallbacks, and
   * Stop goes over the socket. A browser sends no `headers` with a socket (its cookies go with it).
   * Loaded on first use: apps that leave it unset never download it.
   */
  websocket?: boolean | string | WebSocketOptions;
}

/** The WebSocket transport's options in full (`AgUiOptions.websocket`). */
export interface WebSocketOptions {
  /** The socket's URL (default `url` with its scheme made `ws:`/`wss:`). */
  url?: string;
  /** The WebSocket class sockets are made with (default the global one), e.g. `ws`'s in Node. */
  WebSocket?: WebSocketConstructor;
}

/** What makes a socket: the browser's `WebSocket` class, or one like it. */
export type WebSocketConstructor = new (url: string, protocols: string) => WebSocket;

/** Options for AG-Kit's legacy send-message endpoint (`protocol: "ag-kit"`; `url` is the endpoint). */
export interface AgKitOptions extends HttpOptions {
  protocol: "ag-kit";
}

/** Options for an agent runtime server (`protocol: "agent-runtime"`); `url` is its base URL. */
export interface AgentRuntimeOptions extends HttpOptions {
  protocol: "agent-runtime";
  /** The agent to run: the `:agent_id` of the runs URL (default "default"). */
  agentId?: string;
  /** Overrides the agent's model for each run. */
  model?: string;
  /** Overrides the agent's system prompt for each run. */
  systemPrompt?: string;
  /** Per-run overrides (tool execution mode, chat options). */
  config?: Record<string, unknown>;
}

/** Options for an AgentScope server (`protocol: "agentscope"`); `url` is its base URL. */
export interface AgentScopeOptions extends HttpOptions {
  protocol: "agentscope";
  /** The `user_id` sent with each request (default "anonymous"). */
  userId?: string;
}

/** The dialects Tandem speaks, each with its own options; `protocol` picks one. */
export type TransportOptions = AgUiOptions | AgKitOptions | AgentRuntimeOptions | AgentScopeOptions;

/** The name of a dialect Tandem speaks: `"ag-ui"`, `"ag-kit"`, `"agent-runtime"` or `"agentscope"`. */
export type Protocol = NonNullable<TransportOptions["protocol"]>;
