import { run, textMessage } from "../steps.js";
import type { Script, Step } from "../types.js";

const TASKS = [
  "Read the request",
  "Collect sources",
  "Outline the answer",
  "Check the facts",
  "Draft section one",
  "Draft section two",
  "Add examples",
  "Review tone",
  "Polish the wording",
  "Deliver the result",
];

/** Dojo "agentic generative UI": a STATE_SNAPSHOT of 10 steps, then one STATE_DELTA per finished step. */
export const agenticGenerativeUi: Script = (input, { tokenDelayMs }) => {
  const pace = Math.max(tokenDelayMs * 8, 1);
  const progress: Step[] = TASKS.flatMap((_, i) => [
    { delay: pace },
    { type: "STATE_DELTA", delta: [{ op: "replace", path: `/steps/${i}/status`, value: "completed" }] },
  ]);
  return run(input, [
    { type: "STATE_SNAPSHOT", snapshot: { steps: TASKS.map((description) => ({ description, status: "pending" })) } },
    ...progress,
    ...textMessage("All 10 steps are done.", { tokenDelayMs }),
  ]);
};
