// A surface's data model: plain JSON addressed by JSON Pointer paths (RFC 6901), as A2UI v0.9
// binds components to it. Writes are immutable: a changed path gets new objects up to the root,
// the rest keeps its identity.

/** The segments of an absolute JSON Pointer ("/" is the root: no segments). */
export function segments(path: string): string[] {
  if (path === "" || path === "/") return [];
  return path
    .replace(/^\//, "")
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** An absolute path for `path` read inside `scope` (a template item's path); absolute paths stay. */
export function absolutePath(path: string, scope: string): string {
  if (path.startsWith("/")) return path;
  if (path === "" || path === ".") return scope || "/";
  return `${scope === "/" ? "" : scope}/${path}`;
}

const own = (value: unknown, key: string) => typeof value === "object" && value !== null && Object.hasOwn(value, key);

/** The value at `path`, or undefined. */
export function getAt(data: unknown, path: string): unknown {
  let value = data;
  for (const key of segments(path)) {
    if (!own(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * `data` with `value` at `path` (created on the way as objects, or arrays for numeric keys);
 * undefined deletes. An array index past the array's end throws a `RangeError` (as JSON Patch
 * refuses it): a hole such as `/items/4294967294` would make a list of 4.3 billion entries that
 * every later copy of the array walks.
 */
export function setAt(data: unknown, path: string, value: unknown): unknown {
  return write(data, segments(path), value);
}

function write(node: unknown, keys: string[], value: unknown): unknown {
  if (keys.length === 0) return value;
  const [key, ...rest] = keys as [string, ...string[]];
  // Never write through the prototype: a hostile path may name it.
  if (key === "__proto__" || key === "constructor" || key === "prototype") return node;
  if (Array.isArray(node) && /^\d+$/.test(key)) {
    const index = Number(key);
    if (index > node.length) throw new RangeError(`index ${key} is past the end of the list (${node.length} items)`);
    const copy = node.slice();
    const next = write(copy[index], rest, value);
    if (next === undefined && rest.length === 0) copy.splice(index, 1);
    else copy[index] = next;
    return copy;
  }
  const base = typeof node === "object" && node !== null && !Array.isArray(node) ? (node as Record<string, unknown>) : {};
  const copy: Record<string, unknown> = { ...base };
  const next = write(own(base, key) ? base[key] : rest.length && /^\d+$/.test(rest[0]!) ? [] : undefined, rest, value);
  if (next === undefined) delete copy[key];
  else copy[key] = next;
  return copy;
}
