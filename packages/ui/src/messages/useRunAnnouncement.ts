import { useAgent } from "@tandem/react";
import { useEffect, useRef, useState } from "react";
import { useLabels } from "../labels/labels.js";

/**
 * What a screen reader should hear about the run: its start, its end, an error, a question, a
 * connection being restored ("Reconnecting…"), a run another tab owns being followed. Not each
 * token: the transcript itself is not live.
 * A run that ended with its message given back to the outbox (the agent could not be reached,
 * or the device went offline) produced no reply: nothing is said as finished (the outbox says why).
 */
export function useRunAnnouncement(): string {
  const status = useAgent((s) => s.status);
  const error = useAgent((s) => s.error);
  const cancelled = useAgent((s) => s.lastOutcome === "cancelled");
  const reconnecting = useAgent((s) => s.reconnecting);
  const following = useAgent((s) => s.following);
  const unsent = useAgent((s) => s.outbox.some((i) => i.state === "waiting" || i.state === "unreachable"));
  const labels = useLabels();
  const previous = useRef(status);
  const wasReconnecting = useRef(reconnecting);
  const [text, setText] = useState("");
  useEffect(() => {
    if (wasReconnecting.current === reconnecting) return;
    wasReconnecting.current = reconnecting;
    // A dropped stream being restored, then the reply going on (its end or an error is said below).
    if (status === "running") setText(reconnecting ? labels.reconnecting : labels.agentContinuing);
  }, [reconnecting, status, labels]);
  const wasFollowing = useRef(following);
  useEffect(() => {
    if (wasFollowing.current === following) return;
    wasFollowing.current = following;
    // Another tab's run, shown here read-only; once it is over, that is no longer said.
    setText(following ? labels.following : "");
  }, [following, labels]);
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (before === status) return;
    if (status === "running" && before !== "running") setText(before === "awaiting-input" ? labels.agentContinuing : labels.agentReplying);
    else if (status === "idle") setText(cancelled ? labels.stopped : unsent && before !== "awaiting-input" ? "" : labels.replyFinished);
    else if (status === "awaiting-input") setText(labels.awaitingInput);
    else if (status === "error") setText(labels.runError(error?.message));
  }, [status, error, cancelled, unsent, labels]);
  return text;
}
