import { useLatest } from "@tandem/react";
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef } from "react";
import { type ConfirmationEntry, useConfirmationFocusRegistry } from "./confirmationFocus.js";

/** Options for `useConfirmationKeys()`. */
export interface ConfirmationKeysOptions {
  /** The confirmation waits for an answer: it takes focus when this turns true, and Escape works only then. */
  pending: boolean;
  /** Escape while pending calls this: reject, as the Reject button would. */
  onReject: () => void;
  /**
   * The control to focus when the confirmation appears, if it is enabled (else the control
   * marked `data-tandem-autofocus`, else the first control).
   */
  initialFocus?: RefObject<HTMLElement | null>;
}

/** Spread these on the confirmation's container (any element). */
export interface ConfirmationKeys {
  /** Attaches the container, so focus can be moved into it and on from it. */
  ref: (element: HTMLElement | null) => void;
  /** Escape while pending calls `onReject` (not while an IME composes or if already handled). */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  "data-tandem-confirmation": "";
}

const CONTROLS = "button, input, select, textarea, a[href], [tabindex]";

const enabled = (el: HTMLElement | null | undefined): el is HTMLElement =>
  el != null && !(el as HTMLButtonElement).disabled && el.isConnected;

/** `preferred` when enabled, else the element marked `data-tandem-autofocus`, else the first enabled control, else the container itself. */
function focusFirst(container: HTMLElement, preferred: HTMLElement | null | undefined): void {
  if (enabled(preferred)) {
    preferred.focus();
    return;
  }
  const marked = container.querySelector<HTMLElement>("[data-tandem-autofocus]:not(:disabled)");
  const first = [...container.querySelectorAll<HTMLElement>(CONTROLS)].find(
    (el) => !(el as HTMLButtonElement).disabled && el.tabIndex >= 0 && !el.closest("[hidden]"),
  );
  const target = marked ?? first;
  if (target) {
    target.focus();
    return;
  }
  if (!container.hasAttribute("tabindex")) container.tabIndex = -1;
  container.focus();
}

const focusIsLost = (el: HTMLElement | null): boolean => {
  const doc = el?.ownerDocument ?? (typeof document === "undefined" ? undefined : document);
  const active = doc?.activeElement;
  return !active || active === doc?.body || (el?.contains(active) ?? false);
};

/**
 * What the DOM contract promises of every confirmation, for your own `render`: spread the result
 * on its container. While `pending`, it takes focus when it appears (its control marked
 * `data-tandem-autofocus`, else its first control) unless the user is answering another pending
 * confirmation, and Escape calls `onReject`. Once answered (`pending` turns false, or it goes
 * away), focus moves to the next pending confirmation, or to the composer.
 *
 * ```tsx
 * const keys = useConfirmationKeys({ pending: respond !== undefined, onReject: () => respond?.({ approved: false }) });
 * return <fieldset aria-label="Confirm changes" {...keys}>…</fieldset>;
 * ```
 */
export function useConfirmationKeys({ pending, onReject, initialFocus }: ConfirmationKeysOptions): ConfirmationKeys {
  const registry = useConfirmationFocusRegistry();
  const ref = useRef<HTMLElement | null>(null);
  const setRef = useCallback((element: HTMLElement | null) => {
    ref.current = element;
  }, []);
  const pendingRef = useLatest(pending);
  const preferred = useLatest(initialFocus);
  const entry = useRef<ConfirmationEntry | null>(null);
  entry.current ??= {
    element: () => ref.current,
    pending: () => pendingRef.current,
    focus: () => {
      if (ref.current) focusFirst(ref.current, preferred.current?.current);
    },
  };

  useEffect(() => {
    const self = entry.current!;
    const unregister = registry.register(self);
    return () => {
      const element = ref.current;
      unregister();
      // Answered and gone (or gone while waiting): focus would fall to <body>; move it on.
      if (focusIsLost(element)) registry.handOff(self);
    };
  }, [registry]);

  const was = useRef<boolean | null>(null);
  useEffect(() => {
    const self = entry.current!;
    const before = was.current;
    was.current = pending;
    if (pending && before !== true) {
      if (!registry.focusHeldByOther(self)) self.focus();
    } else if (!pending && before === true && focusIsLost(ref.current)) {
      registry.handOff(self);
    }
  }, [pending, registry]);

  return {
    ref: setRef,
    "data-tandem-confirmation": "",
    onKeyDown: (event) => {
      if (event.key !== "Escape" || !pending || event.defaultPrevented || event.nativeEvent.isComposing) return;
      event.preventDefault();
      event.stopPropagation();
      onReject();
    },
  };
}
