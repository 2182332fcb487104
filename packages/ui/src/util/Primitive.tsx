import { Slot } from "@radix-ui/react-slot";
import type { ElementType } from "react";

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
