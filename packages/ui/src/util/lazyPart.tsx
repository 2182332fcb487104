import { loadOnce } from "@tandem/core";
import {
  type ComponentType,
  type ForwardRefExoticComponent,
  forwardRef,
  type PropsWithoutRef,
  type RefAttributes,
  useEffect,
  useSyncExternalStore,
} from "react";
import { PartFailed } from "./PartFailed.js";

// What the part shows: nothing yet (idle or loading), the loaded part, or the failure.
type View<C> = { status: "pending" } | { status: "loaded"; Part: C } | { status: "failed" };
const PENDING = { status: "pending" } as const;

/** A part whose code is a chunk of its own (see `lazyPart`). */
export type LazyPart<P extends object, E> = ForwardRefExoticComponent<PropsWithoutRef<P> & RefAttributes<E>> & {
  /** Starts loading the chunk (once; again after a failure); settles when it is in. */
  preload(): Promise<void>;
  /** Its chunk is in: it renders in the render that asks for it. */
  loaded(): boolean;
};

/** How a {@link lazyPart} looks while it loads and when its chunk could not be loaded. */
export interface LazyPartViews<P extends object, E> {
  /** Shown while it loads (nothing when left out), with the part's props and ref. */
  pending?: ComponentType<P & RefAttributes<E>>;
  /** Shown when its chunk could not be loaded, with the part's props and Retry; `PartLoadError` when left out. */
  failed?: ComponentType<P & { retry: () => void }>;
}

/**
 * A part whose code is a chunk of its own, loaded the first time it renders, or earlier with
 * `preload()` when the state says it will be needed: for parts an app may never use, so the main
 * bundle does not carry them. Nothing shows while it loads; once loaded it renders in the same
 * render that asks for it (no Suspense, so a part that mounts later, such as the picker of a
 * version switched to, keeps focus and layout as an eager one would). A failed load shows an
 * alert with Retry, which loads it again (`failed` replaces that alert, for a part whose place
 * must still offer a way out; `views` gives a view while it loads too, both with the part's
 * props). The chunk loads through `loadOnce`: one load shared by every caller, loaded again
 * after a failure. A preload that failed while nothing showed the part is tried
 * again when the part is first asked for, and a part mounted after a failure tries again: a
 * network that was down then may be back. Call it
 * once, at module level.
 */
export function lazyPart<P extends object, E>(
  load: () => Promise<ComponentType<P & RefAttributes<E>>>,
  views: ComponentType<{ retry: () => void }> | LazyPartViews<P, E> = {},
): LazyPart<P, E> {
  const { pending: Pending, failed: Failed = PartLoadError } = (typeof views === "function" ? { failed: views } : views) as LazyPartViews<
    P,
    E
  >;
  const loader = loadOnce(load);
  let view: View<ComponentType<P & RefAttributes<E>>> = PENDING;
  let loading: Promise<void> | undefined;
  /** The last load failed while no part was on screen to say so. */
  let unseen = false;
  const listeners = new Set<() => void>();
  const show = (next: typeof view) => {
    view = next;
    for (const listener of listeners) listener();
  };
  const preload = (): Promise<void> => {
    loading ??= loader().then(
      (Part) => show({ status: "loaded", Part }),
      (error: unknown) => {
        loading = undefined;
        unseen = listeners.size === 0;
        show({ status: "failed" });
        throw error;
      },
    );
    // A retry shows nothing again until the chunk is in (never called during a render in that state).
    if (view.status === "failed") show(PENDING);
    return loading;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const read = () => view;
  // The server renders the pending view in its place, and hydration starts from that too: a part the
  // server had loaded for an earlier request must not make this page's markup differ.
  const onServer = () => PENDING;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, never during a render
  const Lazy = forwardRef<E, P>(function LazyPart(props, ref) {
    const current = useSyncExternalStore(subscribe, read, onServer);
    const again = current.status === "failed" && unseen;
    useEffect(() => {
      if (!again) return;
      unseen = false;
      preload().catch(() => undefined);
    }, [again]);
    // A part that mounts after its chunk failed for others is a next use: it tries again (one
    // load shared by all), as the network that was down may be back.
    useEffect(() => {
      if (read().status === "failed" && !unseen) preload().catch(() => undefined);
    }, []);
    if (current.status === "loaded") return <current.Part {...(props as P)} ref={ref} />;
    const pending = Pending ? <Pending {...(props as P)} ref={ref} /> : null;
    if (again) return pending;
    if (current.status === "failed") return <Failed {...(props as P)} retry={() => preload().catch(() => undefined)} />;
    // Starting a load changes nothing a render reads until it settles: safe here, and sooner than an effect.
    preload().catch(() => undefined);
    return pending;
  });
  return Object.assign(Lazy, { preload, loaded: () => view.status === "loaded" });
}

/** What a part whose chunk could not be loaded shows instead: an alert, and Retry to load it again. */
export function PartLoadError({ retry }: { retry: () => void }) {
  return <PartFailed retry={retry} />;
}
