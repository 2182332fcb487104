import { createContext, type ReactNode, useContext, useState } from "react";

/** One confirmation, as the registry sees it. */
export interface ConfirmationEntry {
  element(): HTMLElement | null;
  pending(): boolean;
  focus(): void;
}

/**
 * Which confirmations are on screen and where the composer is, so that focus can move from an
 * answered confirmation to the next pending one, or back to the composer, without searching
 * the document.
 */
export class ConfirmationFocusRegistry {
  private readonly entries = new Set<ConfirmationEntry>();
  private composer: (() => void) | null = null;

  register(entry: ConfirmationEntry): () => void {
    this.entries.add(entry);
    return () => this.entries.delete(entry);
  }

  /** The composer's focus function; returns the unregister function. */
  setComposer(focus: () => void): () => void {
    this.composer = focus;
    return () => {
      if (this.composer === focus) this.composer = null;
    };
  }

  /** Pending confirmations other than `except`, in document order. */
  private pending(except?: ConfirmationEntry): Array<{ entry: ConfirmationEntry; element: HTMLElement }> {
    const found: Array<{ entry: ConfirmationEntry; element: HTMLElement }> = [];
    for (const entry of this.entries) {
      const element = entry.element();
      if (entry !== except && element?.isConnected && entry.pending()) found.push({ entry, element });
    }
    return found.sort((a, b) => (a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  }

  /** Whether the user is in another pending confirmation (so a new one must not take focus). */
  focusHeldByOther(self: ConfirmationEntry): boolean {
    return this.pending(self).some(({ element }) => element.contains(element.ownerDocument.activeElement));
  }

  /** Focus goes to the first pending confirmation (other than `from`), else the composer. */
  handOff(from?: ConfirmationEntry): void {
    const next = this.pending(from)[0];
    if (next) next.entry.focus();
    else this.composer?.();
  }
}

const fallback = new ConfirmationFocusRegistry();
const ConfirmationFocusContext = createContext<ConfirmationFocusRegistry>(fallback);

/**
 * Scopes confirmation focus to a chat: its confirmations hand focus to each other and to its
 * composer. `<Chat>` provides one; use it when composing the parts yourself.
 */
export function ConfirmationFocusProvider({ children }: { children?: ReactNode }) {
  const [registry] = useState(() => new ConfirmationFocusRegistry());
  return <ConfirmationFocusContext.Provider value={registry}>{children}</ConfirmationFocusContext.Provider>;
}

export function useConfirmationFocusRegistry(): ConfirmationFocusRegistry {
  return useContext(ConfirmationFocusContext);
}
