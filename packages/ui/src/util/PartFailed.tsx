import type { ReactNode } from "react";
import { useLabels } from "../labels/labels.js";

/** What {@link PartFailed} shows in place of a part that failed. */
export interface PartFailedProps {
  /** Why it failed, said to the user; the labels' `partLoadFailed` when left out. */
  message?: ReactNode;
  /** Tries the part again (loads its code again, or renders it again); no Retry button without it. */
  retry?: () => void;
  /** The part's raw text (a reply's Markdown source, say), shown as plain text so nothing is lost. */
  text?: string;
}

/**
 * The one view of a part that failed: it threw, went over a budget, or its code could not be
 * loaded. An alert (`data-testid="part-failed"`, DESIGN §4) with Retry where a retry can help,
 * and the part's raw text as plain text where there is one. The chat around it stays mounted.
 */
export function PartFailed({ message, retry, text }: PartFailedProps) {
  const labels = useLabels();
  return (
    <div className="tandem-part-failed" data-testid="part-failed">
      <div role="alert" className="tandem-part-error">
        <span>{message ?? labels.partLoadFailed}</span>
        {retry && (
          <button type="button" className="tandem-button" onClick={retry}>
            {labels.retry}
          </button>
        )}
      </div>
      {text !== undefined && text !== "" && <div className="tandem-part-failed-text">{text}</div>}
    </div>
  );
}
