import { isObject } from "@tandem/core";
// A2UI v0.9 server-to-client messages ("operations") and their effect on surfaces, applied in
// order. Anything that is not a valid operation becomes an error message kept with the activity
// message that carried it; nothing throws.
import { setAt } from "./dataModel.js";

/** The A2UI version these operations follow. */
export const A2UI_VERSION = "v0.9";

/** One component of a surface, as the agent sent it: its `id`, its catalog name in `component`, and its properties. */
export interface A2uiComponent {
  id: string;
  component: string;
  [property: string]: unknown;
}

/** A surface as its operations left it. */
export interface A2uiSurfaceState {
  surfaceId: string;
  catalogId: string;
  /** Components by id ("root" is drawn). */
  components: ReadonlyMap<string, A2uiComponent>;
  /** The surface's data model (plain JSON). */
  data: unknown;
  /** The activity message whose `createSurface` made it: where the surface is drawn. */
  home: string;
}

/** Surfaces after every operation so far, and the problems found, by activity message. */
export interface A2uiFold {
  surfaces: ReadonlyMap<string, A2uiSurfaceState>;
  errors: ReadonlyMap<string, readonly string[]>;
}

/** A data model edit made here (an input bound to a path), kept in order with the agent's operations. */
export interface LocalEdit {
  surfaceId: string;
  path: string;
  value: unknown;
  /** How many operations had been applied when the user made it. */
  after: number;
}

/** An A2UI activity message: its id and its `content` (`{ a2ui_operations: [...] }`). */
export interface A2uiMessage {
  id: string;
  content: unknown;
}

const KINDS = ["createSurface", "updateComponents", "updateDataModel", "deleteSurface"] as const;

/** The operations of an activity's content, or null when it carries none (a status such as "building"). */
export function operationsOf(content: unknown): unknown[] | null {
  return isObject(content) && Array.isArray(content.a2ui_operations) ? content.a2ui_operations : null;
}

/** Applies every message's operations, and the local edits between them, in order. */
export function fold(messages: readonly A2uiMessage[], edits: readonly LocalEdit[] = []): A2uiFold {
  const surfaces = new Map<string, A2uiSurfaceState>();
  const errors = new Map<string, string[]>();
  let applied = 0;
  let next = 0;
  const applyEdits = (upTo: number) => {
    for (; next < edits.length && edits[next]!.after <= upTo; next++) {
      const edit = edits[next]!;
      const surface = surfaces.get(edit.surfaceId);
      if (!surface) continue;
      try {
        surfaces.set(edit.surfaceId, { ...surface, data: setAt(surface.data, edit.path, edit.value) });
      } catch {
        // An edit the data model refuses (an index past a list's end) changes nothing.
      }
    }
  };
  for (const message of messages) {
    const operations = operationsOf(message.content);
    if (!operations) continue;
    for (const [index, operation] of operations.entries()) {
      applyEdits(applied);
      const problem = apply(surfaces, operation, message.id);
      applied++;
      if (problem) {
        const list = errors.get(message.id) ?? [];
        list.push(`Operation ${index + 1}: ${problem}`);
        errors.set(message.id, list);
      }
    }
  }
  applyEdits(Number.POSITIVE_INFINITY);
  return { surfaces, errors };
}

/** Applies one operation; returns what was wrong with it, if anything (then nothing changed). */
function apply(surfaces: Map<string, A2uiSurfaceState>, operation: unknown, home: string): string | null {
  if (!isObject(operation)) return "not an object";
  if (operation.version !== A2UI_VERSION) return `version ${JSON.stringify(operation.version)} is not ${A2UI_VERSION}`;
  const kinds = KINDS.filter((k) => k in operation);
  if (kinds.length !== 1) return `expected exactly one of ${KINDS.join(", ")}`;
  const kind = kinds[0]!;
  const body = operation[kind];
  if (!isObject(body) || typeof body.surfaceId !== "string" || body.surfaceId === "") return `${kind} needs a surfaceId`;
  const { surfaceId } = body;
  const surface = surfaces.get(surfaceId);
  if (kind === "createSurface") {
    if (typeof body.catalogId !== "string") return `createSurface "${surfaceId}" needs a catalogId`;
    if (surface) return `surface "${surfaceId}" already exists (delete it first)`;
    surfaces.set(surfaceId, { surfaceId, catalogId: body.catalogId, components: new Map(), data: {}, home });
    return null;
  }
  if (!surface) return `${kind}: no surface "${surfaceId}" (createSurface first)`;
  if (kind === "deleteSurface") {
    surfaces.delete(surfaceId);
    return null;
  }
  if (kind === "updateComponents") {
    if (!Array.isArray(body.components)) return "updateComponents needs a components list";
    const bad = body.components.findIndex((c) => !isObject(c) || typeof c.id !== "string" || typeof c.component !== "string");
    if (bad !== -1) return `component ${bad + 1} needs a string id and component`;
    const components = new Map(surface.components);
    for (const c of body.components as A2uiComponent[]) components.set(c.id, c);
    surfaces.set(surfaceId, { ...surface, components });
    return null;
  }
  const path = body.path ?? "/";
  if (typeof path !== "string" || !(path === "" || path.startsWith("/")))
    return `updateDataModel path ${JSON.stringify(path)} is not absolute`;
  try {
    surfaces.set(surfaceId, { ...surface, data: setAt(surface.data, path, body.value) ?? {} });
  } catch (error) {
    return `updateDataModel path ${JSON.stringify(path)}: ${error instanceof Error ? error.message : String(error)}`;
  }
  return null;
}
