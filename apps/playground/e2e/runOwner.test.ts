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
  messages: { role: string; content?: unknown; toolCallId?: string }[];
}

const ASK = "make the background teal and navy";
const chat = (page: Page) => page.getByTestId("tandem-chat");
const background = (page: Page) => page.getByTestId("background-container").evaluate((el) => getComputedStyle(el).backgroundImage);

/** The runs the agent started on the thread `ASK` began (a read-on with Last-Event-ID is not a run). */
function runsOfThread(): Body[] {
  const posts = stack.agent.requests.filter((r) => r.method === "POST" && r.path === "/agentic-chat");
  const first = posts.find((r) => (r.body as Body).messages.some((m) => m.role === "user" && m.content === ASK));
  if (!first) return [];
  const threadId = (first.body as Body).threadId;
  return posts.filter((r) => (r.body as Body).threadId === threadId && !r.headers["last-event-id"]).map((r) => r.body as Body);
}

/** Requests that read a run on (Last-Event-ID) since `from` requests had been made. */
const readOns = (from: number) => stack.agent.requests.slice(from).filter((r) => r.headers["last-event-id"]);

/** Tool results the follow-up runs carried: one per time the frontend tool ran and sent its result. */
const toolResults = () => runsOfThread().flatMap((body) => body.messages.filter((m) => m.role === "tool"));

/** Tab A sends; the agent's reply is held right after the tool call's first arguments, and A has saved the thread mid-run. */
async function ownerMidRun() {
  const hold = stack.agent.hold({ type: "TOOL_CALL_ARGS", count: 1, path: "/agentic-chat" });
  const a = await openPage(stack, "agentic-chat");
  await send(a, ASK);
  await hold.reached;
  await a.getByRole("group", { name: "Tool call: change_background" }).waitFor();
  // Saved with the run going on (the list shows the thread and the storage says saved).
  await a.getByRole("navigation", { name: "Threads" }).getByTestId("thread-item").filter({ hasText: ASK }).waitFor();
  await a.locator('nav[aria-label="Threads"][data-state="saved"]').waitFor();
  expect(await chat(a).getAttribute("data-running")).toBe("true");
  return { a, hold };
}

/** Tab B: a second page of the same browser (same IndexedDB), opened on the same thread. */
async function secondTab(a: Page): Promise<Page> {
  const b = await a.context().newPage();
  await throttleCpu(b);
  await b.goto(a.url());
  await b.getByRole("textbox", { name: "Message" }).waitFor();
  await b.getByRole("group", { name: "Tool call: change_background" }).waitFor();
  return b;
}

describe("one owner per run, in Chromium", () => {
  it("a thread opened in a second tab mid-reply is followed there: its frontend tool runs once, one follow-up run", async () => {
    const start = stack.agent.requests.length;
    const { a, hold } = await ownerMidRun();
    const before = await background(a);
    const b = await secondTab(a);

    // B follows the run A owns: it says so, and offers no Stop.
    await expect.poll(() => chat(b).getAttribute("data-following")).toBe("true");
    await expect.poll(() => b.getByTestId("tandem-following").textContent()).toBe("Following a reply running elsewhere");
    expect(await b.getByRole("button", { name: "Stop" }).count()).toBe(0);
    expect(await a.getByRole("button", { name: "Stop" }).count()).toBe(1);
    await screenshot(b, "run-owner-follower");

    hold.release();
    // The tool ran in A (its page changed), and B shows the whole reply.
    await expect.poll(() => background(a), { timeout: 15_000 }).not.toBe(before);
    await expect.poll(() => lastAssistantText(a).textContent(), { timeout: 15_000 }).toContain("Done! The background is now");
    await settled(a);
    await expect.poll(() => lastAssistantText(b).textContent(), { timeout: 15_000 }).toContain("Done! The background is now");
    await settled(b);
    expect(await background(b)).toBe(before);
    expect(await b.getByRole("alert").count()).toBe(0);
    // The agent got the first run and exactly one follow-up, carrying one tool result.
    expect(runsOfThread()).toHaveLength(2);
    expect(toolResults()).toHaveLength(1);
    // B followed A's saves: it never joined the stream.
    expect(readOns(start)).toHaveLength(0);
    await expect.poll(() => chat(b).getAttribute("data-following")).not.toBe("true");
  });

  it("the owner tab closed mid-reply: the following tab takes the run over and it ends once", async () => {
    const start = stack.agent.requests.length;
    const { a, hold } = await ownerMidRun();
    const b = await secondTab(a);
    const before = await background(b);
    await expect.poll(() => chat(b).getAttribute("data-following")).toBe("true");

    await a.close();
    // B is the owner now: it reads the run on (Stop is back) and the agent's held reply goes on.
    await b.getByRole("button", { name: "Stop" }).waitFor();
    await expect.poll(() => chat(b).getAttribute("data-following")).not.toBe("true");
    hold.release();
    await expect.poll(() => background(b), { timeout: 15_000 }).not.toBe(before);
    await expect.poll(() => lastAssistantText(b).textContent(), { timeout: 15_000 }).toContain("Done! The background is now");
    await settled(b);
    expect(await b.getByRole("alert").count()).toBe(0);
    expect(runsOfThread()).toHaveLength(2);
    expect(toolResults()).toHaveLength(1);
    // B read the run on where A's stream was (a real resume), once.
    expect(readOns(start)).toHaveLength(1);
  });
});
