import type { IncomingMessage, ServerResponse } from "node:http";
import type { RunAgentInput } from "@ag-ui/core";
import type { EventSource } from "./agentEvents.js";
import { decodeSegment, listener, Refusal, readJson } from "./http/requests.js";
import { JOIN_PATH, parseInput } from "./http/runInput.js";
import type { ResumableRuns } from "./resumableRuns.js";

/** Options for `agentHandler`. */
export interface AgentHandlerOptions {
  /** The runs it serves (`resumableRuns({ authorize, … })`). */
  runs: ResumableRuns<IncomingMessage>;
  /** A new run's events: an agent to run, or an (async) iterable of AG-UI events. */
  source: (input: RunAgentInput, request: IncomingMessage) => EventSource;
  /** The largest request body it reads (default 1 MiB); a larger one is answered 413. */
  maxBodyBytes?: number;
  /**
   * The join endpoint, matched against the path of a GET (default `/resume/:threadId/:runId`):
   * its first two groups are the thread and run ids, URI-encoded.
   */
  joinPath?: RegExp;
  /** Headers added to every response (e.g. CORS headers). */
  headers?: Record<string, string>;
  /** Called with an error the handler answered 500 (default `console.error`); a refused request (4xx) is not one. */
  onError?: (error: unknown) => void;
}

/**
 * A `node:http` request listener for an AG-UI agent with resumable runs: a POST (any path) with
 * a `RunAgentInput` body starts, joins or resumes (`Last-Event-ID`) a run; a GET of the join path
 * joins one. Malformed requests get a 4xx (400 for a body that is not a run's input, 405 for
 * another method, 413 for a body over `maxBodyBytes`), never a crash: the listener never rejects.
 * Express and other servers built on `node:http` mount it as it is.
 */
export function agentHandler(options: AgentHandlerOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { runs, source, maxBodyBytes = 1024 * 1024, joinPath = JOIN_PATH, headers = {}, onError: report = console.error } = options;
  return listener(headers, report, async (req, res) => {
    const path = new URL(req.url ?? "/", "http://local").pathname;
    const join = req.method === "GET" ? joinPath.exec(path) : null;
    if (join) return await runs.join(req, res, { threadId: decodeSegment(join[1] ?? ""), runId: decodeSegment(join[2] ?? "") });
    if (req.method !== "POST") throw new Refusal(405, `${req.method} is not served here: POST a run, or GET the join endpoint`);
    const input = parseInput(await readJson(req, maxBodyBytes));
    await runs.handle(req, res, input, () => source(input, req));
  });
}
