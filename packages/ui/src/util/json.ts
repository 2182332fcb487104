/**
 * The deepest a value is written out for display: 64 levels. Deeper objects and arrays are
 * shown as `"[nested too deep]"`, so a hostile value (a tool's arguments nested 100,000 deep)
 * shows what it can instead of overflowing `JSON.stringify`'s stack.
 */
export const MAX_JSON_DEPTH = 64;

/** What stands for an object or array nested past `MAX_JSON_DEPTH`. */
export const TOO_DEEP = "[nested too deep]";

/**
 * A `JSON.stringify` replacer that writes objects and arrays no deeper than `MAX_JSON_DEPTH`,
 * with `more` applied to every value first. One per call: it keeps the path it is on.
 */
export function depthCapped(more: (holder: unknown, value: unknown) => unknown = (_, v) => v) {
  const path: unknown[] = [];
  return function replacer(this: unknown, _key: string, raw: unknown): unknown {
    const value = more(this, raw);
    if (typeof value !== "object" || value === null) return value;
    // `this` holds `value`: the path from the root down to it is cut back to `this`.
    while (path.length > 0 && path.at(-1) !== this) path.pop();
    if (path.length >= MAX_JSON_DEPTH) return TOO_DEEP;
    path.push(value);
    return value;
  };
}

/** Pretty JSON (no deeper than `MAX_JSON_DEPTH`), or `fallback` for what JSON cannot hold (undefined, functions, cycles). */
function json(value: unknown, fallback: string): string {
  try {
    return JSON.stringify(value, depthCapped(), 2) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Pretty JSON for display; strings are shown as they are. */
export function pretty(value: unknown): string {
  return typeof value === "string" ? value : json(value, String(value));
}

/** A tool call's arguments for display: parsed (partial while streaming) as pretty JSON, else the raw text. */
export function argsText(args: unknown, raw: string): string {
  return args === undefined ? raw : json(args, raw);
}
