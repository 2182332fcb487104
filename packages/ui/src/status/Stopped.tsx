import { useAgent } from "@tandem/react";
import { useLabels } from "../labels/labels.js";

/** "Stopped" under the transcript when the agent ended its last run as cancelled (`RUN_FINISHED.outcome.type`), not as a success. */
export function Stopped() {
  const stopped = useAgent((s) => s.status === "idle" && s.lastOutcome === "cancelled");
  const labels = useLabels();
  return stopped ? (
    <p className="tandem-stopped" data-testid="run-stopped">
      {labels.stopped}
    </p>
  ) : null;
}
