import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, hold, lastAssistantText, openPage, type Stack, screenshot, send, settled, startStack, throttleCpu } from "./stack";

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
const chat = (page: Page) => page.getByTestId("tandem-chat");
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

/** A second page of the same browser (same IndexedDB) on the page's address, slowed like it, once its composer is there. */
async function secondTab(page: Page): Promise<Page> {
  const tab = await page.context().newPage();
  await throttleCpu(tab);
  await tab.goto(page.url());
  await tab.getByRole("textbox", { name: "Message" }).waitFor();
  return tab;
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

  it("two tabs on one thread that both send: after a reload every question is kept once, each right before its answer", async () => {
    const one = await openPage(stack, "agentic-chat");
    const two = await secondTab(one);

    await Promise.all([send(one, "hello from tab one"), send(two, "hello from tab two")]);
    // One tab owns the thread's run at a time: the other follows it and sends its question after
    // it. Both questions reached the agent, so the last run has started in its owner; then each
    // tab waits for its runs to end. (An answer "containing tab" in each tab was not enough: the
    // follower shows the owner's answer before its own question has gone.)
    const asked = (text: string) =>
      stack.agent.requests.some(
        (r) => r.path === "/agentic-chat" && (r.body as Body).messages.some((m) => m.role === "user" && m.content === text),
      );
    await expect.poll(() => asked("hello from tab one") && asked("hello from tab two"), { timeout: 60_000 }).toBe(true);
    await savedAfterRun(one);
    await savedAfterRun(two);
    // The same thread, from both tabs.
    expect(threadIdOf("/agentic-chat", "hello from tab one")).toBe(threadIdOf("/agentic-chat", "hello from tab two"));

    // Whether a tab saw the other's turn before sending (one path of four) or not (two versions of
    // the first turn) depends on timing; either way nothing is lost and no answer is misplaced.
    // Which one it was, the agent's requests say: two versions when neither carried the other's question.
    const twoVersions = runsOf("/agentic-chat", threadIdOf("/agentic-chat", "hello from tab one")).every(
      (body) => body.messages.filter((m) => m.role === "user").length === 1,
    );
    for (const tab of [one, two]) {
      await reload(tab);
      // What a user sees once the stored thread is back: its messages, and the versions' picker (a part loaded on first use).
      await expect.poll(() => tab.locator('[data-testid="message"]').count(), { timeout: 15_000 }).toBe(twoVersions ? 2 : 4);
      if (twoVersions) await tab.getByTestId("branch-picker").first().waitFor();
    }
    const seen: string[][] = [await transcript(one)];
    // Both tabs show the same stored path.
    expect(await transcript(two)).toEqual(seen[0]);
    const picker = one.getByTestId("branch-picker");
    if ((await picker.count()) > 0) {
      const text = (await picker.first().textContent())!;
      await picker
        .first()
        .getByRole("button", { name: text.includes("1 / 2") ? "Next version" : "Previous version" })
        .click();
      // The other version shows (versions of a turn are code loaded on first use: a moment after the click at most).
      await expect.poll(() => transcript(one), { timeout: 15_000 }).not.toEqual(seen[0]);
      seen.push(await transcript(one));
    }
    const questions = seen.flat().filter((m) => m.startsWith("user: "));
    expect(questions.map((q) => q.replace(/\d \/ 2.*$/, "")).sort()).toEqual(["user: hello from tab one", "user: hello from tab two"]);
    for (const shown of seen) {
      shown.forEach((m, i) => {
        if (m.startsWith("user: ")) expect(shown[i + 1]).toContain(`You said: "${m.match(/hello from tab (one|two)/)![0]}"`);
      });
    }
  }, 180_000);

  it("two tabs: an edit made in one tab after the other asked again never puts the later question first", async () => {
    const a = await openPage(stack, "agentic-chat");
    await threadList(a).getByRole("button", { name: "New thread" }).click();
    await send(a, "first question");
    await expect.poll(() => lastAssistantText(a).textContent(), { timeout: 15_000 }).toContain("first question");
    await savedAfterRun(a);
    const b = await secondTab(a);
    await expect.poll(() => transcript(b), { timeout: 15_000 }).toHaveLength(2);

    await send(a, "second question");
    await expect.poll(() => lastAssistantText(a).textContent(), { timeout: 15_000 }).toContain("second question");
    await savedAfterRun(a);
    await b.locator('[data-testid="message"][data-role="user"]').first().getByRole("button", { name: "Edit" }).focus();
    await b.keyboard.press("Enter");
    await b.getByRole("textbox", { name: "Edit message" }).fill("first question, edited");
    await b.keyboard.press("Enter");
    await expect.poll(() => lastAssistantText(b).textContent(), { timeout: 15_000 }).toContain("first question, edited");
    await savedAfterRun(b);

    for (const tab of [a, b]) {
      await reload(tab);
      await expect
        .poll(() => transcript(tab))
        .toEqual([expect.stringMatching(/^user: first question, edited/), expect.stringContaining("first question, edited")]);
      expect(await tab.getByTestId("branch-picker").first().textContent()).toContain("2 / 2");
    }
    await a.getByTestId("branch-picker").first().getByRole("button", { name: "Previous version" }).click();
    // The version left holds both earlier turns, in the order they were asked.
    await expect
      .poll(() => transcript(a))
      .toEqual([
        expect.stringMatching(/^user: first question(?!,)/),
        expect.stringContaining('"first question"'),
        "user: second question",
        expect.stringContaining('"second question"'),
      ]);
  }, 180_000);

  it("a thread deleted while its reply streams is gone at once, after the run would have ended, and after a reload", async () => {
    const page = await openPage(stack, "agentic-chat");
    await threadList(page).getByRole("button", { name: "New thread" }).click();
    // The story held after its third word: the reply is still streaming when the thread is deleted.
    const telling = hold(stack, { type: "TEXT_MESSAGE_CONTENT", count: 3, path: "/agentic-chat" });
    await send(page, "tell me a long story to delete");
    await telling.reached;
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).not.toBe("");
    const title = "tell me a long story to delete";
    const remove = threadList(page).getByRole("button", { name: `Delete ${title}` });
    await remove.waitFor();
    expect(await page.locator('[data-testid="tandem-chat"]').getAttribute("data-running")).toBe("true");
    await remove.click();
    await threadList(page).getByRole("button", { name: "Delete", exact: true }).click();
    await expect.poll(() => titles(page)).not.toContain(title);
    await settled(page);
    // The server's stream for that run was cut when the run stopped; nothing writes the thread again.
    const threadId = threadIdOf("/agentic-chat", title);
    await send(page, "count down from 5");
    await savedAfterRun(page);
    expect(await titles(page)).not.toContain(title);
    await reload(page);
    expect(await titles(page)).not.toContain(title);
    expect(await storedThread(page, threadId)).toBeNull();
  });

  it("switching threads mid-reply leaves each thread with only its own messages", async () => {
    const page = await openPage(stack, "agentic-chat");
    await threadList(page).getByRole("button", { name: "New thread" }).click();
    // The story held after its third word: the switch happens mid-reply, and the reply then goes on.
    const telling = hold(stack, { type: "TEXT_MESSAGE_CONTENT", count: 3, path: "/agentic-chat" });
    await send(page, "tell me a long story, then switch");
    await telling.reached;
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).not.toBe("");
    expect(await page.getByTestId("tandem-chat").getAttribute("data-running")).toBe("true");
    await threadList(page).getByRole("button", { name: "New thread" }).click();
    await expect.poll(() => transcript(page)).toEqual([]);
    telling.release();
    await send(page, "hello from the thread I switched to");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("switched to");
    await savedAfterRun(page);
    const second = await transcript(page);
    expect(second).toEqual(["user: hello from the thread I switched to", expect.stringContaining("switched to")]);

    const check = async () => {
      await threadItems(page).filter({ hasText: "tell me a long story, then switch" }).click();
      await expect.poll(() => transcript(page)).toHaveLength(2);
      const first = await transcript(page);
      expect(first[0]).toBe("user: tell me a long story, then switch");
      expect(first.join(" ")).not.toContain("switched to");
      await threadItems(page).filter({ hasText: "hello from the thread I switched to" }).click();
      await expect.poll(() => transcript(page)).toEqual(second);
    };
    await check();
    await reload(page);
    await check();
  });

  it("a message whose file is still being read when the user switches threads goes to neither thread and comes back to the composer", async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    // Files are read only once the test lets them, so the switch happens mid-read.
    await context.addInitScript(() => {
      const read = FileReader.prototype.readAsDataURL;
      const w = window as unknown as { releaseFiles: () => void };
      const released = new Promise<void>((resolve) => {
        w.releaseFiles = resolve;
      });
      FileReader.prototype.readAsDataURL = function (this: FileReader, blob: Blob) {
        void released.then(() => read.call(this, blob));
      };
    });
    const page = await context.newPage();
    await throttleCpu(page);
    await page.goto(`${stack.app}/agentic-chat?agent=${encodeURIComponent(`${stack.agent.baseUrl}/agentic-chat`)}`);
    const box = page.getByRole("textbox", { name: "Message" });
    await box.waitFor();
    await threadList(page).getByRole("button", { name: "New thread" }).click();
    await page
      .getByLabel("Attach files", { exact: true })
      .and(page.locator("input"))
      .setInputFiles({
        name: "notes.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("hello"),
      });
    await page.getByTestId("attachment").waitFor();
    await box.fill("read this file");
    await page.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => box.inputValue()).toBe("");
    await threadList(page).getByRole("button", { name: "New thread" }).click();
    await page.evaluate(() => (window as unknown as { releaseFiles: () => void }).releaseFiles());
    await expect.poll(() => box.inputValue()).toBe("read this file");
    await expect.poll(() => page.getByTestId("attachment").count()).toBe(1);
    expect(await transcript(page)).toEqual([]);
    expect(stack.agent.requests.some((r) => JSON.stringify(r.body).includes("read this file"))).toBe(false);
    await context.close();
  });
});

