import type { ReactElement } from "react";

/** 16px stroke icons for icon-only buttons; the button's aria-label names them. */
function icon(path: string): () => ReactElement {
  return function Icon() {
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
      >
        <path d={path} />
      </svg>
    );
  };
}

export const CopyIcon = icon("M9 9h11v11H9zM5 15H4V4h11v1");
export const CheckIcon = icon("M20 6 9 17l-5-5");
export const EditIcon = icon("M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z");
export const RegenerateIcon = icon("M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5");
export const PreviousIcon = icon("m15 18-6-6 6-6");
export const NextIcon = icon("m9 18 6-6-6-6");
