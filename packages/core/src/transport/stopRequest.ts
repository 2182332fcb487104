import { request } from "./http.js";
import type { HttpOptions } from "./types.js";

/** The run a stop request is about: what the `stop` URL template and `stopBody` are given. */
export interface StopRun {
  threadId: string;
  runId: string;
  agentId: string;
}

/**
 * The body of the stop request, by default `{ "runId": … }`: what CopilotKit's runtime accepts
 * (it answers anything more with 400 "Invalid stop request").
 */
const runIdOnly = ({ runId }: StopRun): unknown => ({ runId });

/** A URL template with `{threadId}`, `{runId}` (and `{agentId}`) filled in from `run`. */
export function fillTemplate(template: string, run: Partial<StopRun>): string {
  return template.replace(/\{(threadId|runId|agentId)\}/g, (whole, key: keyof StopRun) => {
    const value = run[key];
    return value === undefined ? whole : encodeURIComponent(value);
  });
}

/**
 * Tells a runtime to stop a run, for servers that go on after the stream is closed: POSTs the
 * `stop` URL template with `{threadId}`, `{runId}` and `{agentId}` filled in, and `body(run)` as
 * JSON. A failure is only a warning: the run is already stopped here.
 */
export async function requestStop(
  template: string,
  run: StopRun,
  http: Omit<HttpOptions, "url">,
  body: (run: StopRun) => unknown = runIdOnly,
): Promise<void> {
  const url = fillTemplate(template, run);
  try {
    const response = await request({ ...http, url }, url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body(run)),
    });
    await response.body?.cancel();
  } catch (error) {
    console.warn(`[tandem] could not tell the server to stop (${url}): ${(error as Error).message}`);
  }
}
