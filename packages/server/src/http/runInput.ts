import type { RunAgentInput } from "@ag-ui/core";
import { Refusal } from "./requests.js";

/** The join endpoint's default path, `/resume/:threadId/:runId`: its two groups are the ids, URI-encoded. */
export const JOIN_PATH = /^\/resume\/([^/]+)\/([^/]+)\/?$/;

/** The request's body as an AG-UI `RunAgentInput`, its optional fields filled in (`runs.open` checks the rest); a `Refusal` when it is no object. */
export function parseInput(body: unknown): RunAgentInput {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Refusal(400, "The request body must be a JSON object");
  return { messages: [], tools: [], context: [], state: {}, forwardedProps: {}, ...(body as Partial<RunAgentInput>) } as RunAgentInput;
}
