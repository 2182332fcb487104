import { type ToolCallView, useAgentClient } from "@tandem/react";
import { type RefObject, useEffect, useRef, useState } from "react";

export interface ConfirmationAnswer {
  approved: boolean;
  reason?: string;
}

export interface UseConfirmation {
  /** What the tool says it does, from its registration. */
  description: string | undefined;
  reason: string;
  setReason: (reason: string) => void;
  answered: boolean;
  approve: () => void;
  reject: () => void;
  /** Put on the element that should take focus when the confirmation appears. */
  focusRef: RefObject<HTMLButtonElement | null>;
}

const PENDING = "[data-tandem-confirmation]";

/**
 * Answers one human-in-the-loop call, keyed by its toolCallId: Approve sends `{ approved: true }`,
 * Reject `{ approved: false, reason? }`. Takes focus when it appears unless another pending
 * confirmation already has it; once answered, hands focus to the next one, or the composer.
 */
export function useConfirmation(call: ToolCallView): UseConfirmation {
  const client = useAgentClient();
  const [reason, setReason] = useState("");
  const [answered, setAnswered] = useState(false);
  const focusRef = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    const el = focusRef.current;
    if (!el) return;
    const active = el.ownerDocument.activeElement;
    if (active?.closest(PENDING)) return; // the user is answering another one
    el.focus();
  }, []);

  const answer = (result: ConfirmationAnswer) => {
    if (answered) return;
    setAnswered(true);
    const own = focusRef.current?.closest(PENDING);
    const root = own?.closest(".tandem") ?? own?.ownerDocument.body;
    client.respond(call.id, result);
    // Focus would fall to <body> when this one goes away: move it somewhere useful.
    const next = [...(root?.querySelectorAll<HTMLElement>(`${PENDING} [data-tandem-autofocus]:not(:disabled)`) ?? [])].find(
      (b) => !own?.contains(b),
    );
    (next ?? root?.querySelector<HTMLElement>(".tandem-composer__input"))?.focus();
  };

  return {
    description: client.tools.get(call.name)?.description || undefined,
    reason,
    setReason,
    answered,
    approve: () => answer({ approved: true }),
    reject: () => answer({ approved: false, ...(reason.trim() !== "" && { reason: reason.trim() }) }),
    focusRef,
  };
}
