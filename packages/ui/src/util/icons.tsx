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
export const ThumbUpIcon = /* @__PURE__ */ icon("M7 10v11H3V10zM7 10l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7");
export const ThumbDownIcon = /* @__PURE__ */ icon(
  "M17 14V3h4v11zM17 14l-4 8a3 3 0 0 1-3-3v-4H4.5a2 2 0 0 1-2-2.3l1.4-8A2 2 0 0 1 5.9 3H17",
);
export const MicIcon = /* @__PURE__ */ icon("M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3zM19 10v2a7 7 0 0 1-14 0v-2M12 19v3");
