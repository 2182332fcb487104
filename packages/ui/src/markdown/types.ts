import type { ComponentPropsWithoutRef } from "react";

export interface MarkdownProps extends Omit<ComponentPropsWithoutRef<"div">, "children"> {
  /** The Markdown text; it may be incomplete while it streams. */
  children: string;
}
