import { request } from "../transport/http.js";
import type { FeedbackOptions } from "./options.js";
import { FEEDBACK_EVENT, type FeedbackGiven } from "./types.js";

/**
 * Tells `onFeedback`, and POSTs the `feedback` URL (if any) a `CUSTOM` event: loaded with the
 * first rating, so apps that never rate do not ship it. Failures are warnings, never thrown.
 */
export async function sendFeedback(given: FeedbackGiven, options: FeedbackOptions): Promise<void> {
  await Promise.all([tell(given, options), post(given, options)]);
}

async function tell(given: FeedbackGiven, { onFeedback }: FeedbackOptions): Promise<void> {
  try {
    await onFeedback?.(given);
  } catch (error) {
    console.warn(`[tandem] onFeedback failed: ${(error as Error)?.message ?? String(error)}`);
  }
}

async function post(given: FeedbackGiven, { feedback: template, agentId = "default", headers, fetch }: FeedbackOptions): Promise<void> {
  if (!template) return;
  const url = template.replace(/\{(threadId|agentId)\}/g, (_, key: string) =>
    encodeURIComponent(key === "agentId" ? agentId : given.threadId),
  );
  const event = { type: "CUSTOM", name: FEEDBACK_EVENT, value: given, timestamp: Date.now() };
  try {
    const response = await request({ url, headers, fetch }, url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(event),
    });
    await response.body?.cancel();
  } catch (error) {
    console.warn(`[tandem] could not send feedback to ${url}: ${(error as Error).message}`);
  }
}
