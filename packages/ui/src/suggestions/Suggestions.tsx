import { useAgent } from "@tandem/react";
import { cx } from "../util/cx.js";

export type Suggestion = string | { label: string; prompt?: string };

export interface SuggestionsProps {
  suggestions: readonly Suggestion[];
  /** Called with the prompt instead of sending it. */
  onSelect?: (prompt: string) => void;
  className?: string;
}

/** Buttons that send a preset prompt. */
export function Suggestions({ suggestions, onSelect, className }: SuggestionsProps) {
  const busy = useAgent((s) => s.status === "running");
  const { sendMessage } = useAgent();
  if (suggestions.length === 0) return null;
  return (
    <fieldset aria-label="Suggestions" className={cx("tandem-suggestions", className)}>
      {suggestions.map((s) => {
        const label = typeof s === "string" ? s : s.label;
        const prompt = typeof s === "string" ? s : (s.prompt ?? s.label);
        return (
          <button
            key={`${label}\u0000${prompt}`}
            type="button"
            className="tandem-suggestions__item"
            disabled={busy}
            onClick={() => (onSelect ? onSelect(prompt) : void sendMessage(prompt))}
          >
            {label}
          </button>
        );
      })}
    </fieldset>
  );
}
