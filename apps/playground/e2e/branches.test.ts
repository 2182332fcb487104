import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, hold, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterEach(() => closePages(stack));
afterAll(() => stack?.close());

interface Body {
  threadId: string;
  messages: { role: string; content?: unknown }[];
}

const rows = (page: Page) => page.getByTestId("message");
/** Every message as "role: text", the text being what the message says (not its buttons). */
const transcript = (page: Page) =>
  rows(page).evaluateAll((nodes) =>
    nodes.map((n) => {
      const body = n.querySelector(".tandem-user-content, .tandem-markdown");
      return `${(n as HTMLElement).dataset.role}: ${(body?.textContent ?? "").trim()}`;
    }),
  );
const picker = (page: Page, index: number) => rows(page).nth(index).getByTestId("branch-picker");
const postsFor = (threadText: string) =>
  stack.agent.requests
    .filter((r) => r.method === "POST" && r.path === "/agentic-chat")
    .map((r) => r.body as Body)
    .filter((b) => b.messages.some((m) => m.role === "user" && m.content === threadText));

async function savedAfterRun(page: Page): Promise<void> {
  await settled(page);
  await page.locator('nav[aria-label="Threads"][data-state="saved"]').waitFor();
}

describe("edit, regenerate and branches, in Chromium", () => {
  it("edits a sent message, pages between both versions, and keeps them after a reload", async () => {
    const page = await openPage(stack, "agentic-chat");
    await send(page, "hello there");
    await expect
      .poll(() => transcript(page), { timeout: 15_000 })
      .toEqual([
        "user: hello there",
        'assistant: You said: "hello there". Try "count down from 10", "tell me a story" or "make the background teal".',
      ]);
    await settled(page);

    // Edit with the keyboard only: focus Edit, type, Enter saves.
    await rows(page).first().getByRole("button", { name: "Edit" }).focus();
    await page.keyboard.press("Enter");
    const box = page.getByRole("textbox", { name: "Edit message" });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.fill("count down please");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => transcript(page), { timeout: 15_000 })
      .toEqual(["user: count down please", "assistant: Counting down: 10 9 8 7 6 5 4 3 2 1 ✓"]);
    await savedAfterRun(page);
    // The run sent the active path only: the edited question, not the original.
    const edited = postsFor("count down please").at(-1)!;
    expect(edited.messages.map((m) => m.content)).toEqual(["count down please"]);
    expect(await picker(page, 0).textContent()).toContain("2 / 2");

    await picker(page, 0).getByRole("button", { name: "Previous version" }).click();
    expect(await transcript(page)).toEqual([
      "user: hello there",
      'assistant: You said: "hello there". Try "count down from 10", "tell me a story" or "make the background teal".',
    ]);
    expect(await picker(page, 0).textContent()).toContain("1 / 2");
    // The version shown is a new row; focus went on to its picker, on the button still usable.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Next version");
    await page.keyboard.press("Enter");
    expect(await transcript(page)).toEqual(["user: count down please", "assistant: Counting down: 10 9 8 7 6 5 4 3 2 1 ✓"]);
    // Switching never ran the agent.
    expect(postsFor("hello there")).toHaveLength(1);
    expect(postsFor("count down please")).toHaveLength(1);

    await picker(page, 0).getByRole("button", { name: "Previous version" }).click();
    await page.locator('nav[aria-label="Threads"][data-state="saved"]').waitFor();
    await page.reload();
    await page.getByRole("textbox", { name: "Message" }).waitFor();
    await expect
      .poll(() => transcript(page))
      .toEqual([
        "user: hello there",
        'assistant: You said: "hello there". Try "count down from 10", "tell me a story" or "make the background teal".',
      ]);
    expect(await picker(page, 0).textContent()).toContain("1 / 2");
    await picker(page, 0).getByRole("button", { name: "Next version" }).click();
    expect(await transcript(page)).toEqual(["user: count down please", "assistant: Counting down: 10 9 8 7 6 5 4 3 2 1 ✓"]);
    await screenshot(page, "branches-edit");
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });

  it("regenerate keeps both replies, one picker over the reply", async () => {
    const page = await openPage(stack, "agentic-chat");
    // Stop, focused while the story streams, goes away when the run ends: focus goes on in the message box.
    // The story is held after its third word, so Stop is there to focus.
    const telling = hold(stack, { type: "TEXT_MESSAGE_CONTENT", count: 3, path: "/agentic-chat" });
    await send(page, "tell me a story");
    await telling.reached;
    await page.getByRole("button", { name: "Stop" }).focus();
    telling.release();
    await settled(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Message");
    await expect.poll(() => transcript(page), { timeout: 20_000 }).toHaveLength(2);
    const first = await rows(page).nth(1).getAttribute("data-message-id");
    await rows(page).nth(1).getByRole("button", { name: "Regenerate" }).click();
    await expect.poll(() => rows(page).nth(1).getAttribute("data-message-id"), { timeout: 15_000 }).not.toBe(first);
    await settled(page);
    expect(await picker(page, 1).textContent()).toContain("2 / 2");
    expect(await rows(page).first().getByTestId("branch-picker").count()).toBe(0);
    const second = await rows(page).nth(1).getAttribute("data-message-id");
    await picker(page, 1).getByRole("button", { name: "Previous version" }).click();
    expect(await rows(page).nth(1).getAttribute("data-message-id")).toBe(first);
    expect((await transcript(page))[1]).toMatch(/^assistant: Once upon a time/);
    await picker(page, 1).getByRole("button", { name: "Next version" }).click();
    expect(await rows(page).nth(1).getAttribute("data-message-id")).toBe(second);
    expect(postsFor("tell me a story")).toHaveLength(2);
  });
});
