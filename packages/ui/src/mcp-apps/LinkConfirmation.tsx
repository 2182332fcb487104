import { useEffect, useId, useRef } from "react";
import type { McpAppLabels } from "./labels.js";

/** A link the app asked to open, waiting for the user. */
export interface PendingLink {
  url: string;
  resolve(agreed: boolean): void;
}

/**
 * Asks the user before a link the app wants is opened: an inline `role="alertdialog"` under the
 * frame with the full URL, "Open link" and "Cancel"; focus moves to it, Escape cancels.
 */
export function LinkConfirmation({ link, labels, onDone }: { link: PendingLink; labels: McpAppLabels; onDone(agreed: boolean): void }) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-q`}
      aria-describedby={`${id}-url`}
      className="tandem-mcp-app__confirm"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onDone(false);
        }
      }}
    >
      <p id={`${id}-q`}>{labels.openLinkQuestion}</p>
      <p id={`${id}-url`} className="tandem-mcp-app__url">
        {link.url}
      </p>
      <div className="tandem-mcp-app__actions">
        <button type="button" className="tandem-button" onClick={() => onDone(true)}>
          {labels.openLink}
        </button>
        <button type="button" ref={cancel} className="tandem-button" onClick={() => onDone(false)}>
          {labels.cancel}
        </button>
      </div>
    </div>
  );
}
