import { type RunStep, shallowEqual, useAgent } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import { withKeys } from "../util/keys.js";

/** Props of `<Steps>`: a `<ul>`'s props. */
export interface StepsProps extends Omit<ComponentPropsWithoutRef<"ul">, "children"> {}

const NONE: RunStep[] = [];
const sameList = (a: RunStep[], b: RunStep[]) => a.length === b.length && a.every((step, i) => shallowEqual(step, b[i]));

/** The steps the agent is working on right now (STEP_STARTED without STEP_FINISHED), while it runs. */
export const Steps = forwardRef<HTMLUListElement, StepsProps>(function Steps({ className, ...rest }, ref) {
  const running = useAgent((s) => (s.status === "running" ? s.steps.filter((step) => step.status === "running") : NONE), sameList);
  const labels = useLabels();
  if (running.length === 0) return null;
  return (
    <ul aria-label={labels.stepsInProgress} {...rest} ref={ref} className={cx("tandem-steps", className)}>
      {withKeys(running, (step) => step.name).map(([key, step]) => (
        <li key={key} className="tandem-steps__step" data-status={step.status}>
          {step.name}
        </li>
      ))}
    </ul>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** The steps the agent works on. */
    Steps: StepsProps;
  }
}
