import { useAgent } from "@tandem/react";
import { useEffect, useRef, useState } from "react";

/**
 * What a screen reader should hear about the run: its start, its end, an error, a question. Not
 * each token: the transcript itself is not live.
 */
export function useRunAnnouncement(): string {
  const status = useAgent((s) => s.status);
  const error = useAgent((s) => s.error);
  const previous = useRef(status);
  const [text, setText] = useState("");
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (before === status) return;
    if (status === "running" && before !== "running") setText(before === "awaiting-input" ? "Agent is continuing…" : "Agent is replying…");
    else if (status === "idle") setText("Reply finished");
    else if (status === "awaiting-input") setText("The agent is waiting for your input");
    else if (status === "error") setText(`Error: ${error?.message ?? "the agent could not reply"}`);
  }, [status, error]);
  return text;
}
