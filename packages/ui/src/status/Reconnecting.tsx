import { useAgent } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";

/** Props of `<Reconnecting>`: a `<p>`'s props. */
export interface ReconnectingProps extends Omit<ComponentPropsWithoutRef<"p">, "children"> {}

/**
 * "Reconnecting…" while a dropped reply's connection is being restored (`state.reconnecting`);
 * nothing otherwise. Screen readers hear it from the status region, so this line is hidden from them.
 */
export const Reconnecting = forwardRef<HTMLParagraphElement, ReconnectingProps>(function Reconnecting({ className, ...rest }, ref) {
  const reconnecting = useAgent((s) => s.status === "running" && s.reconnecting);
  const labels = useLabels();
  if (!reconnecting) return null;
  return (
    <p data-testid="tandem-reconnecting" aria-hidden="true" {...rest} ref={ref} className={cx("tandem-reconnecting", className)}>
      {labels.reconnecting}
    </p>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** Says that the stream dropped and is being picked up again. */
    Reconnecting: ReconnectingProps;
  }
}
