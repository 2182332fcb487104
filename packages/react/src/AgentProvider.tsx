import {
  AgentClient,
  type AgentClientOptions,
  type ClientOptions,
  type HeadersOption,
  type Transport,
  type TransportOptions,
} from "@tandem/core";
import { type ReactNode, useEffect, useInsertionEffect, useRef, useState } from "react";
import { AgentContext, type AgentContextValue } from "./context.js";
import { RenderRegistry } from "./renderRegistry.js";

/** Each dialect's own options (`protocol` picks one), without what every dialect shares. */
type DialectProps = TransportOptions extends infer T ? (T extends TransportOptions ? Omit<T, "url" | "headers" | "fetch"> : never) : never;

export type AgentProviderProps = ClientOptions &
  DialectProps & {
    url?: string;
    headers?: HeadersOption;
    fetch?: typeof fetch;
    /** Talk to the agent through this transport instead of a dialect's. */
    transport?: Transport;
    /** Use this client instead of creating one (e.g. to share a thread between trees). */
    client?: AgentClient;
    children?: ReactNode;
  };

/**
 * Owns one thread with one agent. A new client is made when `url`, `protocol`, `threadId` or
 * `agentId` change; `headers`, `context` and `forwardedProps` are read fresh on every request.
 */
export function AgentProvider({ children, client: given, headers, ...options }: AgentProviderProps) {
  const headersRef = useRef(headers);
  const key = `${options.protocol ?? "ag-ui"} ${options.url ?? ""} ${options.threadId ?? ""} ${options.agentId ?? ""}`;
  const [value, setValue] = useState(() => create(key));

  function create(k: string): AgentContextValue & { key: string } {
    const client =
      given ??
      new AgentClient({
        ...(options as AgentClientOptions),
        url: options.url ?? "",
        headers: async () => {
          const h = headersRef.current;
          return (typeof h === "function" ? await h() : h) ?? {};
        },
      });
    return { client, renderers: new RenderRegistry(), key: k };
  }

  let current = value;
  if (value.key !== key || (given && value.client !== given)) {
    current = create(key);
    setValue(current);
  }
  const { client } = current;
  // After render, before any effect or event of the tree: a child that sends on mount, or a
  // click, already sees this render's headers, context and forwardedProps.
  useInsertionEffect(() => {
    headersRef.current = headers;
    client.context = options.context ?? [];
    client.forwardedProps = options.forwardedProps ?? {};
  });

  useEffect(() => {
    const controller = new AbortController();
    void client.loadHistory(controller.signal);
    void client.loadCapabilities(controller.signal);
    // The validation code is a chunk of its own: fetch it now, so the first message need not wait.
    client.preload();
    return () => {
      controller.abort();
      // A client handed in may serve other trees too; only the one made here is ours to stop.
      if (!given) client.stop();
    };
  }, [client, given]);

  return <AgentContext.Provider value={current}>{children}</AgentContext.Provider>;
}
