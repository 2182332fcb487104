import { type ReactNode, type RefObject, useEffect, useRef } from "react";

export type PanelName = "threads" | "inspector";

/**
 * A side panel of the page (the thread list, the inspector): beside the chat on a wide window;
 * below a tablet's width (playground.css) a drawer that its toggle opens. Opened, it takes
 * focus; Escape or its Close button closes it and gives focus back to the toggle; a click
 * outside it closes it too. Closed, its content stays mounted (the inspector keeps recording).
 */
export function Panel({
  id,
  label,
  side,
  open,
  toggle,
  onClose,
  children,
}: {
  id: string;
  label: string;
  side: "start" | "end";
  open: boolean;
  toggle: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  children: ReactNode;
}) {
  const panel = useRef<HTMLElement>(null);
  const close = (refocus: boolean) => {
    onClose();
    if (refocus) toggle.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !toggle.current?.contains(target)) onClose();
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open, onClose, toggle]);
  return (
    <section
      id={id}
      ref={panel}
      tabIndex={-1}
      aria-label={`${label} panel`}
      className={`pg-panel pg-panel--${side}`}
      data-open={open ? "" : undefined}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open || event.defaultPrevented) return;
        event.preventDefault();
        close(true);
      }}
    >
      <div className="pg-panel__bar">
        <h2>{label}</h2>
        <button
          type="button"
          className="tandem-button tandem-button--ghost"
          aria-label={`Close ${label.toLowerCase()}`}
          onClick={() => close(true)}
        >
          ✕
        </button>
      </div>
      {children}
    </section>
  );
}
