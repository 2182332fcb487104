// Reading A2UI v0.9 dynamic values (a literal, or `{ path }` bound to the data model) and the
// small checks the catalog needs: safe URLs, and text that is only ever text.
import { isObject } from "@tandem/core";
import { isWebUrl } from "../util/urlPolicy.js";
import { absolutePath, getAt } from "./dataModel.js";

/** The bound path of a dynamic value (`{ path }`), made absolute inside `scope`; null for a literal. */
export function boundPath(value: unknown, scope: string): string | null {
  return isObject(value) && typeof value.path === "string" ? absolutePath(value.path, scope) : null;
}

/** A dynamic value read against the data model: `{ path }` is looked up, a function call is not supported (undefined), a literal is itself. */
export function readValue(value: unknown, data: unknown, scope: string): unknown {
  const path = boundPath(value, scope);
  if (path !== null) return getAt(data, path);
  if (isObject(value) && "call" in value) return undefined;
  return value;
}

/** Text to show: strings, numbers and booleans as written; anything else (objects, markup-looking or not) is never interpreted. */
export function asText(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : "";
}

/** `url` when it is an absolute http(s) URL (see the URL policy), else null (no javascript:, data:, or relative URLs). */
export function safeUrl(value: unknown): string | null {
  return isWebUrl(value) ? new URL(value).href : null;
}
