import { composeEventHandlers } from "@radix-ui/primitive";
import { useComposedRefs } from "@radix-ui/react-compose-refs";
import { Slot } from "@radix-ui/react-slot";
import { type ComponentPropsWithoutRef, type ElementType, forwardRef, type ReactNode } from "react";
import { cx } from "./cx.js";
import { useDelegatedAction } from "./delegatedClick.js";

export interface AsChildProp {
  /**
   * Renders the one child element in place of the part's own element, with the part's props,
   * handlers, ref and class merged onto it (Radix's `asChild`).
   */
  asChild?: boolean;
}

/** The element a part renders: its own tag, or the child it is given with `asChild`. */
export function slotOr<T extends ElementType>(asChild: boolean | undefined, tag: T): T {
  return (asChild ? Slot : tag) as T;
}

/** What every action button of a part takes: a button's props, and `asChild`. */
export interface PartButtonProps extends ComponentPropsWithoutRef<"button">, AsChildProp {}

interface ActionButtonProps extends PartButtonProps {
  /** What the part does on click, after the app's `onClick` (skipped if it called `preventDefault()`). */
  action?: (() => void) | undefined;
  /** The part's own reason to be disabled (the app's `disabled` counts too). */
  off?: boolean;
  /** Shown when the app gives no children. */
  label: ReactNode;
  /** The part's classes, before the app's `className`. */
  classes: string;
}

/**
 * The button every action part renders (Send, Stop, Retry, Approve, Reject, a suggestion): a
 * `<button type="button">` or, with `asChild`, the app's own element; `data-disabled` while
 * disabled. Inside the transcript its action runs from the transcript's one click handler
 * (unless the app gives an `onClick`), so a row's buttons add no native listeners.
 */
export const ActionButton = forwardRef<HTMLButtonElement, ActionButtonProps>(function ActionButton(
  { asChild, action, off = false, label, classes, className, children, disabled, onClick, ...rest },
  ref,
) {
  const Button = slotOr(asChild, "button");
  const isOff = disabled === true || off;
  const delegated = useDelegatedAction<HTMLButtonElement>(onClick ? undefined : action);
  const refs = useComposedRefs(ref, delegated.ref);
  return (
    <Button
      type="button"
      disabled={isOff}
      data-disabled={isOff ? "" : undefined}
      {...rest}
      ref={refs}
      className={cx(classes, className)}
      onClick={onClick ? (action ? composeEventHandlers(onClick, action) : onClick) : delegated.onClick}
    >
      {children ?? label}
    </Button>
  );
});
