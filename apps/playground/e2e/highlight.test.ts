import { type MockAgent, run, type Script, startMockAgent, textMessage } from "@tandem/mock-agent";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, openPage, type Stack, send, settled, startStack } from "./stack";

// A reply many screens tall: 40 short sections, each a sentence and a fenced block of TypeScript.
const REPLY = Array.from(
  { length: 40 },
  (_, i) => `Part ${i}:\n\n\`\`\`ts\nconst part${i} = ${i};\nexport default part${i};\n\`\`\`\n\n`,
).join("");

let stack: Stack;
let agent: MockAgent;
beforeAll(async () => {
  stack = await startStack();
  const script: Script = (input) => run(input, textMessage(REPLY.match(/\S+\s*/g)!, { tokenDelayMs: 1 }));
  agent = await startMockAgent({ scenario: script });
});
afterEach(() => closePages(stack));
afterAll(async () => {
  await agent?.close();
  await stack?.close();
});

/** The reply's code blocks whose code is highlighted (Prism's token spans), by index. */
const highlighted = (page: Page) =>
  lastAssistantText(page)
    .locator(".tandem-code-block")
    .evaluateAll((blocks) => blocks.flatMap((block, i) => (block.querySelector("pre .token.keyword") ? [i] : [])));

describe("code is highlighted near the view, in Chromium", () => {
  it("a thread opened at its end highlights the code within a screen of the view, and the code above once it is scrolled to", async () => {
    const page = await openPage(stack, "agentic-chat", `agent=${encodeURIComponent(`${agent.baseUrl}/default`)}`);
    await send(page, "forty parts");
    await settled(page, 120_000);
    await page.locator('nav[aria-label="Threads"][data-state="saved"]').waitFor();
    // Drawn whole from storage, the transcript at its end: the last block is in view, the first many screens above.
    await page.reload();
    const code = lastAssistantText(page).locator(".tandem-code-block");
    await expect.poll(() => code.count(), { timeout: 30_000 }).toBe(40);
    await expect.poll(() => highlighted(page), { timeout: 30_000 }).toContain(39);
    // The last block's highlighting has run (idle time came, the highlighter loaded): the first was never asked for.
    expect(await highlighted(page)).not.toContain(0);
    // A block above the transcript's view, within a screen of it, is highlighted before anyone scrolls to it.
    const above = await page.getByRole("log").evaluate((log) => {
      const view = log.getBoundingClientRect();
      const blocks = [...log.querySelectorAll('[data-role="assistant"] .tandem-code-block')];
      return blocks.findLastIndex((block) => block.getBoundingClientRect().bottom < view.top - view.height / 4);
    });
    expect(above).toBeGreaterThan(0);
    await expect.poll(() => highlighted(page), { timeout: 30_000 }).toContain(above);
    expect(await code.first().locator("pre code").textContent()).toBe("const part0 = 0;\nexport default part0;\n");

    await page.getByRole("log").evaluate((log) => log.scrollTo({ top: 0 }));
    await expect.poll(() => highlighted(page), { timeout: 30_000 }).toContain(0);
    expect(await code.first().locator("pre code").textContent()).toBe("const part0 = 0;\nexport default part0;\n");
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });
});
