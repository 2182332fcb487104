import { useMemo } from "react";
import { showValue } from "./showValue.js";

/** What a `Payload` shows: `text` as it is (a frame as it came), else `value` written as JSON (`showValue`). */
export interface PayloadProps {
  /** The block's accessible name. */
  label: string;
  value?: unknown;
  text?: string;
  testId?: string;
}

/** A block of JSON or text that may scroll: focusable and named, so a keyboard reaches all of it. */
export function Payload({ label, value, text, testId }: PayloadProps) {
  const shown = useMemo(() => text ?? showValue(value, 2), [text, value]);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
    // biome-ignore lint/a11y/useSemanticElements: a named group that stays a <pre>; a fieldset holds form controls
    <pre tabIndex={0} role="group" aria-label={label} data-testid={testId}>
      {shown}
    </pre>
  );
}
