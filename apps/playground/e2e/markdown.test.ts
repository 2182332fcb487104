import { lastUserText, type MockAgent, run, type Script, startMockAgent, textMessage } from "@tandem/mock-agent";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { lastAssistantText, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";

// Issue 23's table: replies an LLM writes every day that once streamed into something else than
// they are, or never rendered at all. Each streams one character per SSE event, 25 ms apart
// (more than a frame: the list that a "2" alone on the last line used to close is drawn).
const REPLIES: Record<string, { text: string; shows: (page: Page) => Promise<void> }> = {
  "loose list": {
    text: "Plan:\n\n1. Install\n\n2. Start\n\n3. Open",
    shows: async (page) => {
      expect(await markdown(page).locator("ol").count()).toBe(1);
      expect((await markdown(page).locator("ol > li").allTextContents()).map((t) => t.trim())).toEqual(["Install", "Start", "Open"]);
    },
  },
  "code in a list": {
    text: "Steps:\n\n1. Install it:\n\n   ```sh\n   npm i tandem\n   ```\n\n2. Start it.\n\n3. Open it.",
    shows: async (page) => {
      expect(await markdown(page).locator("ol").count()).toBe(1);
      expect(await markdown(page).locator("ol > li").count()).toBe(3);
      expect(await markdown(page).locator("ol > li pre code").textContent()).toBe("npm i tandem\n");
    },
  },
  "reference link": {
    text: "See [the docs][d].\n\n[d]: https://example.com/docs",
    shows: async (page) => {
      expect(await markdown(page).getByRole("link", { name: "the docs" }).getAttribute("href")).toBe("https://example.com/docs");
      expect(await markdown(page).textContent()).not.toContain("[d]");
    },
  },
  footnote: {
    text: "Tides follow the moon.[^1]\n\n[^1]: The moon's pull on the oceans.",
    shows: async (page) => {
      const call = markdown(page).locator("sup a[data-footnote-ref]");
      const note = markdown(page).locator("section[data-footnotes] li");
      expect(await call.textContent()).toBe("1");
      expect(await note.textContent()).toContain("The moon's pull on the oceans.");
      expect(await call.getAttribute("href")).toBe(`#${await note.getAttribute("id")}`);
      expect(await note.locator("a[data-footnote-backref]").getAttribute("href")).toBe(`#${await call.getAttribute("id")}`);
    },
  },
  math: {
    text: "Energy: $E = mc^2$.\n\n$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$",
    shows: async (page) => {
      await markdown(page).locator("math").nth(1).waitFor();
      expect(await markdown(page).locator("math").count()).toBe(2);
      expect(await markdown(page).locator("math mfrac").count()).toBe(1);
      expect(await markdown(page).textContent()).not.toContain("$");
    },
  },
};

const markdown = (page: Page) => lastAssistantText(page).locator(".tandem-markdown");

/** The reply's Markdown as HTML, with highlighting flattened (it comes later, when idle) and ids made comparable. */
const drawn = (page: Page) =>
  markdown(page).evaluate((root) => {
    const copy = root.cloneNode(true) as HTMLElement;
    for (const code of copy.querySelectorAll("pre code")) code.replaceChildren(code.textContent ?? "");
    return copy.innerHTML.replace(/tandem-[\w-]*?-(?=fn|footnote-label)/g, "P-");
  });

let stack: Stack;
let agent: MockAgent;
beforeAll(async () => {
  stack = await startStack();
  const script: Script = (input) => run(input, textMessage([...REPLIES[lastUserText(input)]!.text], { tokenDelayMs: 25 }));
  agent = await startMockAgent({ scenario: script });
});
afterAll(async () => {
  await agent?.close();
  await stack?.close();
});

describe("Markdown streamed a character per frame, in Chromium", () => {
  it.each(Object.keys(REPLIES))(
    "%s: renders as Markdown while it streams, the same as after a reload",
    async (name) => {
      const page = await openPage(stack, "agentic-chat", `agent=${encodeURIComponent(`${agent.baseUrl}/default`)}`);
      const workers: string[] = [];
      page.on("worker", (worker) => workers.push(worker.url()));
      await send(page, name);
      await settled(page);
      await page.locator('nav[aria-label="Threads"][data-state="saved"]').waitFor();
      // The last frame's parse comes back from the worker after the run ends: wait for what it draws.
      await vi.waitFor(() => REPLIES[name]!.shows(page), { timeout: 30_000, interval: 100 });
      const streamed = await drawn(page);
      // Parsed off the page's thread as it streamed: the parser's worker ran.
      expect(workers.filter((url) => url.includes("parseWorker"))).toHaveLength(1);

      await page.reload();
      await markdown(page).waitFor();
      await vi.waitFor(() => REPLIES[name]!.shows(page), { timeout: 30_000, interval: 100 });
      expect(await drawn(page)).toBe(streamed);
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
      await screenshot(page, `markdown-${name.replace(/\s+/g, "-")}`);
      await page.context().close();
    },
    120_000,
  );
});

describe("Markdown where the parser's worker cannot load", () => {
  it("streams the same, parsed on the page (a CSP without worker-src, a bundler that left the worker out)", async () => {
    const page = await openPage(stack, "agentic-chat", `agent=${encodeURIComponent(`${agent.baseUrl}/default`)}`);
    let blocked = 0;
    await page.context().route("**/*parseWorker*", (route) => {
      blocked++;
      return route.abort();
    });
    const name = "code in a list";
    await send(page, name);
    await settled(page);
    await page.locator('nav[aria-label="Threads"][data-state="saved"]').waitFor();
    await REPLIES[name]!.shows(page);
    const streamed = await drawn(page);
    expect(blocked).toBe(1);

    await page.reload();
    await markdown(page).waitFor();
    expect(await drawn(page)).toBe(streamed);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await page.context().close();
  });
});
