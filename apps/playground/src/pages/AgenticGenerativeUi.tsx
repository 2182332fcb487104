import { useAgentState } from "@tandem/react";
import { Chat } from "@tandem/ui";

interface Task {
  description: string;
  status: "pending" | "completed";
}

function TaskProgress() {
  const steps = useAgentState((s?: { steps?: Task[] } | null) => s?.steps);
  if (!steps?.length) return null;
  const done = steps.filter((s) => s.status === "completed").length;
  return (
    <section data-testid="task-progress" className="pg-card pg-progress" aria-label="Task progress">
      <p>
        <strong>{`${done}/${steps.length}`}</strong> steps done
      </p>
      <div
        className="tandem-progress"
        role="progressbar"
        aria-label="Steps done"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={done}
      >
        <div className="tandem-progress__bar" style={{ width: `${(100 * done) / steps.length}%` }} />
      </div>
      <ol>
        {steps.map((step) => (
          <li key={step.description} data-testid="task-step" data-status={step.status}>
            {step.status === "completed" ? "✓ " : "○ "}
            {step.description}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The agent's state (a snapshot, then one delta per step) drawn live. */
export default function AgenticGenerativeUi() {
  return (
    <>
      <TaskProgress />
      <Chat suggestions={[{ label: "Start", prompt: "work through the plan" }]} />
    </>
  );
}
