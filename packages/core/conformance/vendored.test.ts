import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { vendoredDir } from "./fixtures.js";

/**
 * The vendored corpus is data copied from upstream: every file must still be the one SOURCES.tsv
 * records (bytes and SHA-256), and nothing may sit in streams/ that SOURCES.tsv does not name.
 */
describe("vendored AG-UI 1.0 corpus", () => {
  const [header, ...rows] = readFileSync(path.join(vendoredDir, "SOURCES.tsv"), "utf8").trimEnd().split("\n");
  const columns = header!.split("\t");
  const sources = rows.map((row) => Object.fromEntries(row.split("\t").map((cell, i) => [columns[i], cell])) as Record<string, string>);
  const streams = path.join(vendoredDir, "streams");

  it("lists exactly the files in streams/", () => {
    expect(sources.length).toBeGreaterThan(70);
    expect(sources.map((s) => s.file).sort()).toEqual(readdirSync(streams).sort());
  });

  it.each(sources.map((s) => [s.file!, s] as const))("%s is byte-identical to its upstream source", (file, source) => {
    const bytes = readFileSync(path.join(streams, file));
    expect(bytes.byteLength).toBe(Number(source.bytes));
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(source.sha256);
  });
});
