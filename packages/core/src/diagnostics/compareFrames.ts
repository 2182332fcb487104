import { isObject } from "../util/isObject.js";

/** How deep the comparisons walk: a frame nested deeper is taken as it is (DESIGN §8: a depth cap in every recursive walker). */
const MAX_DEPTH = 64;

/**
 * Whether `after` says what `before` said: the same value, or arrays and plain objects with the
 * same keys holding values that say the same. Parts a stage kept are the same objects, so the walk
 * goes down only where the stage made new ones.
 */
export function sameFrame(before: unknown, after: unknown, depth = 0): boolean {
  if (before === after) return true;
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(before) || Array.isArray(after)) {
    return (
      Array.isArray(before) &&
      Array.isArray(after) &&
      before.length === after.length &&
      before.every((value, i) => sameFrame(value, after[i], depth + 1))
    );
  }
  if (!isObject(before) || !isObject(after)) return false;
  const keys = Object.keys(before);
  return (
    keys.length === Object.keys(after).length &&
    keys.every((key) => Object.hasOwn(after, key) && sameFrame(before[key], after[key], depth + 1))
  );
}

/**
 * The JSON Pointer paths of what `before` had and `after` lost: keys gone, or array elements
 * dropped (the array's path). What the validator kept as it was (opaque values such as state) is
 * the same object, and not walked.
 */
export function strippedPaths(before: unknown, after: unknown, path = "", found: string[] = [], depth = 0): string[] {
  if (before === after || depth > MAX_DEPTH) return found;
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length !== after.length) found.push(path || "/");
    else for (const [i, value] of before.entries()) strippedPaths(value, after[i], `${path}/${i}`, found, depth + 1);
  } else if (isObject(before) && isObject(after)) {
    for (const key of Object.keys(before)) {
      const at = `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      if (!Object.hasOwn(after, key)) found.push(at);
      else strippedPaths(before[key], after[key], at, found, depth + 1);
    }
  }
  return found;
}
