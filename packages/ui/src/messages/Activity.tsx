import { cx } from "../util/cx.js";
import { pretty } from "../util/json.js";

export interface ActivityProps {
  activityType: string;
  content: Record<string, unknown>;
  className?: string;
}

export interface ProgressBarProps {
  /** 0..1; clamped. */
  value: number;
  label: string;
  className?: string;
}

/** A determinate progress bar (role="progressbar", 0..100). */
export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0)) * 100);
  return (
    <div
      className={cx("tandem-progress", className)}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
    >
      <div className="tandem-progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}

/**
 * An activity message. `tool-call-progress` (content `{ progress: 0..1, message }`) is a progress
 * bar with its message; other types show their content.
 */
export function Activity({ activityType, content, className }: ActivityProps) {
  if (activityType === "tool-call-progress") {
    const message = typeof content.message === "string" ? content.message : "";
    const progress = typeof content.progress === "number" ? content.progress : 0;
    return (
      <div className={cx("tandem-activity", "tandem-activity--progress", className)} data-activity-type={activityType}>
        <ProgressBar value={progress} label={message || "Tool progress"} />
        {message && <p className="tandem-activity__message">{message}</p>}
      </div>
    );
  }
  return (
    <div className={cx("tandem-activity", className)} data-activity-type={activityType}>
      <p className="tandem-activity__type">{activityType}</p>
      <pre className="tandem-activity__content">{pretty(content)}</pre>
    </div>
  );
}