const STORY = "tell me a long story while the other tab looks";
/** A thread's `data-running` in a tab's list, found by its title. */
const runningOf = (page: Page, title: string) => threadItems(page).filter({ hasText: title }).getAttribute("data-running");
/** The dot a running thread shows: the border width of its button's `::after` ("0px" when there is none). */
const dotOf = (page: Page, title: string) =>
  threadItems(page)
    .filter({ hasText: title })
    .evaluate((el) => {
      const after = getComputedStyle(el, "::after");
      return after.content === "none" ? "0px" : after.borderTopWidth;
    });

/** Where a thread's button and its title's text are drawn. */
const placeOf = (page: Page, title: string) =>
  threadItems(page)
    .filter({ hasText: title })
    .evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const { x, y, width, height } = el.getBoundingClientRect();
      const text = range.getBoundingClientRect();
      return { button: [x, y, width, height], text: [text.x, text.y, text.width, text.height] };
    });

/**
 * Tab A with a finished thread; tab B, a second page of the same browser (same IndexedDB),
 * opened on it; then A on a new thread whose reply the mock agent holds after its third word.
 */
async function storyHeldInA() {
  const a = await openPage(stack, "agentic-chat");
  await send(a, "count down from 5");
  await expect.poll(() => lastAssistantText(a).textContent(), { timeout: 15_000 }).toContain("✓");
  await savedAfterRun(a);
  const b = await secondTab(a);
  await expect.poll(() => currentTitle(b), { timeout: 15_000 }).toBe("count down from 5");
  await threadList(a).getByRole("button", { name: "New thread" }).click();
  await expect.poll(() => transcript(a)).toEqual([]);
  const telling = hold(stack, { type: "TEXT_MESSAGE_CONTENT", count: 3, path: "/agentic-chat" });
  await send(a, STORY);
  await telling.reached;
  return { a, b, telling };
}

