/** A module (or anything) loaded once by {@link loadOnce}. */
export interface LoadOnce<T> {
  /**
   * Starts the load, or joins the one under way, or returns the loaded value. A load that failed
   * is forgotten: the next call loads again (a network that was down may be back, a new deploy's
   * files may be there).
   */
  (): Promise<T>;
  /** The value once loaded, else undefined: for code that can use it at once when it is there. */
  loaded(): T | undefined;
}

/**
 * The one way Tandem loads a chunk of its own (`loadOnce` over a dynamic import): once, shared
 * by every caller while it loads, kept once loaded, and loaded again by the next call after a
 * failure, so a chunk that could not be fetched once (offline for a moment, an old deploy's file
 * gone) never stays failed. Call it once, at module level.
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | undefined;
  let value: { current: T } | undefined;
  const get = (): Promise<T> => {
    if (value) return Promise.resolve(value.current);
    loading ??= load().then(
      (loaded) => {
        value = { current: loaded };
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(get, { loaded: () => value?.current });
}
