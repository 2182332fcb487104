import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, type Stack, send, settled, startStack, throttleCpu } from "./stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await closePages(stack);
  await stack?.close();
});

/** The playground's chunks of the ui's lazy parts (`Markdown-*.js`, `ToolCall-*.js`, math, highlighter, files, worker). */
const PART_CHUNK = /\/assets\/(?:[A-Z][A-Za-z]*|mathml|highlight|attachments|parseWorker)-[\w-]+\.js$/;

/**
 * Opens a playground page with the chunks of the ui's lazy parts failing to load, as when the
 * network drops for a moment or a new deploy removed the old files. `restore()` lets them load again.
 */
async function openWithChunksFailing(slug: string): Promise<{ page: Page; errors: string[]; restore: () => Promise<void> }> {
  const context = await stack.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await throttleCpu(page);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // What the page loads to start (the entry and its preloaded imports, such as the shared failure
  // view) is the app itself, not a lazy part: only chunks loaded later fail.
  const html = await (await fetch(`${stack.app}/`)).text();
  const startup = new Set([...html.matchAll(/\/assets\/[^"]+\.js/g)].map((m) => m[0]));
  const fail = (route: Route) => {
    const { pathname } = new URL(route.request().url());
    return PART_CHUNK.test(pathname) && !startup.has(pathname) ? route.abort("internetdisconnected") : route.continue();
  };
  await page.route("**/assets/*.js", fail);
  await page.goto(`${stack.app}/${slug}?agent=${encodeURIComponent(`${stack.agent.baseUrl}/${slug}`)}`);
  await page.getByRole("textbox", { name: "Message" }).waitFor();
  return { page, errors, restore: () => page.unroute("**/assets/*.js", fail) };
}

describe("a page whose lazy chunks fail to load (Chromium, CPU throttled 4×)", () => {
  it("keeps its chat, shows the reply as text with Retry, and renders Markdown once the chunks load again", async () => {
    const { page, restore } = await openWithChunksFailing("agentic-chat");
    await send(page, "**first**");
    await settled(page);

    // The chat is still there; the reply's Markdown part failed, its text shown as plain text.
    const chat = page.getByTestId("tandem-chat");
    await chat.waitFor();
    const reply = lastAssistantText(page);
    const failed = reply.getByTestId("part-failed");
    await failed.waitFor();
    await failed.getByText('You said: "**first**"', { exact: false }).waitFor();
    expect(await failed.getByRole("alert").count()).toBe(1);
    expect(await reply.locator("strong").count()).toBe(0);

    // The network is back: Retry renders the reply as Markdown.
    await restore();
    await failed.getByRole("button", { name: "Retry" }).click();
    await reply.locator("strong", { hasText: "first" }).waitFor();
    expect(await reply.getByTestId("part-failed").count()).toBe(0);

    // The chat answers the next message, rendered as Markdown.
    await send(page, "**second**");
    await settled(page);
    await expect.poll(() => lastAssistantText(page).locator("strong", { hasText: "second" }).count()).toBe(1);
    expect(await chat.count()).toBe(1);
  });

  it("renders the next reply as Markdown once the chunks load again, without Retry", async () => {
    const { page, restore } = await openWithChunksFailing("agentic-chat");
    await send(page, "**first**");
    await settled(page);
    await lastAssistantText(page).getByTestId("part-failed").waitFor();

    await restore();
    await send(page, "**second**");
    await settled(page);
    await lastAssistantText(page).locator("strong", { hasText: "second" }).waitFor();
    expect(await page.getByTestId("tandem-chat").count()).toBe(1);
  });
});
