import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_RULES } from "./rules.js";

const guide = fileURLToPath(new URL("../../../../docs/guide/", import.meta.url));
const GUIDE_LINK = "https://github.com/tandem-ui/tandem/blob/main/docs/guide/";

/** A heading's anchor as GitHub writes it (where the rules' links to the guide open). */
const githubSlug = (heading: string) =>
  heading
    .replace(/`/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

const headings = (page: string) => [...readFileSync(`${guide}${page}`, "utf8").matchAll(/^#{1,6} (.+)$/gm)].map((m) => githubSlug(m[1]!));

describe("DIAGNOSTIC_RULES", () => {
  it("the inspector guide's table lists every rule with its action, and no other", () => {
    const page = readFileSync(`${guide}inspector.md`, "utf8");
    const table = [...page.matchAll(/^\| `([a-z.-]+)` \| ([a-z-]+) \|/gm)].map((m) => [m[1], m[2]]);
    expect(table).toEqual(Object.entries(DIAGNOSTIC_RULES).map(([id, rule]) => [id, rule.action]));
  });

  it("each link to the guide opens a page and a heading that exist", () => {
    for (const [id, { link }] of Object.entries(DIAGNOSTIC_RULES)) {
      if (!link.startsWith(GUIDE_LINK)) {
        expect(link, id).toMatch(/^https:\/\/docs\.ag-ui\.com\//);
        continue;
      }
      const [page, anchor] = link.slice(GUIDE_LINK.length).split("#") as [string, string];
      expect(existsSync(`${guide}${page}`), `${id}: ${page}`).toBe(true);
      expect(headings(page), `${id}: #${anchor}`).toContain(anchor);
    }
  });
});
