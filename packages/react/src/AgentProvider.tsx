import {
  AgentClient,
  type AgentClientOptions,
  type ClientOptions,
  type HeadersOption,
  type Persistence,
  persistThread,
  ThreadManager,
  type ThreadStorage,
  type Transport,
  type TransportOptions,
} from "@tandem/core";
import { type ReactNode, useEffect, useInsertionEffect, useRef, useState, useSyncExternalStore } from "react";
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
    /**
     * Keep threads here (e.g. `indexedDbStorage()`, made once, outside render): the current
     * thread is saved as it changes and comes back after a reload; `useThreads()` lists them.
     * With `threadId` too, that thread is the current one.
     */
    storage?: ThreadStorage;
    children?: ReactNode;
  };

const NO_THREADS = () => () => {};

/** The thread list over `storage`, made once per storage; null without one. */
function useThreadManager(storage: ThreadStorage | undefined, threadId: string | undefined): ThreadManager | null {
  const [manager, setManager] = useState(() => (storage ? new ThreadManager(storage, threadId ? { initialId: threadId } : {}) : null));
  let current = manager;
  if ((manager?.storage ?? undefined) !== storage) {
    current = storage ? new ThreadManager(storage, threadId ? { initialId: threadId } : {}) : null;
    setManager(current);
  }
  return current;
}

/**
 * Owns one thread with one agent. A new client is made when `url`, `protocol`, `threadId` or
 * `agentId` change; `headers`, `context` and `forwardedProps` are read fresh on every request.
 */
export function AgentProvider({ children, client: given, headers, storage, ...options }: AgentProviderProps) {
  const headersRef = useRef(headers);
  const threads = useThreadManager(storage, options.threadId);
  const listed = useSyncExternalStore(
    threads?.store.subscribe ?? NO_THREADS,
    () => threads?.state.currentId,
    () => threads?.state.currentId,
  );
  const threadId = options.threadId ?? listed;
  const key = `${options.protocol ?? "ag-ui"} ${options.url ?? ""} ${threadId ?? ""} ${options.agentId ?? ""}`;
  const [value, setValue] = useState(() => create(key));

  function create(k: string): AgentContextValue & { key: string } {
    const client =
      given ??
      new AgentClient({
        ...(options as AgentClientOptions),
        ...(threadId !== undefined && { threadId }),
        url: options.url ?? "",
        headers: async () => {
          const h = headersRef.current;
          return (typeof h === "function" ? await h() : h) ?? {};
        },
      });
    return { client, renderers: new RenderRegistry(), threads, key: k };
  }

  let current = value;
  if (value.key !== key || (given && value.client !== given) || value.threads !== threads) {
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

  // Declared after the effect above, so that on a switch the old run is stopped before the
  // thread's last save: a thread left mid-reply is saved as stopped, not as cut off.
  useEffect(() => {
    if (!threads) return;
    let persistence: Persistence | null = null;
    let detach = () => {};
    let cancelled = false;
    void threads.load(client.state.threadId).then((stored) => {
      if (cancelled) return;
      // Restored only into an untouched thread: a message typed meanwhile is not overwritten,
      // and what is stored stays (the first save merges with it).
      const restored = stored !== null && client.state.messages.length === 0 && client.state.status === "idle";
      if (restored) client.restore(stored);
      persistence = persistThread(client, threads.storage, { loaded: restored ? stored : null, onStatus: (s) => threads.report(s) });
      detach = threads.attach(persistence);
    });
    return () => {
      cancelled = true;
      detach();
      void persistence?.stop();
    };
  }, [client, threads]);

  useEffect(() => threads?.connect(), [threads]);

  return <AgentContext.Provider value={current}>{children}</AgentContext.Provider>;
}
