import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { defaultParts } from "./defaultParts.js";

/** The parts that are chunks of their own: what the table of defaults loads on first use. */
const lazyNames = Object.entries(defaultParts)
  .filter(([, part]) => typeof (part as { preload?: unknown }).preload === "function")
  .map(([name]) => name)
  .sort();

describe("the table of default parts", () => {
  it("is what the performance guide lists as loaded on first use, no more and no less", () => {
    // Vitest runs from the repository root.
    const guide = readFileSync("docs/guide/performance.md", "utf8");
    const table = guide.slice(guide.indexOf("| Parts (their names"), guide.indexOf("`preloadChat()` fetches"));
    const listed = [...table.matchAll(/`([A-Z]\w+)`/g)].map((m) => m[1]).sort();
    expect(listed).toEqual(lazyNames);
  });

  it("keeps the parts many apps never show out of the first load", () => {
    for (const name of ["Confirmation", "Interrupts", "ToolCall", "BranchPicker", "MessageEditor", "Outbox", "RunError"])
      expect(lazyNames).toContain(name);
  });
});
