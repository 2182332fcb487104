import { type Hold, type MockAgent, startMockAgent } from "@tandem/mock-agent";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { describePages } from "./pagesSuite";
import { lastAssistantText, openPage, screenshot, send, settled } from "./stack";
import { wholeStory } from "./story";

// The playground's pages over the WebSocket binding (`?transport=websocket`), as pages.test.ts runs them over SSE.
const stackOf = describePages("websocket");

/** A mock agent in fault mode: every answer is cut after a few events, which closes its socket (1011). */
let dropping: MockAgent;
/** One that cuts every answer after five events: the approvals' short replies are cut too. */
let choppy: MockAgent;
beforeAll(async () => {
  dropping = await startMockAgent({ tokenDelayMs: 15, dropAfter: 12 });
  choppy = await startMockAgent({ tokenDelayMs: 15, dropAfter: 5 });
});
/** Holds on the dropping agent's streams: released after each test, passed or not. */
const holds: Hold[] = [];
afterEach(() => {
  for (const held of holds.splice(0)) held.release();
});
afterAll(async () => {
  await dropping?.close();
  await choppy?.close();
});

/** A page on the dropping agent, over the WebSocket transport, recording what its status region says and the frames its sockets send. */
async function onDroppingAgent(slug: string, agent = dropping): Promise<Page> {
  const page = await openPage(
    stackOf(),
    slug,
    new URLSearchParams({ agent: `${agent.baseUrl}/${slug}`, transport: "websocket" }).toString(),
    undefined,
    {
      initScript: `
        window.socketFrames = [];
        window.said = [];
        const send = WebSocket.prototype.send;
        WebSocket.prototype.send = function (data) {
          window.socketFrames.push(JSON.parse(data));
          return send.call(this, data);
        };
        window.opened = 0;
        const Native = window.WebSocket;
        window.WebSocket = class extends Native {
          constructor(...args) { super(...args); window.opened++; }
        };
      `,
    },
  );
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid="tandem-announcer"]')!;
    const said = (window as unknown as { said: string[] }).said;
    new MutationObserver(() => said.push(region.textContent ?? "")).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  return page;
}

const framesSent = (page: Page) => page.evaluate(() => (window as unknown as { socketFrames: Array<{ type: string }> }).socketFrames);
const said = (page: Page) => page.evaluate(() => (window as unknown as { said: string[] }).said);

describe("the WebSocket transport dropped mid-reply, in Chromium", () => {
  it("agentic-chat: a socket dropped after a dozen events is resumed: the reply ends whole, each word once, no error", async () => {
    const story = await wholeStory(stackOf().agent.baseUrl);
    const page = await onDroppingAgent("agentic-chat");
    await send(page, "tell me a story");
    await lastAssistantText(page)
      .getByText(/work together\.$/)
      .waitFor({ timeout: 60_000 });
    await settled(page);
    expect((await lastAssistantText(page).textContent())?.trim()).toBe(story.trim());
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await said(page)).toContain("Reconnecting…");
    const frames = await framesSent(page);
    expect(frames.filter((f) => f.type === "run")).toHaveLength(1);
    expect(frames.filter((f) => f.type === "resume").length).toBeGreaterThan(3);
    await screenshot(page, "websocket-dropped");
  });

  it("approvals: a frontend tool, an approval and Stop over one socket per thread, dropped and resumed, each word once", async () => {
    const page = await onDroppingAgent("approvals", choppy);
    // Every answer is cut after five events on its way, and resumed.
    await send(page, "email bob about lunch");
    const approval = page.getByRole("group", { name: "Allow the agent to run send_email?" });
    await approval.waitFor({ timeout: 30_000 });
    await settled(page);
    const transcript = page.getByRole("log");
    expect((await transcript.textContent())?.match(/I need your approval first\./g)).toHaveLength(1);
    // Approve: the frontend tool runs on the page, its result goes back in the run that answers the approval.
    await approval.getByRole("button", { name: "Approve" }).click();
    await expect
      .poll(() => page.getByTestId("sent-email").textContent(), { timeout: 30_000 })
      .toBe("Sent “Lunch on Friday” to bob@example.com");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toMatch(/Answers: approval-\S+ was approved\./);
    await settled(page);
    expect((await transcript.textContent())?.match(/Answers: approval-\S+ was approved\./g)).toHaveLength(1);
    // Stop while the agent is held mid-reply (before its cut): a stop frame for that run goes over the socket.
    const telling = choppy.hold({ type: "TEXT_MESSAGE_CONTENT", count: 1, path: "/approvals" });
    holds.push(telling);
    await send(page, "email bob again");
    await telling.reached;
    await page.getByRole("button", { name: "Stop" }).click();
    await settled(page);
    expect(await page.getByRole("alert").count()).toBe(0);
    const frames = await framesSent(page);
    const runs = frames.filter((f) => f.type === "run") as Array<{ type: string; input: { runId: string; threadId: string } }>;
    expect(frames.at(-1)).toEqual({ type: "stop", threadId: runs.at(-1)!.input.threadId, runId: runs.at(-1)!.input.runId });
    await expect.poll(() => choppy.requests.some((r) => r.path.startsWith("/agent/default/stop/"))).toBe(true);
    expect(frames.filter((f) => f.type === "resume").length).toBeGreaterThan(0);
    // Every run of the thread went over the one socket it opened (reopened only after a drop).
    expect(await page.evaluate(() => (window as unknown as { opened: number }).opened)).toBeLessThanOrEqual(
      1 + frames.filter((f) => f.type === "resume").length,
    );
    await screenshot(page, "websocket-approvals-stop");
  });
});
