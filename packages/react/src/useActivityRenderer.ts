import { type DependencyList, useEffect, useSyncExternalStore } from "react";
import { useAgentContext } from "./context.js";
import type { ActivityRender, ActivityRenderProps } from "./renderRegistry.js";
import { useLatest } from "./useLatest.js";

export type { ActivityRender, ActivityRenderProps };

/**
 * Draws ACTIVITY messages of one `type` (or of every type, with "*") in the chat, in place of the
 * built-in drawing. The latest `render` is always used; `deps` re-register it.
 *
 * ```tsx
 * useActivityRenderer<{ steps: string[] }>({ type: "plan", render: ({ content }) => <Plan steps={content.steps} /> });
 * ```
 */
export function useActivityRenderer<Content = Record<string, unknown>>(
  options: { type: string; render: ActivityRender<Content> },
  deps: DependencyList = [],
): void {
  const { renderers } = useAgentContext();
  const latest = useLatest(options.render);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's `deps` decide when to register again; render is read through `latest`.
  useEffect(() => renderers.addActivity(options.type, (props) => latest.current(props)), [renderers, options.type, ...deps]);
}

/**
 * The renderer registered for an activity type, else the catch-all "*" one (unless `exact`);
 * follows registrations.
 */
export function useActivityRender(type: string, options: { exact?: boolean } = {}): ActivityRender | undefined {
  const { renderers } = useAgentContext();
  useSyncExternalStore(renderers.subscribe, renderers.getVersion, renderers.getVersion);
  return renderers.activity(type, options.exact);
}
