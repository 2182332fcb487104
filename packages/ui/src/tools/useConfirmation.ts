import { type ToolCallView, useAgentClient } from "@tandem/react";
import { type RefObject, useRef, useState } from "react";
import { type ConfirmationKeys, useConfirmationKeys } from "./useConfirmationKeys.js";

/** The result a confirmation sends to the agent: whether the call was approved, and the reason given on Reject. */
export interface ConfirmationAnswer {
  approved: boolean;
  reason?: string;
}

/** What `useConfirmation(call)` returns: the reason field, whether it was answered, Approve and Reject, and focus handling. */
export interface UseConfirmation {
  /** What the tool says it does, from its registration. */
  description: string | undefined;
  reason: string;
  /** Sets the reason sent with Reject. */
  setReason: (reason: string) => void;
  answered: boolean;
  /** Answers `{ approved: true }`; does nothing once answered. */
  approve: () => void;
  /** Answers `{ approved: false }`, with the trimmed reason when there is one; does nothing once answered. */
  reject: () => void;
  /** Spread on the confirmation's container: focus when it appears, Escape rejects, focus moves on once answered. */
  keys: ConfirmationKeys;
  /** Put on the control that should take focus when the confirmation appears (ConfirmationApprove does). */
  focusRef: RefObject<HTMLButtonElement | null>;
}

/**
 * Answers one human-in-the-loop call, keyed by its toolCallId: Approve sends `{ approved: true }`,
 * Reject `{ approved: false, reason? }`. Focus and Escape are `useConfirmationKeys`'s, the same
 * hook a custom `render` uses.
 */
export function useConfirmation(call: ToolCallView): UseConfirmation {
  const client = useAgentClient();
  const [reason, setReason] = useState("");
  const [answered, setAnswered] = useState(false);
  const focusRef = useRef<HTMLButtonElement | null>(null);

  const answer = (result: ConfirmationAnswer) => {
    if (answered) return;
    setAnswered(true);
    client.respond(call.id, result);
  };
  const reject = () => answer({ approved: false, ...(reason.trim() !== "" && { reason: reason.trim() }) });
  const keys = useConfirmationKeys({ pending: !answered, onReject: reject, initialFocus: focusRef });

  return {
    description: client.tools.get(call.name)?.description || undefined,
    reason,
    setReason,
    answered,
    approve: () => answer({ approved: true }),
    reject,
    keys,
    focusRef,
  };
}
