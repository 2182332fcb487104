import type { Interrupt } from "@ag-ui/core";
import { isObject } from "../util/isObject.js";

/** The answer to an approval interrupt, as AG-UI 1.0's resume payload carries it. */
export interface ApprovalAnswer {
  approved: boolean;
  /** Approve with edits: the tool call's arguments in full (a replacement, not a merge). */
  editedArgs?: Record<string, unknown>;
}

/**
 * Whether an interrupt asks for an approval: it is bound to a tool call (`toolCallId`), or its
 * `responseSchema` is an object with a boolean `approved` (and optionally `editedArgs`). Such an
 * interrupt is answered `{ approved, editedArgs? }`; any other keeps the form drawn from its schema.
 */
export function isApproval(interrupt: Interrupt): boolean {
  if (typeof interrupt.toolCallId === "string" && interrupt.toolCallId !== "") return true;
  const schema = interrupt.responseSchema;
  if (!isObject(schema) || (schema.type !== undefined && schema.type !== "object") || !isObject(schema.properties)) return false;
  const approved = schema.properties.approved;
  return isObject(approved) && (approved.type === "boolean" || (Array.isArray(approved.type) && approved.type.includes("boolean")));
}

/** The payload as an approval answer, or null when it is not one (`approved` must be a boolean, `editedArgs` an object). */
export function approvalOf(payload: unknown): ApprovalAnswer | null {
  if (!isObject(payload) || typeof payload.approved !== "boolean") return null;
  if (payload.editedArgs !== undefined && !isObject(payload.editedArgs)) return null;
  return payload as unknown as ApprovalAnswer;
}
