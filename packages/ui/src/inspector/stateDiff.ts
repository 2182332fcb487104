import { isObject } from "@tandem/core";

/** One changed value of the agent's state: where, before and after (undefined: absent). */
export interface StateChange {
  path: string;
  before: unknown;
  after: unknown;
}

type Json = unknown;
const isJsonObject = (v: Json): v is Record<string, Json> => isObject(v);

/** Deeper than this, or back at a container already on the path (a cycle), a value is compared as a whole. */
const MAX_DEPTH = 64;

/** Every leaf that differs between two states, as JSON-pointer-like paths (`/steps/0/status`). */
export function diffState(before: Json, after: Json, path = "", seen: object[] = []): StateChange[] {
  if (Object.is(before, after)) return [];
  const nested = (b: Json, a: Json, key: string) => diffState(b, a, `${path}/${key}`, [...seen, before as object]);
  const whole = [{ path: path || "/", before, after }];
  if (seen.length >= MAX_DEPTH || seen.includes(before as object) || seen.includes(after as object)) return whole;
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: StateChange[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) changes.push(...nested(before[i], after[i], String(i)));
    return changes;
  }
  if (isJsonObject(before) && isJsonObject(after)) {
    return [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap((key) =>
      nested(before[key], after[key], key.replace(/~/g, "~0").replace(/\//g, "~1")),
    );
  }
  return whole;
}
