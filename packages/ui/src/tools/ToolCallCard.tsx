import type { ToolCallView } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef, useId, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { ProgressReport } from "../messages/ProgressBar.js";
import { cx } from "../util/cx.js";
import { argsText, pretty } from "../util/json.js";

/** Props of `<ToolCallCard>`: a `<div>`'s props, plus the tool call to show. */
export interface ToolCallCardProps extends Omit<ComponentPropsWithoutRef<"div">, "children"> {
  call: ToolCallView;
}

/** Open while the call is live or failed; closed once complete, unless the user says otherwise. */
export function useDisclosure(call: ToolCallView): {
  expanded: boolean;
  /** Opens it if closed, closes it if open; the user's choice then holds whatever the status. */
  toggle: () => void;
} {
  const [chosen, setChosen] = useState<boolean | null>(null);
  const expanded = chosen ?? call.status !== "complete";
  return { expanded, toggle: () => setChosen(!expanded) };
}

/**
 * The default tool call card: name, status, progress while it runs, arguments as they stream,
 * result or error. A disclosure: `data-state="open|closed"` on the card and its toggle.
 */
export const ToolCallCard = forwardRef<HTMLDivElement, ToolCallCardProps>(function ToolCallCard({ call, className, ...rest }, ref) {
  const { expanded, toggle } = useDisclosure(call);
  const labels = useLabels();
  const progress = call.progress;
  const bodyId = useId();
  const state = expanded ? "open" : "closed";
  return (
    <div data-state={state} {...rest} ref={ref} className={cx("tandem-tool-card", className)}>
      <button
        type="button"
        className="tandem-tool-card__toggle"
        aria-expanded={expanded}
        aria-controls={bodyId}
        data-state={state}
        onClick={toggle}
      >
        <span className="tandem-tool-card__name">{call.name}</span>
        <span className="tandem-tool-card__status" data-status={call.status}>
          {labels.toolStatus(call.status)}
        </span>
      </button>
      {progress && call.status !== "complete" && call.status !== "error" && (
        <div className="tandem-tool-card__progress">
          <ProgressReport value={progress.value} message={progress.message} label={labels.toolProgress(call.name)} />
        </div>
      )}
      <div id={bodyId} className="tandem-tool-card__body" hidden={!expanded}>
        <p className="tandem-tool-card__label">{labels.arguments}</p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: long lines scroll sideways; a keyboard must reach them (axe's scrollable-region-focusable) */}
        <pre className="tandem-tool-card__args" tabIndex={0}>
          {argsText(call.args, call.argsText)}
        </pre>
        {call.status === "error" ? (
          <p className="tandem-tool-card__error">{call.error ?? pretty(call.result)}</p>
        ) : (
          call.result !== undefined && (
            <>
              <p className="tandem-tool-card__label">{labels.result}</p>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: long lines scroll sideways; a keyboard must reach them (axe's scrollable-region-focusable) */}
              <pre className="tandem-tool-card__result" tabIndex={0}>
                {pretty(call.result)}
              </pre>
            </>
          )
        )}
      </div>
    </div>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** The default card inside a tool call slot. */
    ToolCallCard: ToolCallCardProps;
  }
}
