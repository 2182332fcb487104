import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, openPage, type Stack, screenshot, send, settled, startStack, throttleCpu } from "./stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterEach(() => closePages(stack));
afterAll(() => stack?.close());

interface Body {
  threadId: string;
  messages: {
    id: string;
    role: string;
    content?: unknown;
    toolCallId?: string;
    toolCalls?: { id: string; function: { name: string } }[];
  }[];
}

const threadList = (page: Page) => page.getByRole("navigation", { name: "Threads" });
const threadItems = (page: Page) => threadList(page).getByTestId("thread-item");
const titles = (page: Page) => threadItems(page).allTextContents();
const currentTitle = (page: Page) => threadList(page).locator('[data-testid="thread-item"][aria-current="page"]').textContent();

/** Every message of the transcript as "role: text". */
const transcript = (page: Page) =>
  page
    .locator('[data-testid="message"]')
    .evaluateAll((nodes) => nodes.map((n) => `${(n as HTMLElement).dataset.role}: ${(n.textContent ?? "").trim()}`));

/** Waits until the thread is written: the run has ended and the list says the storage is saved. */
async function savedAfterRun(page: Page): Promise<void> {
  await settled(page);
  await page.locator('nav[aria-label="Threads"][data-state="saved"]').waitFor();
}

async function reload(page: Page): Promise<void> {
  await page.reload();
  await page.getByRole("textbox", { name: "Message" }).waitFor();
}

/** The POSTs the mock agent got on one page's path for one thread. */
const runsOf = (path: string, threadId: string) =>
  stack.agent.requests
    .filter((r) => r.method === "POST" && r.path === path && (r.body as Body).threadId === threadId)
    .map((r) => r.body as Body);

const threadIdOf = (path: string, userText: string) =>
  (
    stack.agent.requests.find((r) => r.path === path && (r.body as Body).messages.some((m) => m.role === "user" && m.content === userText))!
      .body as Body
  ).threadId;

