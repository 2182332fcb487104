// The parts registry: which component renders each named part of <Chat>. This module is the
// bottom of @tandem/ui's parts and imports none of them. Each part's own file adds its name and
// props to `ChatParts` by declaration merging (as zustand's `StoreMutators`), and the one table
// of defaults, at the top (chat/defaultParts.tsx), registers itself here when @tandem/ui loads.
import { shallowEqual } from "@tandem/react";
import { type ComponentType, createContext, type ReactNode, useContext, useRef } from "react";

/**
 * The props of each named part, filled in by the part's own module:
 *
 * ```ts
 * declare module "../parts/registry.js" {
 *   interface ChatParts {
 *     Confirmation: ConfirmationProps;
 *   }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each part's module
export interface ChatParts {}

/** Every part <Chat> is built from, by name; pass any of them (`<Chat components>`) to replace the default. */
export type ChatComponents = { [Name in keyof ChatParts]: ComponentType<ChatParts[Name]> };

let defaults: Partial<ChatComponents> = {};

/**
 * Sets the parts used where no provider replaces them (called once, by the table of defaults as
 * @tandem/ui loads).
 *
 * @internal
 */
export function registerDefaultParts(table: ChatComponents): void {
  defaults = table;
}

const ComponentsContext = createContext<Partial<ChatComponents>>({});

/** Replaces parts for everything below it (what `<Chat components>` does); nested providers add to the outer ones. */
export function ChatComponentsProvider({ value, children }: { value: Partial<ChatComponents> | undefined; children?: ReactNode }) {
  const outer = useContext(ComponentsContext);
  const last = useRef<{
    outer: Partial<ChatComponents>;
    value: Partial<ChatComponents> | undefined;
    merged: Partial<ChatComponents>;
  } | null>(null);
  // An inline `components={{...}}` is a new object per render: keep the context value stable
  // while its entries are the same, or every message row would re-render with the root.
  if (!last.current || last.current.outer !== outer || !shallowEqual(last.current.value, value)) {
    last.current = { outer, value, merged: value ? { ...outer, ...value } : outer };
  }
  return <ComponentsContext.Provider value={last.current.merged}>{children}</ComponentsContext.Provider>;
}

/** The part rendering `name` here: the nearest provider's replacement, else the default. */
export function usePart<Name extends keyof ChatParts>(name: Name): ComponentType<ChatParts[Name]> {
  const part = useContext(ComponentsContext)[name] ?? defaults[name];
  if (!part)
    throw new Error(
      `No "${String(name)}" part: the table of default parts (the package entry loads it) is not loaded; pass components.${String(name)}.`,
    );
  return part as ComponentType<ChatParts[Name]>;
}

/** The replacements in effect here (only those given to a provider; each part falls back to its default). */
export function useChatComponents(): Partial<ChatComponents> {
  return useContext(ComponentsContext);
}

/**
 * Starts loading the default part `name` where it is a chunk of its own (see lazyPart), ahead of
 * the render that shows it; settles when it is in (at once for a part in the first load). A
 * failed load rejects; the part, when rendered, shows its failure view with Retry.
 */
export function preloadPart(name: keyof ChatParts): Promise<void> {
  return (defaults[name] as Loadable | undefined)?.preload?.() ?? Promise.resolve();
}

/** The default part `name` renders at once: it is in the first load, or its chunk is in. */
export function partLoaded(name: keyof ChatParts): boolean {
  return (defaults[name] as Loadable | undefined)?.loaded?.() ?? true;
}

/** A part that may be a chunk of its own (see lazyPart). */
type Loadable = { preload?: () => Promise<void>; loaded?: () => boolean };
