import { useHumanInTheLoop } from "@tandem/react";
import { Chat, useConfirmationKeys } from "@tandem/ui";
import { useState } from "react";

interface Step {
  description: string;
  status: "enabled" | "disabled";
}

function StepPicker({ steps, respond }: { steps: Step[]; respond?: (result: unknown) => void }) {
  const [chosen, setChosen] = useState<Step[] | null>(null);
  const [answered, setAnswered] = useState(false);
  const current = chosen ?? steps;
  const waiting = respond !== undefined && !answered;
  const answer = (accepted: boolean) => {
    setAnswered(true);
    respond?.({ accepted, steps: current });
  };
  // Takes focus when it appears (its first step), Escape rejects, focus moves on once answered.
  const keys = useConfirmationKeys({ pending: waiting, onReject: () => answer(false) });
  return (
    <fieldset aria-label="Select steps" data-testid="select-steps" className="pg-card pg-steps" {...keys}>
      <ul>
        {current.map((step, i) => (
          <li key={step.description}>
            <label>
              <input
                type="checkbox"
                data-testid="step-item"
                checked={step.status === "enabled"}
                disabled={!waiting}
                onChange={() =>
                  setChosen(current.map((s, j) => (j === i ? { ...s, status: s.status === "enabled" ? "disabled" : "enabled" } : s)))
                }
              />
              {step.description}
            </label>
          </li>
        ))}
      </ul>
      <div className="pg-actions">
        <button type="button" className="tandem-button tandem-button--primary" disabled={!waiting} onClick={() => answer(true)}>
          Approve
        </button>
        <button type="button" className="tandem-button" disabled={!waiting} onClick={() => answer(false)}>
          Reject
        </button>
      </div>
    </fieldset>
  );
}

/** The agent proposes steps; the run waits until the person picks and approves or rejects. */
export default function HumanInTheLoop() {
  useHumanInTheLoop({
    name: "generate_task_steps",
    description: "Propose the steps of a task for the user to pick before you carry it out.",
    parameters: {
      type: "object",
      properties: {
        steps: {
          type: "array",
          items: {
            type: "object",
            properties: { description: { type: "string" }, status: { type: "string", enum: ["enabled", "disabled"] } },
            required: ["description", "status"],
          },
        },
      },
      required: ["steps"],
    },
    render: ({ args, respond, status }) => {
      const steps = ((args?.steps ?? []) as Partial<Step>[]).filter((s): s is Step => typeof s?.description === "string");
      if (status === "streaming") return <p className="pg-muted">Planning {steps.length} steps…</p>;
      return (
        <StepPicker steps={steps.map((s) => ({ ...s, status: s.status === "disabled" ? "disabled" : "enabled" }))} respond={respond} />
      );
    },
  });
  return <Chat suggestions={[{ label: "Plan a trip", prompt: "plan a trip to Mars" }]} />;
}