describe("which threads run, in every tab's list, in Chromium", () => {
  it("the thread tab A runs is running in A's list and in B's, the other not; both say so once the run ends", async () => {
    const { a, b, telling } = await storyHeldInA();
    for (const tab of [a, b]) {
      // Hang guards: A's first save of the run, then B hearing it.
      await expect.poll(() => runningOf(tab, STORY), { timeout: 15_000 }).toBe("true");
      expect(await runningOf(tab, "count down from 5")).toBe("false");
      // A dot to see, a description to hear; the name stays the title.
      expect(await dotOf(tab, STORY)).toBe("3px");
      expect(await dotOf(tab, "count down from 5")).toBe("0px");
      expect(await threadItems(tab).filter({ hasText: STORY }).getAttribute("aria-description")).toBe("Running");
      expect(await threadList(tab).getByRole("button", { name: STORY, exact: true }).count()).toBe(1);
    }
    expect(await chat(b).getAttribute("data-following")).toBe("false");
    await screenshot(b, "threads-running-in-other-tab");
    const box = await placeOf(a, STORY);

    telling.release();
    await settled(a);
    for (const tab of [a, b]) {
      await expect.poll(() => runningOf(tab, STORY), { timeout: 15_000 }).toBe("false");
      expect(await runningOf(tab, "count down from 5")).toBe("false");
      expect(await dotOf(tab, STORY)).toBe("0px");
    }
    // The dot took no room: the thread's button and its title are where they were, as large.
    expect(await placeOf(a, STORY)).toEqual(box);
  });

  it("tab A closed mid-run: B's list says the thread no longer runs", async () => {
    const { a, b } = await storyHeldInA();
    await expect.poll(() => runningOf(b, STORY), { timeout: 15_000 }).toBe("true");
    await a.close();
    // The browser let A's locks go; nobody runs the thread now (B is on another one and takes nothing over).
    await expect.poll(() => runningOf(b, STORY), { timeout: 15_000 }).toBe("false");
    expect(await runningOf(b, "count down from 5")).toBe("false");
    expect(await currentTitle(b)).toBe("count down from 5");
  });
});

/** The thread's record in the page's IndexedDB, or null (a tombstone counts as none). */
function storedThread(page: Page, threadId: string): Promise<unknown> {
  return page.evaluate(
    (id) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("playground-agentic-chat");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction("threads").objectStore("threads").get(id);
          get.onsuccess = () => {
            open.result.close();
            const record = get.result as { removedAt?: number } | undefined;
            resolve(record && record.removedAt === undefined ? record : null);
          };
        };
      }),
    threadId,
  );
}
