import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "styles.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");

/** Selectors of every style rule (at-rule preludes skipped, their inner rules kept). */
function selectors(source: string): string[] {
  const found: string[] = [];
  const re = /([^{}]+)\{/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    const prelude = m[1]!.trim();
    if (prelude.startsWith("@")) continue;
    found.push(...prelude.split(",").map((s) => s.trim()));
  }
  return found;
}

describe("styles.css", () => {
  it("scopes every rule under .tandem (no global resets)", () => {
    const all = selectors(css);
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter((s) => !/^\.tandem(?![\w-])/.test(s))).toEqual([]);
  });

  it("themes through --tandem-* custom properties, light and dark, system following the OS", () => {
    expect(css).toMatch(/\.tandem\[data-theme="dark"\]\s*\{[^}]*--tandem-color-bg/);
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\)\s*\{\s*\.tandem\[data-theme="system"\]/);
    const colours = css.match(/#[0-9a-f]{3,8}\b/gi) ?? [];
    // Raw colours appear only as custom property values.
    const lines = css.split("\n").filter((l) => /#[0-9a-f]{3,8}\b/i.test(l));
    expect(lines.every((l) => /^\s*--tandem-[\w-]+:/.test(l))).toBe(true);
    expect(colours.length).toBeGreaterThan(0);
  });

  it("keeps a visible focus ring", () => {
    expect(css).toMatch(/\.tandem :focus-visible\s*\{[^}]*box-shadow: var\(--tandem-focus-ring\)/);
  });

  // axe's color-contrast rule cannot run in jsdom, so the palettes are checked here (WCAG AA).
  const palette = (block: RegExp) =>
    Object.fromEntries([...css.match(block)![0].matchAll(/--tandem-color-([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]));
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };
  const PAIRS: [string, string][] = [
    ["text", "bg"],
    ["text", "surface"],
    ["text", "surface-strong"],
    ["text", "code-bg"],
    ["text", "danger-bg"],
    ["text-muted", "bg"],
    ["text-muted", "surface"],
    ["accent", "bg"],
    ["accent-text", "accent"],
    ["user-text", "user-bg"],
    ["danger", "bg"],
    ["danger", "surface"],
    ["success", "surface"],
    ["warning", "surface"],
  ];
  for (const [name, block] of [
    ["light", /\.tandem \{[^}]*\}/],
    ["dark", /\.tandem\[data-theme="dark"\] \{[^}]*\}/],
  ] as const) {
    it(`has AA contrast (4.5:1) for text in the ${name} palette`, () => {
      const colours = palette(block);
      const failing = PAIRS.map(([fg, bg]) => [fg, bg, contrast(colours[fg]!, colours[bg]!)] as const).filter(
        ([, , ratio]) => !(ratio >= 4.5),
      );
      expect(failing).toEqual([]);
    });
  }

  it("gives theme='system' in a dark OS the same palette as theme='dark'", () => {
    const dark = palette(/\.tandem\[data-theme="dark"\] \{[^}]*\}/);
    const system = palette(/\.tandem:not\(\[data-theme\]\) \{[^}]*\}/);
    expect(Object.keys(dark).length).toBeGreaterThan(10);
    expect(system).toEqual(dark);
  });
});
