import { type RunStep, shallowEqual, useAgent } from "@tandem/react";
import { cx } from "../util/cx.js";
import { withKeys } from "../util/keys.js";

export interface StepsProps {
  className?: string;
}

const NONE: RunStep[] = [];
const sameList = (a: RunStep[], b: RunStep[]) => a.length === b.length && a.every((step, i) => shallowEqual(step, b[i]));

/** The steps the agent is working on right now (STEP_STARTED without STEP_FINISHED), while it runs. */
export function Steps({ className }: StepsProps) {
  const running = useAgent((s) => (s.status === "running" ? s.steps.filter((step) => step.status === "running") : NONE), sameList);
  if (running.length === 0) return null;
  return (
    <ul className={cx("tandem-steps", className)} aria-label="Steps in progress">
      {withKeys(running, (step) => step.name).map(([key, step]) => (
        <li key={key} className="tandem-steps__step" data-status={step.status}>
          {step.name}
        </li>
      ))}
    </ul>
  );
}
