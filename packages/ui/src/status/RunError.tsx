import { useAgent } from "@tandem/react";
import { cx } from "../util/cx.js";

export interface RunErrorProps {
  className?: string;
}

/** The run's error as an alert, with Retry. */
export function RunError({ className }: RunErrorProps) {
  const error = useAgent((s) => (s.status === "error" ? s.error : null));
  const { retry } = useAgent();
  if (!error) return null;
  return (
    <div role="alert" className={cx("tandem-run-error", className)} data-kind={error.kind}>
      <p className="tandem-run-error__message">{error.message}</p>
      <button type="button" className="tandem-button" onClick={() => void retry()}>
        Retry
      </button>
    </div>
  );
}
