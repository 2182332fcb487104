import type { SubagentView } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useId, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";

/** Props of `<SubagentGroup>`: a `<fieldset>`'s props, plus the subagent invocation it shows. */
export interface SubagentGroupProps extends ComponentPropsWithoutRef<"fieldset"> {
  subagent: SubagentView;
  /** The subagent's messages and tool calls (and the groups of subagents it started). */
  children?: ReactNode;
}

/**
 * One subagent invocation in the transcript: a group named `Subagent: <name>` with its status
 * in `data-status` and `data-state`, a disclosure button (`data-state="open|closed"`: open while
 * it works or when it failed, closed once finished, unless the user chose), its description and
 * error, and its own messages inside.
 */
export const SubagentGroup = forwardRef<HTMLFieldSetElement, SubagentGroupProps>(function SubagentGroup(
  { subagent, children, className, ...rest },
  ref,
) {
  const labels = useLabels();
  const [chosen, setChosen] = useState<boolean | null>(null);
  const expanded = chosen ?? subagent.status !== "finished";
  const bodyId = useId();
  return (
    <fieldset
      aria-label={labels.subagent(subagent.name)}
      data-state={subagent.status}
      data-status={subagent.status}
      data-subagent-run-id={subagent.id}
      aria-busy={subagent.status === "running" || undefined}
      {...rest}
      ref={ref}
      className={cx("tandem-subagent", className)}
    >
      <button
        type="button"
        className="tandem-subagent__toggle"
        aria-expanded={expanded}
        aria-controls={bodyId}
        data-state={expanded ? "open" : "closed"}
        onClick={() => setChosen(!expanded)}
      >
        <span className="tandem-subagent__kind">{labels.subagentKind}</span>
        <span className="tandem-subagent__name">{subagent.name}</span>
        <span className="tandem-subagent__status" data-status={subagent.status}>
          {labels.subagentStatus(subagent.status)}
        </span>
      </button>
      {subagent.description && <p className="tandem-subagent__description">{subagent.description}</p>}
      {subagent.error && <p className="tandem-subagent__error">{subagent.error}</p>}
      <div id={bodyId} className="tandem-subagent__body" hidden={!expanded}>
        {children}
      </div>
    </fieldset>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** A subagent's group in the transcript, holding its messages. */
    SubagentGroup: SubagentGroupProps;
  }
}
