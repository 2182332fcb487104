/// <reference path="./fastJsonPatchCore.d.ts" />
import type { Operation } from "fast-json-patch";
import { applyOperation } from "fast-json-patch/module/core.mjs";
import type { DiagnosticRuleId } from "../diagnostics/types.js";

const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);

/**
 * What `applyPatch` returns: the patched document, or why the patch was refused (the document is
 * untouched); `forbiddenPath` when it was refused for a path through `__proto__`, `constructor`
 * or `prototype`.
 */
export type PatchResult = { ok: true; value: unknown } | { ok: false; reason: string; forbiddenPath?: true };

/** The diagnostics rule a refused patch broke: a forbidden path, or an operation that does not apply. */
export const patchRule = (refused: { forbiddenPath?: true }): DiagnosticRuleId =>
  refused.forbiddenPath ? "patch.forbidden-path" : "patch.failed";

function segments(pointer: string): string[] {
  return pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * Applies a JSON Patch atomically and with structural sharing: the containers along each
 * operation's path are copied, everything else keeps its identity, and the input is never
 * mutated. One failing operation rejects the whole patch. Paths through `__proto__`,
 * `constructor` or `prototype` are refused. The one JSON Patch of Tandem: the store applies
 * `STATE_DELTA` and `ACTIVITY_DELTA` with it, and so does anything else that replays an agent's
 * patches (the inspector).
 */
export function applyPatch(document: unknown, patch: readonly Operation[]): PatchResult {
  if (!Array.isArray(patch)) return { ok: false, reason: "the patch is not an array" };
  for (const op of patch) {
    if (typeof op !== "object" || op === null) return { ok: false, reason: `not an operation: ${String(op)}` };
    const pointers = "from" in op ? [op.path, op.from] : [op.path];
    if (pointers.some((p) => typeof p !== "string" || segments(p).some((s) => FORBIDDEN.has(s)))) {
      return { ok: false, reason: `refused path in ${JSON.stringify(op)}`, forbiddenPath: true };
    }
  }
  const copied = new WeakSet<object>();
  const root: Record<string, unknown> = { value: document };
  try {
    for (const op of patch) {
      copyAlong(root, op.path, copied);
      if ("from" in op) copyAlong(root, op.from, copied);
      root.value = applyOperation(root.value, op, true, true, true).newDocument;
    }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  return { ok: true, value: root.value };
}

/** Shallow-copies (once per patch) each container from the root to the parent of the target. */
function copyAlong(root: Record<string, unknown>, pointer: string, copied: WeakSet<object>): void {
  const path = segments(pointer);
  let holder = root;
  let key = "value";
  for (const segment of path) {
    const value = holder[key];
    if (typeof value !== "object" || value === null) return;
    let own = value as Record<string, unknown>;
    if (!copied.has(own)) {
      own = (Array.isArray(own) ? [...own] : { ...own }) as Record<string, unknown>;
      copied.add(own);
      holder[key] = own;
    }
    holder = own;
    key = segment;
  }
}
