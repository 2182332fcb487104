import { useChatComponents } from "../chat/components.js";
import { Markdown as LazyMarkdown } from "../markdown/LazyMarkdown.js";
import { cx } from "../util/cx.js";

export interface ReasoningProps {
  text: string;
  /** The agent is still thinking (this is the message being streamed). */
  streaming?: boolean;
  className?: string;
}

/** The agent's reasoning, collapsed under a summary. */
export function Reasoning({ text, streaming = false, className }: ReasoningProps) {
  const { Markdown = LazyMarkdown } = useChatComponents();
  return (
    <details className={cx("tandem-reasoning", className)} data-streaming={streaming || undefined}>
      <summary className="tandem-reasoning__summary">{streaming ? "Thinking…" : "Reasoning"}</summary>
      <div className="tandem-reasoning__body">
        <Markdown>{text}</Markdown>
      </div>
    </details>
  );
}
