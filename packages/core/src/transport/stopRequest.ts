import { request } from "./http.js";
import type { HttpOptions } from "./types.js";

export interface RunRef {
  threadId: string;
  runId: string;
  agentId: string;
}

/**
 * Tells a runtime to stop a run, for servers that go on after the stream is closed: POSTs the
 * `stop` URL template with `{threadId}`, `{runId}` and `{agentId}` filled in. A failure is
 * only a warning: the run is already stopped here.
 */
export async function requestStop(template: string, run: RunRef, http: Omit<HttpOptions, "url">): Promise<void> {
  const url = template.replace(/\{(threadId|runId|agentId)\}/g, (_, key: keyof RunRef) => encodeURIComponent(run[key]));
  try {
    const response = await request({ ...http, url }, url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(run),
    });
    await response.body?.cancel();
  } catch (error) {
    console.warn(`[tandem] could not tell the server to stop (${url}): ${(error as Error).message}`);
  }
}
