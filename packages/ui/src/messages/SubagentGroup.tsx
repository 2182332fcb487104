import type { SubagentStatus, SubagentView } from "@tandem/react";
import { type ReactNode, useId, useState } from "react";
import { cx } from "../util/cx.js";

export interface SubagentGroupProps {
  subagent: SubagentView;
  /** The subagent's messages and tool calls (and the groups of subagents it started). */
  children?: ReactNode;
  className?: string;
}

const STATUS_LABEL: Record<SubagentStatus, string> = {
  running: "Working",
  finished: "Done",
  suspended: "Paused",
  failed: "Failed",
};

/**
 * One subagent invocation in the transcript: a group named `Subagent: <name>` with its status
 * in `data-status`, a disclosure button (open while it works or when it failed, closed once
 * finished, unless the user chose), its description and error, and its own messages inside.
 */
export function SubagentGroup({ subagent, children, className }: SubagentGroupProps) {
  const [chosen, setChosen] = useState<boolean | null>(null);
  const expanded = chosen ?? subagent.status !== "finished";
  const bodyId = useId();
  return (
    <fieldset
      aria-label={`Subagent: ${subagent.name}`}
      className={cx("tandem-subagent", className)}
      data-status={subagent.status}
      data-subagent-run-id={subagent.id}
      aria-busy={subagent.status === "running" || undefined}
    >
      <button
        type="button"
        className="tandem-subagent__toggle"
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={() => setChosen(!expanded)}
      >
        <span className="tandem-subagent__kind">Subagent</span>
        <span className="tandem-subagent__name">{subagent.name}</span>
        <span className="tandem-subagent__status" data-status={subagent.status}>
          {STATUS_LABEL[subagent.status]}
        </span>
      </button>
      {subagent.description && <p className="tandem-subagent__description">{subagent.description}</p>}
      {subagent.error && <p className="tandem-subagent__error">{subagent.error}</p>}
      <div id={bodyId} className="tandem-subagent__body" hidden={!expanded}>
        {children}
      </div>
    </fieldset>
  );
}
