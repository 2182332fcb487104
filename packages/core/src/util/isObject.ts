/**
 * A plain object: not null, not an array. The one check core uses before it reads fields of a
 * value from the wire, a schema or a payload.
 */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
