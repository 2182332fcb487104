import { depthCapped } from "../util/json.js";

/**
 * JSON text of any value, for showing it: a BigInt as `12n`, a cycle as "[Circular]", a function
 * or symbol by name, never a throw (what `JSON.stringify` cannot write is named instead), no
 * deeper than `MAX_JSON_DEPTH` (64; deeper values read "[nested too deep]").
 */
export function showValue(value: unknown, space?: number): string {
  const ancestors: unknown[] = [];
  function named(this: unknown, v: unknown): unknown {
    if (typeof v === "bigint") return `${v}n`;
    if (typeof v === "function") return `[function ${v.name || "anonymous"}]`;
    if (typeof v === "symbol") return v.toString();
    if (typeof v !== "object" || v === null) return v;
    // `this` is the object holding `v`: the ancestors are the path from the root down to it.
    while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
    if (ancestors.includes(v)) return "[Circular]";
    ancestors.push(v);
    return v;
  }
  const replacer = depthCapped((holder, v) => named.call(holder, v));
  try {
    return JSON.stringify(value, replacer, space) ?? "undefined";
  } catch (error) {
    return `[cannot be shown: ${error instanceof Error ? error.message : String(error)}]`;
  }
}
