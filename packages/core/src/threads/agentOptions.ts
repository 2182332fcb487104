import { AgentClient } from "../run/agentClient.js";
import type { AgentClientOptions } from "../run/clientOptions.js";
import type { HeadersOption } from "../transport/types.js";

/**
 * What a client is made for: the dialect, the agent's URL and its id. Two options with the same
 * key share a client; a change makes a new one. Headers, context, forwardedProps and `onFeedback`
 * are not in it: they are read fresh on every request.
 */
export function clientKey(options: AgentClientOptions): string {
  const { protocol, url, agentId } = options as { protocol?: string; url?: string; agentId?: string };
  return `${protocol ?? "ag-ui"} ${url ?? ""} ${agentId ?? ""}`;
}

/**
 * A client for `threadId` made with the options `latest` returns now; its headers and
 * `onFeedback` are read from `latest` again at each request and rating, so an app's later
 * options reach a client already made.
 */
export function clientWithLatest(latest: () => AgentClientOptions, threadId: string): AgentClient {
  const options = latest();
  const headersOf = () => (latest() as { headers?: HeadersOption }).headers;
  return new AgentClient({
    ...options,
    threadId,
    url: (options as { url?: string }).url ?? "",
    ...(options.onFeedback && { onFeedback: (feedback) => latest().onFeedback?.(feedback) }),
    headers: async () => {
      const h = headersOf();
      return (typeof h === "function" ? await h() : h) ?? {};
    },
  } as AgentClientOptions);
}
