import { useAgent } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";

/** Props of `<Following>`: a `<p>`'s props. */
export interface FollowingProps extends Omit<ComponentPropsWithoutRef<"p">, "children"> {}

/**
 * "Following a reply running elsewhere" while another tab or another device (browser) owns the
 * thread's run and this one shows it read-only (`state.following`); nothing otherwise. Screen readers hear it from the
 * status region, so this line is hidden from them.
 */
export const Following = forwardRef<HTMLParagraphElement, FollowingProps>(function Following({ className, ...rest }, ref) {
  const following = useAgent((s) => s.following);
  const labels = useLabels();
  if (!following) return null;
  return (
    <p data-testid="tandem-following" aria-hidden="true" {...rest} ref={ref} className={cx("tandem-following", className)}>
      {labels.following}
    </p>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** Says that another tab or device runs the reply and this one follows it. */
    Following: FollowingProps;
  }
}
