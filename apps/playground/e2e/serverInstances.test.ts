import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Hold, type Instance, replyWords, startInstance } from "../../../packages/server/src/test/instance";
import { type Proxied, type RoundRobinProxy, roundRobinProxy } from "../../../packages/server/src/test/roundRobinProxy";
import { startRedis } from "../../../scripts/ensure-redis.mjs";
import { closePages, lastAssistantText, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";

const redis = await startRedis();
if (redis.skip !== undefined) console.log(`Skipping the server instances tests: ${redis.skip}`);
afterAll(() => (redis.skip === undefined ? redis.stop() : undefined));

/** What an instance's agent replies, as the page shows it. */
const reply = replyWords.join("").trim();
const session = [{ name: "session", value: "ann", url: "http://127.0.0.1" }];

const threadList = (page: Page) => page.getByRole("navigation", { name: "Threads" });
const threadItems = (page: Page) => threadList(page).getByTestId("thread-item");
const titles = (page: Page) => threadItems(page).allTextContents();
const replyText = async (page: Page) => ((await lastAssistantText(page).textContent()) ?? "").trim();
/** Every message of the transcript as "role: text". */
const transcript = (page: Page) =>
  page
    .locator('[data-testid="message"]')
    .evaluateAll((nodes) => nodes.map((n) => `${(n as HTMLElement).dataset.role}: ${(n.textContent ?? "").trim()}`));
const errorsOf = (page: Page) => (page as Page & { errors: string[] }).errors;

describe.skipIf(redis.skip !== undefined)("two server instances over one Redis and one thread store, in Chromium", () => {
  let stack: Stack;
  let dir: string;
  let instances: Instance[] = [];
  let proxy: RoundRobinProxy | undefined;
  let holds: Hold[] = [];
  beforeAll(async () => {
    const url = redis.skip === undefined ? redis.url : "";
    stack = await startStack();
    dir = mkdtempSync(path.join(os.tmpdir(), "tandem-instances-"));
    // Both instances open one SQLite file: a thread saved through one is listed by the other.
    const threads = path.join(dir, "threads.db");
    instances = await Promise.all(["a", "b"].map((name) => startInstance({ redis: url, name, threads, origin: stack.app })));
  });
  afterEach(async () => {
    for (const hold of holds) hold.release();
    holds = [];
    await proxy?.close();
    proxy = undefined;
    await closePages(stack);
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await stack?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("a reply dropped mid-stream on one instance ends whole from the other, each word once", async () => {
    const balancer = await roundRobinProxy(instances.map((instance) => instance.port));
    proxy = balancer;
    // Whichever instance runs it holds the run after its 14th event (RUN_STARTED, the message's
    // start, w0 to w11) until the page has resumed elsewhere; the first answer is cut after 8
    // frames (up to w5), so the page resumes mid-reply.
    holds = await Promise.all(instances.map((instance) => instance.hold(14)));
    balancer.cutNextAfter(8);
    const page = await openPage(stack, "agentic-chat", `agent=${encodeURIComponent(`${balancer.url}/agent`)}`);
    await send(page, "say the words");
    await Promise.race(holds.map((hold) => hold.reached));

    // Resumed on the other instance, which reads the run from Redis: the words so far, once each, the run going on.
    await expect.poll(() => balancer.served.filter((request) => request.lastEventId !== undefined && request.instance).length).toBe(1);
    await expect.poll(() => replyText(page)).toBe(replyWords.slice(0, 12).join("").trim());
    expect(await page.getByTestId("tandem-chat").getAttribute("data-running")).toBe("true");
    for (const hold of holds) hold.release();

    await expect.poll(() => replyText(page)).toBe(reply);
    await settled(page);
    expect(await replyText(page)).toBe(reply);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    const runs = balancer.served.filter((request) => request.method === "POST");
    expect(runs).toHaveLength(2);
    const [first, resumed] = runs as [Proxied, Proxied];
    expect(first.lastEventId).toBeUndefined();
    expect(resumed.lastEventId).toBeDefined();
    expect(first.instance).toMatch(/^[ab]$/);
    expect(resumed.instance).toMatch(/^[ab]$/);
    expect(resumed.instance).not.toBe(first.instance);
    await screenshot(page, "server-instances-resumed-elsewhere");
  });

  it("two browsers on two instances see the same thread list and messages", async () => {
    const [one, two] = instances as [Instance, Instance];
    const on = (instance: Instance) =>
      `agent=${encodeURIComponent(`${instance.url}/agent`)}&threads=${encodeURIComponent(`${instance.url}/threads`)}`;
    // Two browsers (contexts apart: no storage shared), one user signed in to both.
    const open = (instance: Instance) => openPage(stack, "agentic-chat", on(instance), undefined, { cookies: session });
    const [a, b] = await Promise.all([open(one), open(two)]);
    const title = "hello from browser A";
    // Nothing kept yet: each list has only its page's new thread.
    await expect.poll(() => titles(b)).toEqual(["Untitled"]);

    await send(a, title);
    await expect.poll(() => replyText(a)).toBe(reply);
    await settled(a);
    await a.locator('nav[aria-label="Threads"][data-state="saved"]').waitFor();
    const shown = await transcript(a);
    expect(shown).toEqual([`user: ${title}`, `assistant: ${reply}`]);

    await b.reload();
    await b.getByRole("textbox", { name: "Message" }).waitFor();
    await expect.poll(() => titles(b)).toContain(title);
    await threadItems(b).filter({ hasText: title }).click();
    await expect.poll(() => transcript(b)).toEqual(shown);
    await expect.poll(() => titles(b)).toEqual(await titles(a));
    expect(errorsOf(a)).toEqual([]);
    expect(errorsOf(b)).toEqual([]);
    await screenshot(b, "server-instances-thread-on-the-other");

    // The threads are the session's: none without one, and another user's list has none of them.
    expect((await fetch(`${two.url}/threads`)).status).toBe(401);
    expect(await (await fetch(`${two.url}/threads`, { headers: { cookie: "session=bob" } })).json()).toEqual([]);
  });
});
