import type { ReactElement } from "react";

/**
 * A 16px stroke icon for icon-only buttons; the button's aria-label names it. An element made
 * once, not a component: every row of a long thread shows two, and as components they were
 * four React fibers each (component, icon, svg, path); the path is the svg's markup (a constant).
 */
function icon(path: string): ReactElement {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant path of this file, never data
      dangerouslySetInnerHTML={{ __html: `<path d="${path}"/>` }}
    />
  );
}

export const CopyIcon = /* @__PURE__ */ icon("M9 9h11v11H9zM5 15H4V4h11v1");
export const CheckIcon = /* @__PURE__ */ icon("M20 6 9 17l-5-5");
export const EditIcon = /* @__PURE__ */ icon("M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z");
export const RegenerateIcon = /* @__PURE__ */ icon("M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5");
export const PreviousIcon = /* @__PURE__ */ icon("m15 18-6-6 6-6");
export const NextIcon = /* @__PURE__ */ icon("m9 18 6-6-6-6");
