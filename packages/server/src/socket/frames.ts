import type { BaseEvent, RunAgentInput } from "@ag-ui/core";

/**
 * The WebSocket subprotocol of the proposed AG-UI binding (docs: guide "WebSocket"): JSON text
 * frames, one object per frame, one socket per thread.
 */
export const AG_UI_SUBPROTOCOL = "ag-ui.v1+json";

/** Client → server: start a run (or read it from its first event when it exists), as a POST of `input` does over HTTP. */
export interface RunFrame {
  type: "run";
  input: RunAgentInput;
}

/** Client → server: read on in a run after the event `lastEventId`, as a POST with `Last-Event-ID` does over HTTP. */
export interface ResumeFrame {
  type: "resume";
  threadId: string;
  runId: string;
  lastEventId: string;
}

/** Client → server: watch a run (never starts one), from its first event or after `lastEventId`: the join endpoint over HTTP. */
export interface JoinFrame {
  type: "join";
  threadId: string;
  runId: string;
  lastEventId?: string;
}

/** Client → server: stop a run this socket started or resumed (answered with a `stopped` frame). */
export interface StopFrame {
  type: "stop";
  threadId: string;
  runId: string;
}

/** What a client sends on the socket. */
export type ClientFrame = RunFrame | ResumeFrame | JoinFrame | StopFrame;

/** Server → client: one event of a run, with the same `id` its SSE frame has (what `resume` names). */
export interface EventFrame {
  type: "event";
  runId: string;
  /** The event's id in the run's log; absent only on an error the server makes up (e.g. its log failed). */
  id?: string;
  event: BaseEvent;
}

/** Server → client: the server sent everything it will for the `run`, `resume` or `join` of this run. */
export interface EndFrame {
  type: "end";
  runId: string;
}

/**
 * Server → client: a frame refused, with the HTTP status the same request gets over HTTP (400
 * malformed, 403 not authorized, 404 unknown run or event, 409 another thread, 413 too large,
 * 503 busy, 500 the server failed; a server may answer any status its HTTP binding would) and why. `runId` names the run when the frame named one.
 */
export interface ErrorFrame {
  type: "error";
  runId?: string;
  status: number;
  message: string;
}

/** Server → client: the answer to `stop`: whether a run was stopped (it then ends with a RUN_ERROR, code `stopped`). */
export interface StoppedFrame {
  type: "stopped";
  runId: string;
  stopped: boolean;
}

/** What a server sends on the socket. */
export type ServerFrame = EventFrame | EndFrame | ErrorFrame | StoppedFrame;

const MAX_ID = 512;
const isId = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= MAX_ID;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A frame that cannot be read, with the `ErrorFrame` it is answered with. */
export class FrameRefusal extends Error {
  constructor(
    readonly status: ErrorFrame["status"],
    message: string,
    readonly runId?: string,
  ) {
    super(message);
  }
}

/**
 * A client's text frame read as a `ClientFrame`; a `FrameRefusal` (400) when it is not JSON, not
 * an object, of no known type, or lacks what its type needs. A run's input gets its optional
 * arrays filled in, as the HTTP handler does.
 */
export function parseClientFrame(text: string): ClientFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new FrameRefusal(400, "A frame must be a JSON object");
  }
  if (!isObject(value)) throw new FrameRefusal(400, "A frame must be a JSON object");
  const runId = isId(value.runId) ? value.runId : undefined;
  switch (value.type) {
    case "run": {
      const input = value.input;
      if (!isObject(input) || !isId(input.threadId) || !isId(input.runId))
        throw new FrameRefusal(400, "A run frame carries an input (a RunAgentInput) with a threadId and a runId");
      const filled = { messages: [], tools: [], context: [], state: {}, forwardedProps: {}, ...input } as unknown as RunAgentInput;
      return { type: "run", input: filled };
    }
    case "resume":
    case "join":
    case "stop": {
      if (!isId(value.threadId) || !runId) throw new FrameRefusal(400, `A ${value.type} frame names a threadId and a runId`, runId);
      const lastEventId = value.lastEventId;
      if (value.type === "resume" && !isId(lastEventId)) throw new FrameRefusal(400, "A resume frame names the lastEventId", runId);
      if (lastEventId !== undefined && (!isId(lastEventId) || /[\r\n]/.test(lastEventId)))
        throw new FrameRefusal(400, "lastEventId is not an event id", runId);
      if (value.type === "stop") return { type: "stop", threadId: value.threadId, runId };
      if (value.type === "resume") return { type: "resume", threadId: value.threadId, runId, lastEventId: lastEventId as string };
      return { type: "join", threadId: value.threadId, runId, ...(lastEventId !== undefined && { lastEventId: lastEventId as string }) };
    }
    default:
      throw new FrameRefusal(400, `Unknown frame type ${JSON.stringify(value.type)}: send run, resume, join or stop`, runId);
  }
}
