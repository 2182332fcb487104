/** One changed value of the agent's state: where, before and after (undefined: absent). */
export interface StateChange {
  path: string;
  before: unknown;
  after: unknown;
}

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every leaf that differs between two states, as JSON-pointer-like paths (`/steps/0/status`). */
export function diffState(before: Json, after: Json, path = ""): StateChange[] {
  if (Object.is(before, after)) return [];
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: StateChange[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) changes.push(...diffState(before[i], after[i], `${path}/${i}`));
    return changes;
  }
  if (isObject(before) && isObject(after)) {
    return [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap((key) =>
      diffState(before[key], after[key], `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`),
    );
  }
  return [{ path: path || "/", before, after }];
}

interface PatchOperation {
  op: string;
  path: string;
  value?: Json;
  from?: string;
}

const unescapeToken = (token: string) => token.replace(/~1/g, "/").replace(/~0/g, "~");

function read(doc: Json, pointer: string): Json {
  let at = doc;
  for (const token of pointer.split("/").slice(1).map(unescapeToken)) at = (at as Record<string, Json> | undefined)?.[token];
  return at;
}

/** A copy of `doc` with one JSON Patch operation applied (add, replace, remove, move, copy; test is a no-op). */
function applyOperation(doc: Json, op: PatchOperation): Json {
  const write = (target: Json, pointer: string, value: Json, remove: boolean): Json => {
    const tokens = pointer.split("/").slice(1).map(unescapeToken);
    if (tokens.length === 0) return value;
    const root = structuredClone(target ?? {}) as Record<string, Json>;
    let parent: Record<string, Json> | Json[] = root;
    for (const token of tokens.slice(0, -1)) parent = (parent as Record<string, Json>)[token] as Record<string, Json>;
    const last = tokens.at(-1)!;
    if (Array.isArray(parent)) {
      const index = last === "-" ? parent.length : Number(last);
      if (remove) parent.splice(index, 1);
      else if (op.op === "add") parent.splice(index, 0, value);
      else parent[index] = value;
    } else if (remove) delete (parent as Record<string, Json>)[last];
    else (parent as Record<string, Json>)[last] = value;
    return root;
  };
  switch (op.op) {
    case "add":
    case "replace":
      return write(doc, op.path, structuredClone(op.value), false);
    case "remove":
      return write(doc, op.path, undefined, true);
    case "copy":
      return write(doc, op.path, structuredClone(read(doc, op.from ?? "")), false);
    case "move": {
      const value = read(doc, op.from ?? "");
      return write(write(doc, op.from ?? "", undefined, true), op.path, value, false);
    }
    default:
      return doc;
  }
}

/** `doc` with a JSON Patch applied; an operation that does not apply leaves the state as it was. */
export function applyPatch(doc: Json, operations: unknown): Json {
  let next = doc;
  for (const op of Array.isArray(operations) ? (operations as PatchOperation[]) : []) {
    try {
      next = applyOperation(next, op);
    } catch {
      // the store reports bad patches; the inspector only shows what changed
    }
  }
  return next;
}
