import type { RecordedRequest } from "@tandem/mock-agent";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, hold, lastAssistantText, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";

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
interface Stored {
  id: string;
  title: string;
  runningSince?: string[];
  resumePoint?: { runId: string; device?: string };
}

const chat = (page: Page) => page.getByTestId("tandem-chat");
const background = (page: Page) => page.getByTestId("background-container").evaluate((el) => getComputedStyle(el).backgroundImage);
const threadItems = (page: Page) => page.getByRole("navigation", { name: "Threads" }).getByTestId("thread-item");
/** Every message of the transcript as "role: text". */
const transcript = (page: Page) =>
  page
    .locator('[data-testid="message"]')
    .evaluateAll((nodes) => nodes.map((n) => `${(n as HTMLElement).dataset.role}: ${(n.textContent ?? "").trim()}`));
const errorsOf = (page: Page) => (page as Page & { errors: string[] }).errors;

/** Both browsers: the mock agent, threads kept in its thread store (one for both), runs joined at its join endpoint. */
const query = () => {
  const base = stack.agent.baseUrl;
  return [
    `agent=${encodeURIComponent(`${base}/agentic-chat`)}`,
    `threads=${encodeURIComponent(`${base}/threads`)}`,
    `resume=${encodeURIComponent(`${base}/resume/{threadId}/{runId}`)}`,
  ].join("&");
};

/** The stored thread titled `title` (the shared thread store), or undefined. */
async function storedThread(title: string): Promise<Stored | undefined> {
  const base = stack.agent.baseUrl;
  const list = (await (await fetch(`${base}/threads`)).json()) as Stored[];
  const found = list.find((t) => t.title === title);
  return found && ((await (await fetch(`${base}/threads/${encodeURIComponent(found.id)}`)).json()) as Stored);
}

/** The runs the agent started on the thread `ask` began (joins and read-ons are not runs). */
function runsOf(ask: string): Body[] {
  const posts = stack.agent.requests.filter((r) => r.method === "POST" && r.path === "/agentic-chat");
  const first = posts.find((r) => (r.body as Body).messages.some((m) => m.role === "user" && m.content === ask));
  if (!first) return [];
  const { threadId } = first.body as Body;
  return posts.filter((r) => (r.body as Body).threadId === threadId && !r.headers["last-event-id"]).map((r) => r.body as Body);
}

/** Requests that joined a run at the join endpoint (GET, Last-Event-ID). */
const joins = (): RecordedRequest[] => stack.agent.requests.filter((r) => r.method === "GET" && r.path.startsWith("/resume/"));
/** Requests that read a run on by POSTing it again: a follower never does. */
const readOns = () => stack.agent.requests.filter((r) => r.method === "POST" && r.headers["last-event-id"]);

/**
 * Browser A sends `ask`; once the agent's reply is held (`holdAt`) and A has saved the thread
 * mid-run with where its stream is, browser B (a context of its own: another device) opens the
 * thread from the shared thread store.
 */
async function watchedMidRun(ask: string, held: ReturnType<typeof hold>) {
  const a = await openPage(stack, "agentic-chat", query());
  await send(a, ask);
  await held.reached;
  // A's save with the run going on says where its stream is and which device runs it.
  await expect.poll(async () => (await storedThread(ask))?.resumePoint?.device ?? null, { timeout: 15_000 }).not.toBeNull();
  const joined = joins().length;
  const b = await openPage(stack, "agentic-chat", query());
  await threadItems(b).filter({ hasText: ask }).click();
  return { a, b, joined };
}

describe("a second browser watches a run live, read-only, in Chromium", () => {
  it("shows the partial reply as it streams, runs nothing, and ends with the owner's transcript", async () => {
    const ask = "tell me a story";
    // The story held after its fifth word until the test has looked at both browsers.
    const held = hold(stack, { type: "TEXT_MESSAGE_CONTENT", count: 5, path: "/agentic-chat" });
    const { a, b, joined } = await watchedMidRun(ask, held);

    // B follows A's run: it says so, offers no Stop, and shows the reply so far through the join endpoint.
    await expect.poll(() => chat(b).getAttribute("data-following")).toBe("true");
    // The joined run shows as running once its stream is open (the hold keeps it so): waited for, not raced.
    await expect.poll(() => chat(b).getAttribute("data-running")).toBe("true");
    await lastAssistantText(b)
      .getByText(/^(\S+\s+){4}/)
      .waitFor();
    expect(await b.getByRole("button", { name: "Stop" }).count()).toBe(0);
    expect(await a.getByRole("button", { name: "Stop" }).count()).toBe(1);
    expect(joins().length - joined).toBe(1);
    expect(joins().at(-1)!.headers["last-event-id"]).toBeTruthy();
    await screenshot(b, "watch-partial-reply");

    held.release();
    await lastAssistantText(a)
      .getByText(/work together\.$/)
      .waitFor({ timeout: 30_000 });
    await settled(a);
    await lastAssistantText(b)
      .getByText(/work together\.$/)
      .waitFor({ timeout: 30_000 });
    await settled(b);
    await expect.poll(() => chat(b).getAttribute("data-following")).toBe("false");
    expect(await transcript(b)).toEqual(await transcript(a));
    // One run, the owner's; B never POSTed one nor read one on as its owner.
    expect(runsOf(ask)).toHaveLength(1);
    expect(readOns()).toHaveLength(0);
    expect(await b.getByRole("alert").count()).toBe(0);
    expect(errorsOf(a)).toEqual([]);
    expect(errorsOf(b)).toEqual([]);
  });

  it("a frontend tool call runs in the owner only: one follow-up, which the watcher joins too", async () => {
    const ask = "make the background teal and navy";
    const call = hold(stack, { type: "TOOL_CALL_ARGS", count: 1, path: "/agentic-chat" });
    // The follow-up run (after the tool's result), held after its second word.
    const followUp = hold(stack, { type: "TEXT_MESSAGE_CONTENT", count: 2, path: "/agentic-chat" });
    const { a, b, joined } = await watchedMidRun(ask, call);
    const before = await background(b);

    await expect.poll(() => chat(b).getAttribute("data-following")).toBe("true");
    await b.getByRole("group", { name: "Tool call: change_background" }).waitFor();
    expect(joins().length - joined).toBe(1);

    call.release();
    // A runs the tool and its follow-up; B joins that run and shows it live, still following.
    await followUp.reached;
    await lastAssistantText(b)
      .getByText(/^Done!/)
      .waitFor({ timeout: 30_000 });
    expect(await chat(b).getAttribute("data-following")).toBe("true");
    expect(joins().length - joined).toBe(2);

    followUp.release();
    await lastAssistantText(a)
      .getByText(/teal, navy\)\.$/)
      .waitFor({ timeout: 30_000 });
    await settled(a);
    await lastAssistantText(b)
      .getByText(/teal, navy\)\.$/)
      .waitFor({ timeout: 30_000 });
    await settled(b);
    await expect.poll(() => chat(b).getAttribute("data-following")).toBe("false");
    expect(await transcript(b)).toEqual(await transcript(a));
    // The tool ran in A only (its page changed, B's did not); the agent got one follow-up, with one result.
    expect(await background(a)).not.toBe(before);
    expect(await background(b)).toBe(before);
    const runs = runsOf(ask);
    expect(runs).toHaveLength(2);
    expect(runs.flatMap((body) => body.messages.filter((m) => m.role === "tool"))).toHaveLength(1);
    expect(readOns()).toHaveLength(0);
    expect(errorsOf(b)).toEqual([]);
    await screenshot(b, "watch-tool-follow-up");
  });
});
