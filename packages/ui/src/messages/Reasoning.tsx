import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { useLabels } from "../labels/labels.js";
import { usePart } from "../parts/registry.js";
import { cx } from "../util/cx.js";

/** Props of `<Reasoning>`: a `<details>`'s props, plus the reasoning text and whether it streams. */
export interface ReasoningProps extends Omit<ComponentPropsWithoutRef<"details">, "children"> {
  text: string;
  /** The agent is still thinking (this is the message being streamed). */
  streaming?: boolean;
}

/** The agent's reasoning, collapsed under a summary; `data-state="streaming|complete"`, `data-streaming` while it streams. */
export const Reasoning = forwardRef<HTMLDetailsElement, ReasoningProps>(function Reasoning(
  { text, streaming = false, className, ...rest },
  ref,
) {
  const Markdown = usePart("Markdown");
  const labels = useLabels();
  return (
    <details
      data-state={streaming ? "streaming" : "complete"}
      data-streaming={streaming ? "" : undefined}
      {...rest}
      ref={ref}
      className={cx("tandem-reasoning", className)}
    >
      <summary className="tandem-reasoning__summary">{streaming ? labels.thinking : labels.reasoning}</summary>
      <div className="tandem-reasoning__body">
        <Markdown complete={!streaming}>{text}</Markdown>
      </div>
    </details>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** A reasoning message. */
    Reasoning: ReasoningProps;
  }
}
