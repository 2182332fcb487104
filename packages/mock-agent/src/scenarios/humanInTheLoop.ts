import { run, textMessage, toolCallPieces } from "../steps.js";
import type { Script } from "../types.js";
import { answered, approved, lastUserText } from "./read.js";

interface TaskStep {
  description: string;
  status: "enabled" | "disabled";
}

function stepsFor(task: string): TaskStep[] {
  const topic = task.replace(/^(please\s+)?(help me\s+)?(to\s+)?/i, "").replace(/[.?!]+$/, "") || "the task";
  return [
    `Understand the goal: ${topic}`,
    "Gather what is needed",
    "Draft a plan",
    "Check the plan for risks",
    "Carry out the plan",
    "Review the result",
  ].map((description) => ({ description, status: "enabled" }));
}

/** Dojo "human in the loop": generate_task_steps asks the user to pick steps; the answer depends on them. */
export const humanInTheLoop: Script = (input, { tokenDelayMs }) => {
  const done = answered<{ steps: TaskStep[] }, { accepted?: boolean; steps?: TaskStep[] }>(input, "generate_task_steps");
  if (done) {
    if (!approved(done.result)) {
      return run(input, textMessage("Understood, I won't do that. Tell me what you would like to change.", { tokenDelayMs }));
    }
    const chosen = (done.result.steps ?? done.args.steps).filter((s) => s.status === "enabled").map((s) => s.description);
    return run(input, textMessage(`Great, I'll go ahead with these steps: ${chosen.join("; ")}.`, { tokenDelayMs }));
  }
  const steps = stepsFor(lastUserText(input));
  // One argument piece per step, as the Dojo server streams it, so the picker fills in step by step.
  const pieces = ['{"steps":[', ...steps.map((s, i) => JSON.stringify(s) + (i < steps.length - 1 ? "," : "")), "]}"];
  return run(input, [
    ...textMessage("Here is a plan. Pick the steps you want me to take.", { tokenDelayMs }),
    ...toolCallPieces("generate_task_steps", pieces, { tokenDelayMs: tokenDelayMs * 4 }),
  ]);
};
