/** Where the current thread's id is remembered across reloads. */
export interface Remember {
  /** The id remembered, or null when none is. */
  get(): string | null;
  /** Remembers `id` as the current thread. */
  set(id: string): void;
}

/** localStorage where there is one (and it lets us), else this page's memory. */
export function rememberInLocalStorage(key: string): Remember {
  let memory: string | null = null;
  return {
    get() {
      try {
        return globalThis.localStorage?.getItem(key) ?? memory;
      } catch {
        return memory;
      }
    },
    set(id) {
      memory = id;
      try {
        globalThis.localStorage?.setItem(key, id);
      } catch {
        // Private browsing may refuse; the current thread is then remembered for this page only.
      }
    },
  };
}
