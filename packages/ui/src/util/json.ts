/** Pretty JSON, or `fallback` for what JSON cannot hold (undefined, functions, cycles). */
function json(value: unknown, fallback: string): string {
  try {
    return JSON.stringify(value, null, 2) ?? fallback;
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
