import {
  AgentClient,
  type AgentClientOptions,
  type ClientOptions,
  type HeadersOption,
  ThreadRuntime,
  type ThreadStorage,
  type Transport,
  type TransportOptions,
} from "@tandem/core";
import { type ReactNode, useEffect, useInsertionEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { AgentContext, type AgentContextValue } from "./context.js";
import { RenderRegistry } from "./renderRegistry.js";

/** Each dialect's own options (`protocol` picks one), without what every dialect shares. */
type DialectProps = TransportOptions extends infer T ? (T extends TransportOptions ? Omit<T, "url" | "headers" | "fetch"> : never) : never;

/** The `AgentClient` options (a dialect's, or a `transport`), plus an existing client or a storage to keep threads in. */
export type AgentProviderProps = ClientOptions &
  DialectProps & {
    url?: string;
    headers?: HeadersOption;
    fetch?: typeof fetch;
    /** Talk to the agent through this transport instead of a dialect's. */
    transport?: Transport;
    /** Use this client instead of creating one (e.g. to share a thread between trees). */
    client?: AgentClient;
    /**
     * Keep threads here (e.g. `indexedDbStorage()`, made once, outside render): the current
     * thread is saved as it changes and comes back after a reload; `useThreads()` lists them.
     * With `threadId` too, that thread is the current one.
     */
    storage?: ThreadStorage;
    children?: ReactNode;
  };

type Options = Omit<AgentProviderProps, "children" | "client" | "headers" | "storage">;

/**
 * Owns one thread with one agent, through a `ThreadRuntime` made once (again only if `storage`
 * or `client` change) and subscribed to: the runtime decides what happens to the thread, never
 * the order of this component's effects. A new client is made when `url`, `protocol`,
 * `threadId` or `agentId` change; `headers`, `context` and `forwardedProps` are read fresh on
 * every request.
 */
export function AgentProvider({ children, client: given, headers, storage, ...options }: AgentProviderProps) {
  const latest = useRef({ headers, options });
  const [runtime, setRuntime] = useState(() => createRuntime(latest, storage, given));
  let current = runtime;
  if (current.storage !== (storage ?? null) || current.given !== given) {
    current = createRuntime(latest, storage, given);
    setRuntime(current);
  }
  const client = useSyncExternalStore(
    current.store.subscribe,
    () => current.client,
    () => current.client,
  );
  const [renderers] = useState(() => new RenderRegistry());
  // After render, before any effect or event of the tree: a child that sends on mount, or a
  // click, already sees this render's headers, context and forwardedProps.
  useInsertionEffect(() => {
    latest.current = { headers, options };
    client.context = options.context ?? [];
    client.forwardedProps = options.forwardedProps ?? {};
  });

  useEffect(() => current.connect(), [current]);
  const key = clientKey(options);
  useEffect(() => current.configure(key), [current, key]);
  const { threadId } = options;
  useEffect(() => {
    if (threadId !== undefined) current.switchTo(threadId);
  }, [current, threadId]);

  const value = useMemo<AgentContextValue>(
    () => ({ client, renderers, threads: storage ? current : null }),
    [client, renderers, storage, current],
  );
  return <AgentContext.Provider value={value}>{children}</AgentContext.Provider>;
}

/** A runtime that remembers the client it was given and the agent options its clients were made with. */
class ProviderRuntime extends ThreadRuntime {
  constructor(
    readonly given: AgentClient | undefined,
    private key: string,
    init: ConstructorParameters<typeof ThreadRuntime>[0],
  ) {
    super(init);
  }

  /** The agent's URL, dialect or id changed: the current thread gets a client made with the new ones. */
  configure(key: string): void {
    if (key === this.key) return;
    this.key = key;
    this.reopen();
  }
}

/** What a client is made for: a change makes a new one. */
const clientKey = (options: Options) => `${options.protocol ?? "ag-ui"} ${options.url ?? ""} ${options.agentId ?? ""}`;

function createRuntime(
  latest: { current: { headers: HeadersOption | undefined; options: Options } },
  storage: ThreadStorage | undefined,
  given: AgentClient | undefined,
): ProviderRuntime {
  const { options } = latest.current;
  return new ProviderRuntime(given, clientKey(options), {
    ...(storage && { storage }),
    ...(given && { client: given }),
    ...(options.threadId !== undefined && { threadId: options.threadId }),
    createClient: (threadId) =>
      new AgentClient({
        ...(latest.current.options as AgentClientOptions),
        threadId,
        url: latest.current.options.url ?? "",
        // Read at each rating, so an inline callback is the current render's.
        ...(latest.current.options.onFeedback && { onFeedback: (feedback) => latest.current.options.onFeedback?.(feedback) }),
        headers: async () => {
          const h = latest.current.headers;
          return (typeof h === "function" ? await h() : h) ?? {};
        },
      }),
  });
}
