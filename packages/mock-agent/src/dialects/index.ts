import { agentRuntime, historyPage } from "./agentRuntime.js";
import { agentScope } from "./agentScope.js";
import { agKit } from "./agKit.js";
import { agUi } from "./agUi.js";
import type { Dialect, RequestInfo } from "./types.js";

export type Route =
  | {
      method: "POST";
      /** Matched against the path; named groups become `params` (`scenario` picks a scenario). */
      pattern: RegExp;
      dialect: Dialect;
    }
  | {
      method: "GET";
      pattern: RegExp;
      answer(request: RequestInfo, query: URLSearchParams): { status: number; body: unknown };
    };

/** Dialects by URL. The first matching route wins. */
export const routes: Route[] = [
  { method: "POST", pattern: /^\/$/, dialect: agUi },
  // AG-Kit's HTTP agent is plain AG-UI at a /send-message URL.
  { method: "POST", pattern: /^\/(?<scenario>[a-z0-9-]+)\/send-message\/?$/, dialect: agUi },
  { method: "POST", pattern: /^\/ag-kit\/(?<scenario>[a-z0-9-]+)\/send-message\/?$/, dialect: agKit },
  { method: "POST", pattern: /^\/agent-runtime\/v1\/ag-ui\/agents\/(?<scenario>[^/]*)\/runs\/?$/, dialect: agentRuntime },
  {
    method: "GET",
    pattern: /^\/agent-runtime\/v1\/ag-ui\/threads\/(?<threadId>[^/]+)\/messages\/?$/,
    answer: ({ params, history }, query) => ({ status: 200, body: historyPage(history.get(params.threadId!).messages, query) }),
  },
  { method: "POST", pattern: /^\/agentscope\/(?<scenario>[a-z0-9-]+)\/process\/?$/, dialect: agentScope },
  { method: "POST", pattern: /^\/(?<scenario>[a-z0-9-]+)\/?$/, dialect: agUi },
];

export { type Dialect, type EventWriter, RequestError, type RequestInfo } from "./types.js";
