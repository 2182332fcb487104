import {
  type AgentClient,
  type AgentClientOptions,
  type ClientOptions,
  type HeadersOption,
  ThreadRuntime,
  type ThreadRuntimeOptions,
  type ThreadStorage,
  type Transport,
  type TransportOptions,
} from "@tandem/core";
import { type ReactNode, useEffect, useInsertionEffect, useMemo, useState, useSyncExternalStore } from "react";
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

/**
 * Owns one thread with one agent, through a `ThreadRuntime` made once (again only if `storage`
 * or `client` change) and subscribed to: the runtime decides what happens to the thread, never
 * the order of this component's effects. Each commit hands the runtime the props
 * (`setOptions`): it makes a new client when `url`, `protocol` or `agentId` change, and switches
 * to a new `threadId`; `headers`, `context` and `forwardedProps` are read fresh on every request.
 */
export function AgentProvider({ children, client: given, storage, ...props }: AgentProviderProps) {
  const options = props as AgentClientOptions;
  const [runtime, setRuntime] = useState(() => createRuntime(options, storage, given));
  let current = runtime;
  if (current.storage !== (storage ?? null) || current.given !== given) {
    current = createRuntime(options, storage, given);
    // The message being written stays (the new runtime has no reader yet: nothing re-renders).
    const draft = runtime.composer.getState();
    current.composer.setText(draft.text);
    current.composer.setAttachments(draft.attachments);
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
  useInsertionEffect(() => current.updateOptions(options));
  useEffect(() => current.connect(), [current]);
  // After every commit: the runtime compares, and makes a client only when what it is made for changed.
  useEffect(() => current.setOptions(options));

  const value = useMemo<AgentContextValue>(
    () => ({ client, renderers, threads: storage ? current : null, composer: current.composer }),
    [client, renderers, storage, current],
  );
  return <AgentContext.Provider value={value}>{children}</AgentContext.Provider>;
}

/** A runtime that remembers the client it was given. */
class ProviderRuntime extends ThreadRuntime {
  constructor(
    readonly given: AgentClient | undefined,
    init: ThreadRuntimeOptions,
  ) {
    super(init);
  }
}

function createRuntime(options: AgentClientOptions, storage: ThreadStorage | undefined, given: AgentClient | undefined): ProviderRuntime {
  return new ProviderRuntime(given, {
    agent: options,
    ...(storage && { storage }),
    ...(given && { client: given }),
    ...(options.threadId !== undefined && { threadId: options.threadId }),
  });
}
