import type { RunAgentInput } from "@ag-ui/core";
import { agUi } from "./agUi.js";
import { type Dialect, RequestError } from "./types.js";

/** The agent runtime's runs endpoint: AG-UI, with the runtime's validation and error shape. */
export const agentRuntime: Dialect = {
  parse(body, request) {
    const input = body as Partial<RunAgentInput> | null;
    if (!input?.threadId) throw new RequestError(400, "bad request: threadId cannot be empty");
    if (!input.runId) throw new RequestError(400, "bad request: runId cannot be empty");
    return agUi.parse(body, request);
  },
  writer: (request, input) => agUi.writer(request, input),
};

/** `GET /v1/ag-ui/threads/{id}/messages`: the thread's messages, a page at a time. */
export function historyPage(messages: readonly unknown[], query: URLSearchParams) {
  const start = Number(query.get("cursor") ?? 0) || 0;
  const limit = Math.max(1, Number(query.get("limit") ?? 20) || 20);
  const end = Math.min(messages.length, start + limit);
  return {
    messages: messages.slice(start, end),
    has_more: end < messages.length,
    next_cursor: end < messages.length ? String(end) : null,
    prev_cursor: start > 0 ? String(Math.max(0, start - limit)) : null,
  };
}
