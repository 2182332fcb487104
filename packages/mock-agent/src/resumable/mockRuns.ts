import { memoryEventLog, runKey } from "@tandem/server";
import type { EventWriter } from "../dialects/types.js";
import type { EventStep } from "../types.js";
import type { CuttableRequest, NodeResponse } from "./nodeHttp.js";

/** How long a `dropAfter` cut waits after the last event was flushed (see `cut`). */
export const DROP_PAUSE_MS = 200;

const CORS = { "access-control-allow-origin": "*", "access-control-expose-headers": "*" };

/**
 * The mock agent's side of the resumable-stream contract: each run's events go into an event
 * log (`@tandem/server`'s `memoryEventLog`, keyed by thread and run) as they are made, the run
 * goes on for `windowMs` while no client reads it, and a request with `Last-Event-ID` reads on
 * from the log. `dropAfter` is the fault mode: every response is cut after that many events.
 * Runs are passed as `runKey(threadId, runId)`: a run is never found through another thread.
 */
export class MockRuns {
  /** The key a run is kept under: its thread and its id. */
  static key = runKey;

  readonly log = memoryEventLog();
  private readonly runs = new Map<string, { readers: number; controller: AbortController; idle?: ReturnType<typeof setTimeout> }>();
  /** Runs whose script stopped before RUN_FINISHED/RUN_ERROR (a scripted drop, a stop): nothing to resume. */
  private readonly abandoned = new Set<string>();

  constructor(private readonly options: { windowMs: number; dropAfter?: number }) {}

  /** A run starts producing; `controller` stops it once nobody has read it for `windowMs`. */
  begin(runId: string, controller: AbortController): void {
    this.runs.set(runId, { readers: 0, controller });
  }

  /** A response reads the run from now; call the result when it closes. */
  attach(runId: string): () => void {
    const run = this.runs.get(runId);
    if (!run) return () => {};
    run.readers++;
    clearTimeout(run.idle);
    let attached = true;
    return () => {
      if (!attached) return;
      attached = false;
      if (--run.readers > 0 || this.runs.get(runId) !== run) return;
      run.idle = setTimeout(() => run.controller.abort(), this.options.windowMs);
      run.idle.unref?.();
    };
  }

  /** The run's producer stopped (`ended`: after its RUN_FINISHED/RUN_ERROR): readers end once they have read everything. */
  finish(runId: string, ended: boolean): void {
    if (!ended) {
      this.abandoned.add(runId);
      setTimeout(() => this.abandoned.delete(runId), 5 * 60_000).unref?.();
    }
    clearTimeout(this.runs.get(runId)?.idle);
    this.runs.delete(runId);
    void this.log.end(runId);
  }

  /** Counts a response's events; true when `dropAfter` says to cut it now. */
  dropper(): () => boolean {
    let written = 0;
    const { dropAfter } = this.options;
    return () => dropAfter !== undefined && ++written === dropAfter;
  }

  /** Whether the log holds this run (a request without `Last-Event-ID` that names it reads it, never runs it again). */
  async holds(runId: string): Promise<boolean> {
    return !this.abandoned.has(runId) && (await this.log.has(runId));
  }

  /**
   * Answers a request that carries `Last-Event-ID`: the run's events after it (from its first
   * with an empty one: a join), or a 404 when the log does not hold that run or event (the
   * client then falls back to Retry).
   */
  async resume(req: CuttableRequest, res: NodeResponse, runId: string, lastEventId: string, writer: EventWriter): Promise<void> {
    const held = lastEventId === "" ? await this.log.has(runId) : await this.log.has(runId, lastEventId);
    if (this.abandoned.has(runId) || !held) {
      const [thread, run] = runId.split("/").map(decodeURIComponent);
      res.writeHead(404, { ...CORS, "content-type": "application/json" });
      res.end(JSON.stringify({ error: `Run "${run}" of thread "${thread}" has no event "${lastEventId}" to resume after` }));
      return;
    }
    res.writeHead(200, { ...CORS, "content-type": writer.contentType, "cache-control": "no-cache" });
    const controller = new AbortController();
    const detach = this.attach(runId);
    res.on("close", () => {
      controller.abort();
      detach();
    });
    const drop = this.dropper();
    for await (const { id, event } of this.log.read(runId, lastEventId || null, controller.signal)) {
      if (res.destroyed || req.socket.destroyed) break;
      res.write(writer.encode(event as EventStep, id));
      if (drop()) return cut(req, res, DROP_PAUSE_MS);
    }
    if (!res.destroyed) res.end();
  }
}

/**
 * A connection dropped mid-stream: what was written is flushed, then the socket is closed with the
 * response unfinished (its chunked body lacks its end), which clients read as a network error.
 * Closed, not reset: a reset can make the client's network stack drop bytes it has not yet read.
 * A browser also drops body bytes its page has not read when the body fails (the stream's
 * queue is cleared), so `pauseMs` lets the client read what was sent before the drop.
 */
export async function cut(req: CuttableRequest, res: NodeResponse, pauseMs = 0): Promise<void> {
  const { socket } = req;
  // Writes are corked until the next tick: flush them so the drop lands mid-stream.
  if (!socket.destroyed) await new Promise<void>((resolve) => res.write("", () => resolve()));
  if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  socket.end();
  setTimeout(() => socket.destroy(), 1000).unref();
}
