import { useAgent } from "@tandem/react";
import { type ComponentPropsWithoutRef, createContext, forwardRef, useContext } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import { ActionButton, type PartButtonProps } from "../util/Primitive.js";

/** A preset prompt: its text, or a label shown with the `prompt` sent (default: the label). */
export type Suggestion = string | { label: string; prompt?: string };

/** The group's `onSelect`, for its items. */
const SuggestionsContext = createContext<((prompt: string) => void) | undefined>(undefined);

/** Props of `<Suggestions>`: a `<fieldset>`'s props, plus the prompts to offer and an `onSelect` to call instead of sending. */
export interface SuggestionsProps extends Omit<ComponentPropsWithoutRef<"fieldset">, "onSelect"> {
  /** The prompts to offer; or compose SuggestionsItem children yourself. */
  suggestions?: readonly Suggestion[];
  /** Called with the prompt instead of sending it. */
  onSelect?: (prompt: string) => void;
}

/**
 * A group of buttons (named by the `suggestions` label) that send a preset prompt: one
 * SuggestionsItem per suggestion, or the `children` you compose. Nothing when there are none.
 */
export const Suggestions = forwardRef<HTMLFieldSetElement, SuggestionsProps>(function Suggestions(
  { suggestions = [], onSelect, className, children, ...rest },
  ref,
) {
  const labels = useLabels();
  if (suggestions.length === 0 && (children === undefined || children === null)) return null;
  return (
    <SuggestionsContext.Provider value={onSelect}>
      <fieldset aria-label={labels.suggestions} {...rest} ref={ref} className={cx("tandem-suggestions", className)}>
        {children ??
          suggestions.map((s) => {
            const label = typeof s === "string" ? s : s.label;
            const prompt = typeof s === "string" ? s : (s.prompt ?? s.label);
            return (
              <SuggestionsItem key={`${label}\u0000${prompt}`} prompt={prompt}>
                {label}
              </SuggestionsItem>
            );
          })}
      </fieldset>
    </SuggestionsContext.Provider>
  );
});

/** Props of `<SuggestionsItem>`: a button's props, `asChild`, and the prompt it sends. */
export interface SuggestionsItemProps extends PartButtonProps {
  /** What is sent (or given to the group's `onSelect`); the children are the label (default: the prompt). */
  prompt: string;
}

/** One preset prompt; disabled, with `data-disabled`, while the agent replies. Works outside Suggestions too. */
export const SuggestionsItem = forwardRef<HTMLButtonElement, SuggestionsItemProps>(function SuggestionsItem({ prompt, ...rest }, ref) {
  const busy = useAgent((s) => s.status === "running");
  const { sendMessage } = useAgent();
  const onSelect = useContext(SuggestionsContext);
  const select = () => (onSelect ? onSelect(prompt) : void sendMessage(prompt));
  return <ActionButton {...rest} ref={ref} action={select} off={busy} label={prompt} classes="tandem-suggestions__item" />;
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** The preset prompts of an empty thread. */
    Suggestions: SuggestionsProps;
  }
}