describe("threads kept in IndexedDB, in Chromium", () => {
  it("agentic chat: a reload brings the messages back", async () => {
    const page = await openPage(stack, "agentic-chat");
    expect(await titles(page)).toEqual(["Untitled"]);
    await send(page, "count down from 5");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("✓");
    await savedAfterRun(page);
    const before = await transcript(page);
    expect(before).toEqual(["user: count down from 5", "assistant: Counting down: 10 9 8 7 6 5 4 3 2 1 ✓"]);
    expect(await currentTitle(page)).toBe("count down from 5");

    await reload(page);
    await expect.poll(() => transcript(page)).toEqual(before);
    expect(await currentTitle(page)).toBe("count down from 5");
    expect(await titles(page)).toEqual(["count down from 5"]);
    // Restored, not asked again.
    expect(runsOf("/agentic-chat", threadIdOf("/agentic-chat", "count down from 5"))).toHaveLength(1);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });

  it("shared state: a reload brings the messages and the recipe back", async () => {
    const page = await openPage(stack, "shared-state");
    const card = page.getByTestId("recipe-card");
    await card.getByRole("textbox", { name: "Ingredient 1 name" }).fill("Potatoes");
    await card.getByRole("button", { name: "Improve with AI" }).click();
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("Potatoes");
    await expect.poll(() => card.getByRole("textbox", { name: "Ingredient 3 name" }).inputValue()).toBe("Salt");
    await savedAfterRun(page);
    const before = await transcript(page);
    expect(before).toHaveLength(2);

    await reload(page);
    await expect.poll(() => transcript(page)).toEqual(before);
    const restored = page.getByTestId("recipe-card");
    expect(await restored.getByRole("textbox", { name: "Ingredient 1 name" }).inputValue()).toBe("Potatoes");
    expect(await restored.getByRole("textbox", { name: "Ingredient 3 name" }).inputValue()).toBe("Salt");
  });

  it("human in the loop: the steps picker is back after a reload, and answering it continues the agent", async () => {
    const page = await openPage(stack, "human-in-the-loop");
    await send(page, "plan a trip to Venus");
    const picker = page.getByTestId("select-steps");
    await expect.poll(() => picker.getByTestId("step-item").count(), { timeout: 15_000 }).toBe(6);
    await picker.getByRole("button", { name: "Approve", disabled: false }).waitFor();
    await savedAfterRun(page);
    const threadId = threadIdOf("/human-in-the-loop", "plan a trip to Venus");
    expect(runsOf("/human-in-the-loop", threadId)).toHaveLength(1);

    await reload(page);
    const again = page.getByTestId("select-steps");
    await expect.poll(() => again.getByTestId("step-item").count(), { timeout: 15_000 }).toBe(6);
    const labels = (await again.locator("label").allTextContents()).map((l) => l.trim());
    expect(labels[0]).toBe("Understand the goal: plan a trip to Venus");
    await again.getByTestId("step-item").nth(1).uncheck();
    const approve = again.getByRole("button", { name: "Approve", disabled: false });
    await approve.focus();
    await page.keyboard.press("Enter");

    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("I'll go ahead");
    await settled(page);
    const answer = (await lastAssistantText(page).textContent())!;
    expect(answer).toContain(labels[0]!);
    expect(answer).not.toContain(labels[1]!);

    // One follow-up run, carrying the tool's result: the person's answer.
    const runs = runsOf("/human-in-the-loop", threadId);
    expect(runs).toHaveLength(2);
    const call = runs[1]!.messages.flatMap((m) => m.toolCalls ?? []).find((c) => c.function.name === "generate_task_steps")!;
    const result = runs[1]!.messages.find((m) => m.role === "tool" && m.toolCallId === call.id);
    expect(result).toBeDefined();
    const content = JSON.parse(String(result!.content)) as { accepted: boolean; steps: { description: string; status: string }[] };
    expect(content.accepted).toBe(true);
    expect(content.steps.map((s) => s.status)).toEqual(["enabled", "disabled", "enabled", "enabled", "enabled", "enabled"]);
    await screenshot(page, "threads-human-in-the-loop-after-reload");
  });

  it("New thread empties the chat; both threads are listed by their first message; the first comes back", async () => {
    const page = await openPage(stack, "agentic-chat");
    await send(page, "hello from the first thread");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("You said");
    await savedAfterRun(page);
    const first = await transcript(page);

    await threadList(page).getByRole("button", { name: "New thread" }).click();
    await expect.poll(() => transcript(page)).toEqual([]);
    expect(await currentTitle(page)).toBe("Untitled");
    await send(page, "hello from the second thread");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("second thread");
    await savedAfterRun(page);
    await expect.poll(() => titles(page)).toEqual(["hello from the second thread", "hello from the first thread"]);
    expect(await currentTitle(page)).toBe("hello from the second thread");
    await screenshot(page, "threads-two");

    await threadItems(page).filter({ hasText: "hello from the first thread" }).click();
    await expect.poll(() => transcript(page)).toEqual(first);
    expect(await currentTitle(page)).toBe("hello from the first thread");
    // And it stays the current one across a reload.
    await reload(page);
    await expect.poll(() => transcript(page)).toEqual(first);
    expect(await currentTitle(page)).toBe("hello from the first thread");
  });

  it("two tabs on one thread: after both have sent, a reload shows every message of both", async () => {
    const one = await openPage(stack, "agentic-chat");
    const two = await one.context().newPage();
    await throttleCpu(two);
    await two.goto(one.url());
    await two.getByRole("textbox", { name: "Message" }).waitFor();

    await Promise.all([send(one, "hello from tab one"), send(two, "hello from tab two")]);
    await expect.poll(() => lastAssistantText(one).textContent(), { timeout: 15_000 }).toContain("tab one");
    await expect.poll(() => lastAssistantText(two).textContent(), { timeout: 15_000 }).toContain("tab two");
    await savedAfterRun(one);
    await savedAfterRun(two);
    // The same thread, from both tabs.
    expect(threadIdOf("/agentic-chat", "hello from tab one")).toBe(threadIdOf("/agentic-chat", "hello from tab two"));

    for (const tab of [one, two]) {
      await reload(tab);
      await expect.poll(() => transcript(tab)).toHaveLength(4);
      const all = await transcript(tab);
      expect(all.filter((m) => m.startsWith("user: ")).sort()).toEqual(["user: hello from tab one", "user: hello from tab two"]);
      expect(all.filter((m) => m.includes('You said: "hello from tab one"'))).toHaveLength(1);
      expect(all.filter((m) => m.includes('You said: "hello from tab two"'))).toHaveLength(1);
      // Each question stays before its answer.
      expect(all.indexOf("user: hello from tab one")).toBeLessThan(
        all.findIndex((m) => m.includes('"hello from tab one"') && m.startsWith("assistant")),
      );
      expect(all.indexOf("user: hello from tab two")).toBeLessThan(
        all.findIndex((m) => m.includes('"hello from tab two"') && m.startsWith("assistant")),
      );
    }
  });
});
