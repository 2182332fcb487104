import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";

/** Props of `<ProgressBar>`: a `<div>`'s props, plus its value and accessible name (`label`). */
export interface ProgressBarProps extends Omit<ComponentPropsWithoutRef<"div">, "children"> {
  /** 0..1; clamped. */
  value: number;
  label: string;
}

/**
 * A determinate progress bar (role="progressbar", 0..100), `data-state="loading|complete"` and
 * `data-value` (0..100).
 */
export const ProgressBar = forwardRef<HTMLDivElement, ProgressBarProps>(function ProgressBar({ value, label, className, ...rest }, ref) {
  const labels = useLabels();
  const percent = Math.round(Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={labels.percent(percent)}
      data-state={percent === 100 ? "complete" : "loading"}
      data-value={percent}
      {...rest}
      ref={ref}
      className={cx("tandem-progress", className)}
    >
      <div className="tandem-progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
});

/** A progress report: its bar (named by the message, else by `label`) and the message under it. */
export function ProgressReport({ value, message, label }: { value: number; message?: string | undefined; label: string }) {
  return (
    <>
      <ProgressBar value={value} label={message || label} />
      {message && <p className="tandem-activity__message">{message}</p>}
    </>
  );
}
