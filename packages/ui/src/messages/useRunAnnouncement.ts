import { useAgent } from "@tandem/react";
import { useEffect, useRef, useState } from "react";
import { useLabels } from "../labels/labels.js";

/**
 * What a screen reader should hear about the run: its start, its end, an error, a question. Not
 * each token: the transcript itself is not live.
 */
export function useRunAnnouncement(): string {
  const status = useAgent((s) => s.status);
  const error = useAgent((s) => s.error);
  const cancelled = useAgent((s) => s.lastOutcome === "cancelled");
  const labels = useLabels();
  const previous = useRef(status);
  const [text, setText] = useState("");
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (before === status) return;
    if (status === "running" && before !== "running") setText(before === "awaiting-input" ? labels.agentContinuing : labels.agentReplying);
    else if (status === "idle") setText(cancelled ? labels.stopped : labels.replyFinished);
    else if (status === "awaiting-input") setText(labels.awaitingInput);
    else if (status === "error") setText(labels.runError(error?.message));
  }, [status, error, cancelled, labels]);
  return text;
}
