import { type ComponentType, forwardRef, lazy, type RefAttributes, Suspense } from "react";

/**
 * A part whose code is a chunk of its own, loaded the first time it renders (nothing shows until
 * then): for parts an app may never use, so the main bundle does not carry them. Call it once, at
 * module level.
 */
export function lazyPart<P extends object, E>(load: () => Promise<ComponentType<P & RefAttributes<E>>>) {
  const Part = lazy(() => load().then((part) => ({ default: part }))) as unknown as ComponentType<P & RefAttributes<E>>;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, never during a render
  return forwardRef<E, P>(function LazyPart(props, ref) {
    return (
      <Suspense fallback={null}>
        <Part {...(props as P)} ref={ref} />
      </Suspense>
    );
  });
}
