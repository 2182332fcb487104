import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { cx } from "../util/cx.js";
import { useRunAnnouncement } from "./useRunAnnouncement.js";

/** Props of `<StatusAnnouncer>`: a `<div>`'s props. */
export interface StatusAnnouncerProps extends Omit<ComponentPropsWithoutRef<"div">, "children"> {}

/** A visually hidden polite live region announcing run start, finish and errors. */
export const StatusAnnouncer = forwardRef<HTMLDivElement, StatusAnnouncerProps>(function StatusAnnouncer({ className, ...rest }, ref) {
  const text = useRunAnnouncement();
  return (
    <div role="status" data-testid="tandem-announcer" {...rest} ref={ref} className={cx("tandem-visually-hidden", className)}>
      {text}
    </div>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** The live region that says what the run is doing. */
    StatusAnnouncer: StatusAnnouncerProps;
  }
}
