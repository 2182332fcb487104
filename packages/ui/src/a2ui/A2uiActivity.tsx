import { type ActivityRenderProps, useActivityRenderer, useAgentClient } from "@tandem/react";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { basicCatalog } from "./basicCatalog.js";
import type { A2uiCatalog } from "./catalog.js";
import { operationsOf } from "./operations.js";
import { type A2uiUserAction, SurfaceError, SurfaceView } from "./SurfaceView.js";
import { A2UI_ACTIVITY_TYPE, surfaceStoreOf } from "./surfaceStore.js";

/** Props of `<A2uiActivity>`: an `a2ui-surface` activity message, and the catalog to draw it with. */
export interface A2uiActivityProps {
  messageId: string;
  content: unknown;
  /** Components by name; the basic catalog by default. */
  catalog?: A2uiCatalog;
}

/**
 * An `a2ui-surface` activity message of the current thread: the surfaces it created, as every
 * operation of the thread so far left them (later messages update them in place), and what was
 * wrong with its operations. A user action runs the agent with
 * `forwardedProps.a2uiAction.userAction`, as `@ag-ui/a2ui-middleware` expects.
 */
export function A2uiActivity({ messageId, content, catalog = basicCatalog }: A2uiActivityProps) {
  const client = useAgentClient();
  const store = surfaceStoreOf(client);
  const { surfaces, errors } = useSyncExternalStore(store.subscribe, store.get, store.get);
  const onAction = useCallback(
    (userAction: A2uiUserAction) => void client.runAgent({ forwardedProps: { a2uiAction: { userAction } } }),
    [client],
  );
  const mine = [...surfaces.values()].filter((s) => s.home === messageId);
  const problems = errors.get(messageId) ?? [];
  const status = operationsOf(content) ? null : statusOf(content);
  return (
    <div className="tandem-a2ui">
      {status}
      {problems.map((problem) => (
        <SurfaceError key={problem}>{problem}</SurfaceError>
      ))}
      {mine.map((surface) => (
        <section
          key={surface.surfaceId}
          data-testid="a2ui-surface"
          data-surface-id={surface.surfaceId}
          aria-label={`Interface ${surface.surfaceId}`}
          className="tandem-a2ui__surface"
        >
          <SurfaceView
            surface={surface}
            catalog={catalog}
            onAction={onAction}
            onEdit={(path, value) => store.edit(surface.surfaceId, path, value)}
          />
        </section>
      ))}
    </div>
  );
}

/** The middleware's progress reports (content without operations): building, retrying, failed. */
function statusOf(content: unknown) {
  const c = (typeof content === "object" && content !== null ? content : {}) as Record<string, unknown>;
  if (c.status === "failed")
    return <SurfaceError>The interface could not be built{typeof c.error === "string" ? `: ${c.error}` : "."}</SurfaceError>;
  if (c.status === "building" || c.status === "retrying") {
    // Not a live region: the chat's one status region speaks for the run.
    return <p className="tandem-a2ui__status">Building the interface…</p>;
  }
  return <SurfaceError>Not an A2UI message (no a2ui_operations).</SurfaceError>;
}

/**
 * Draws A2UI surfaces (`a2ui-surface` activity messages, as `@ag-ui/a2ui-middleware` sends them)
 * in `<Chat>`, with the basic catalog and the app's own components by name:
 *
 * ```tsx
 * useA2uiRenderer({ catalog: { StockChart: ({ component, read }) => <Chart data={read(component.data)} /> } });
 * ```
 */
export function useA2uiRenderer(options: { catalog?: A2uiCatalog } = {}): void {
  const { catalog: own } = options;
  const catalog = useMemo(() => (own ? { ...basicCatalog, ...own } : basicCatalog), [own]);
  useActivityRenderer(
    {
      type: A2UI_ACTIVITY_TYPE,
      render: ({ messageId, content }: ActivityRenderProps) => <A2uiActivity messageId={messageId} content={content} catalog={catalog} />,
    },
    [catalog],
  );
}

/**
 * `useA2uiRenderer` as a component that draws nothing, for loading this entry lazily: React's
 * `lazy()` over a dynamic import of this entry, with `A2uiRenderer` as the default, mounted
 * inside `<AgentProvider>` in a `<Suspense>` (the guide "A2UI surfaces" has the sample).
 */
export function A2uiRenderer({ catalog }: { catalog?: A2uiCatalog }): null {
  useA2uiRenderer(catalog ? { catalog } : {});
  return null;
}
