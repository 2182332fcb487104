import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface Fixture {
  name: string;
  area: string;
  description: string;
  client?: { maxProtocolVersion?: string };
  input?: { messages?: unknown[]; tools?: unknown[]; context?: unknown[]; forwardedProps?: unknown };
  stream: Array<Record<string, unknown> & { type: string }>;
  expect: Expectation;
  expectOverrides?: { typescript?: Partial<Expectation> & { intentional?: string } };
}

export interface Expectation {
  outcome: "completed" | "failed";
  errorContains?: string;
  runError?: boolean | string;
  eventTypes?: string[];
  eventTypesAbsent?: string[];
  eventPaths?: Record<string, unknown>;
  eventAbsentPaths?: string[];
  warnings?: string[];
  noWarnings?: true;
  messageCount?: number;
  messages?: unknown[];
  state?: unknown;
  request?: unknown;
  requestAbsentPaths?: string[];
}

/** The vendored AG-UI 1.0 corpus (see ag-ui-1.0/VENDORED.md). */
export const vendoredDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "ag-ui-1.0");

/** The fixtures replayed: the vendored ones, or another copy of the corpus (to try an update). */
export const corpusDir = process.env.TANDEM_CONFORMANCE_DIR ?? path.join(vendoredDir, "streams");

export function loadFixtures(): Fixture[] {
  return readdirSync(corpusDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(corpusDir, f), "utf8")) as Fixture);
}

/** Base expectation with the TypeScript lane's override on top (a shallow replace per key). */
export function expectationOf(fixture: Fixture): Expectation {
  const { intentional: _reason, ...override } = fixture.expectOverrides?.typescript ?? {};
  return { ...fixture.expect, ...override };
}

/** The corpus' subset rule: arrays match by length and pairwise, objects by the keys expected. */
export function subsetMismatch(actual: unknown, expected: unknown, at = "$"): string | null {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      return `${at}: expected an array of ${expected.length}, got ${JSON.stringify(actual)}`;
    }
    for (let i = 0; i < expected.length; i++) {
      const m = subsetMismatch(actual[i], expected[i], `${at}[${i}]`);
      if (m) return m;
    }
    return null;
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual))
      return `${at}: expected an object, got ${JSON.stringify(actual)}`;
    for (const [key, value] of Object.entries(expected)) {
      if (!Object.hasOwn(actual, key)) return `${at}.${key}: missing`;
      const m = subsetMismatch((actual as Record<string, unknown>)[key], value, `${at}.${key}`);
      if (m) return m;
    }
    return null;
  }
  return Object.is(actual, expected) ? null : `${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}

/** `"<index>.<path>"` lookup with the corpus' rules: own properties only, integer array indexes. */
export function lookup(root: unknown, dotted: string): { found: boolean; value?: unknown } {
  let current = root;
  for (const segment of dotted.split(".")) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment) || Number(segment) >= current.length) return { found: false };
      current = current[Number(segment)];
    } else if (current !== null && typeof current === "object" && Object.hasOwn(current, segment)) {
      current = (current as Record<string, unknown>)[segment];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}
