import type { ToolCallView } from "@tandem/react";
import { useId } from "react";
import { cx } from "../util/cx.js";
import { argsText } from "./status.js";
import { useConfirmation } from "./useConfirmation.js";

export interface ConfirmationProps {
  call: ToolCallView;
  className?: string;
}

/**
 * The default approval for a human-in-the-loop tool with no render of its own: what the agent
 * wants to do, its arguments, Approve / Reject (with an optional reason). Escape rejects.
 */
export function Confirmation({ call, className }: ConfirmationProps) {
  const { description, reason, setReason, answered, approve, reject, keys, focusRef } = useConfirmation(call);
  const descriptionId = useId();
  const reasonId = useId();
  return (
    <fieldset
      aria-label={`Allow the agent to run ${call.name}?`}
      aria-describedby={description ? descriptionId : undefined}
      className={cx("tandem-confirmation", className)}
      data-answered={answered || undefined}
      {...keys}
    >
      <p className="tandem-confirmation__title">
        Allow the agent to run <strong>{call.name}</strong>?
      </p>
      {description && (
        <p id={descriptionId} className="tandem-confirmation__description">
          {description}
        </p>
      )}
      <p className="tandem-confirmation__label">Arguments</p>
      <pre className="tandem-confirmation__args" tabIndex={0}>
        {argsText(call.args, call.argsText)}
      </pre>
      <div className="tandem-confirmation__reason">
        <label htmlFor={reasonId}>Reason (optional)</label>
        <input id={reasonId} type="text" value={reason} disabled={answered} onChange={(e) => setReason(e.target.value)} />
      </div>
      <div className="tandem-confirmation__actions">
        <button
          ref={focusRef}
          type="button"
          className="tandem-button tandem-button--primary"
          data-tandem-autofocus=""
          disabled={answered}
          onClick={approve}
        >
          Approve
        </button>
        <button type="button" className="tandem-button" disabled={answered} onClick={reject}>
          Reject
        </button>
      </div>
    </fieldset>
  );
}
