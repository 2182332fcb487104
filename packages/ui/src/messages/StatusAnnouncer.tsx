import { cx } from "../util/cx.js";
import { useRunAnnouncement } from "./useRunAnnouncement.js";

export interface StatusAnnouncerProps {
  className?: string;
}

/** A visually hidden polite live region announcing run start, finish and errors. */
export function StatusAnnouncer({ className }: StatusAnnouncerProps) {
  const text = useRunAnnouncement();
  return (
    <div role="status" className={cx("tandem-visually-hidden", className)} data-testid="tandem-announcer">
      {text}
    </div>
  );
}
