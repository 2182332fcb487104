import type { Message } from "@ag-ui/core";
import { parsePartialArgs } from "../tools/toolCallViews.js";
import type { Prediction, ThreadState } from "../types.js";
import type { Draft } from "./draft.js";
import { findToolCallOwner } from "./draft.js";

/** `CUSTOM` `PredictState`'s value, when it is well formed. */
export function readPredictions(value: unknown): Prediction[] | null {
  if (!Array.isArray(value)) return null;
  const valid = value.filter(
    (p): p is Prediction =>
      typeof p === "object" &&
      p !== null &&
      typeof p.state_key === "string" &&
      typeof p.tool === "string" &&
      typeof p.tool_argument === "string",
  );
  return valid.length === value.length ? valid : null;
}

/** The predictions that apply to this tool call, by its name. */
export function predictionsFor(state: ThreadState, toolCallId: string): Prediction[] {
  if (state.predictions.length === 0) return [];
  const owner = findToolCallOwner(state.messages, toolCallId);
  const name = owner < 0 ? undefined : callsOf(state.messages[owner]!).find((c) => c.id === toolCallId)?.function.name;
  return state.predictions.filter((p) => p.tool === name);
}

/**
 * Points each predicted state key at its tool argument as streamed so far. Runs once per batch
 * for each call whose arguments grew, so a frame of deltas parses the arguments once. The
 * state from before the first prediction of the run is kept, for a rejection to restore.
 */
export function applyPredictions(draft: Draft, toolCallIds: Iterable<string>): void {
  const s = draft.state;
  for (const id of toolCallIds) {
    const rules = predictionsFor(s, id);
    if (rules.length === 0) continue;
    const owner = findToolCallOwner(s.messages, id);
    const args = parsePartialArgs(callsOf(s.messages[owner]!).find((c) => c.id === id)!.function.arguments);
    if (typeof args !== "object" || args === null) continue;
    for (const rule of rules) {
      const value = (args as Record<string, unknown>)[rule.tool_argument];
      if (value === undefined) continue;
      const base = typeof s.state === "object" && s.state !== null && !Array.isArray(s.state) ? s.state : {};
      if (Object.is((base as Record<string, unknown>)[rule.state_key], value)) continue;
      s.predictedFrom ??= { state: s.state };
      s.state = { ...base, [rule.state_key]: value };
    }
  }
}

function callsOf(message: Message) {
  return message.role === "assistant" ? (message.toolCalls ?? []) : [];
}
