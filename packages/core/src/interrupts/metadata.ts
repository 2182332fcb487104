import type { Metadata } from "@ag-ui/core";

/**
 * `value` when it is metadata a resume entry can carry (a plain object), else undefined. A render
 * written before resume entries took metadata passes `cancel` straight to `onClick`, and so hands
 * it a DOM event: that is not metadata, and must not stop the answer from going out.
 */
export function metadataOf(value: unknown): Metadata | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null ? (value as Metadata) : undefined;
}
