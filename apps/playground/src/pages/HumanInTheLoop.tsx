import { useHumanInTheLoop } from "@tandem/react";
import { Chat } from "@tandem/ui";
import { useEffect, useRef, useState } from "react";

interface Step {
  description: string;
  status: "enabled" | "disabled";
}

function StepPicker({ steps, respond }: { steps: Step[]; respond?: (result: unknown) => void }) {
  const [chosen, setChosen] = useState<Step[] | null>(null);
  const [answered, setAnswered] = useState(false);
  const group = useRef<HTMLDivElement>(null);
  const current = chosen ?? steps;
  const waiting = respond !== undefined && !answered;
  useEffect(() => {
    if (waiting) group.current?.focus();
  }, [waiting]);
  const answer = (accepted: boolean) => {
    setAnswered(true);
    respond?.({ accepted, steps: current });
  };
  return (
    <div ref={group} tabIndex={-1} role="group" aria-label="Select steps" data-testid="select-steps" className="pg-card pg-steps">
      <ul>
        {current.map((step, i) => (
          <li key={i}>
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
        <button type="button" disabled={!waiting} onClick={() => answer(true)}>
          Approve
        </button>
        <button type="button" disabled={!waiting} onClick={() => answer(false)}>
          Reject
        </button>
      </div>
    </div>
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
