import { readFileSync } from "node:fs";
import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, openPage, type Stack, send, settled, startStack } from "./stack";

let stack: Stack;
const replays: MockAgent[] = [];
beforeAll(async () => {
  stack = await startStack();
});
afterEach(() => closePages(stack));
afterAll(async () => {
  await Promise.all(replays.map((r) => r.close()));
  await stack?.close();
});

const PAGE = "predictive-state-updates";

/** The turns: a request that streams a document into state, approved; then another, rejected; then plain text. */
async function playTurns(page: Page) {
  await send(page, "write a short story about a lighthouse");
  await page
    .getByRole("group", { name: "Confirm changes" })
    .getByRole("button", { name: "Approve", disabled: false })
    .click({ timeout: 15_000 });
  await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("Saved");
  await settled(page);
  await send(page, "write a poem about the sea");
  await page
    .getByRole("group", { name: "Confirm changes" })
    .last()
    .getByRole("button", { name: "Reject", disabled: false })
    .click({ timeout: 15_000 });
  await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("discarded");
  await settled(page);
}

/** What the user sees: each message's role and text; and the agent's state as the inspector shows it. */
async function seen(page: Page) {
  const messages = await page
    .locator('[data-testid="message"]')
    .evaluateAll((els) => els.map((el) => `${el.getAttribute("data-role")}: ${el.textContent?.trim()}`));
  const state = JSON.parse((await page.getByTestId("event-inspector").getByTestId("inspector-state").textContent()) ?? "null");
  return { messages, state, document: await page.getByTestId("document").textContent() };
}

const replayUrl = (agent: MockAgent) => `agent=${encodeURIComponent(`${agent.baseUrl}/${PAGE}`)}`;

describe("AgentInspector: record in the playground, replay through the mock agent, in Chromium", () => {
  let recording: { version: number; runs: Array<{ path: string; events: unknown[] }> };
  let original: Awaited<ReturnType<typeof seen>>;

  it("exports the thread's recording as a .json file", async () => {
    const page = await openPage(stack, PAGE);
    await playTurns(page);
    const inspector = page.getByTestId("event-inspector");
    await expect.poll(() => inspector.getByTestId("inspector-run").count()).toBe(4);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      inspector.getByRole("button", { name: "Export recording" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    recording = JSON.parse(readFileSync((await download.path())!, "utf8"));
    expect(recording.version).toBe(1);
    // Write and confirm, the approved follow-up, write and confirm again, the rejected follow-up.
    expect(recording.runs.map((r) => r.path)).toEqual(Array(4).fill(`/${PAGE}`));
    original = await seen(page);
    expect(original.document).toContain("lighthouse");
    expect(original.messages.length).toBeGreaterThanOrEqual(6);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await page.context().close();
  });

  it("a fresh page replaying the same turns gets the same transcript and state", async () => {
    const replay = await startMockAgent({ recording });
    replays.push(replay);
    const page = await openPage(stack, PAGE, replayUrl(replay));
    await playTurns(page);
    expect(await seen(page)).toEqual(original);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(replay.requests.filter((r) => r.method === "POST")).toHaveLength(4);
    await page.context().close();
  });

  it("a changed request is refused with its difference named", async () => {
    const replay = await startMockAgent({ recording });
    replays.push(replay);
    const page = await openPage(stack, PAGE, replayUrl(replay));
    await send(page, "write a limerick about a lighthouse");
    const alert = page.getByRole("alert");
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.textContent()).toContain(
      'messages[0].content: expected "write a short story about a lighthouse", got "write a limerick about a lighthouse"',
    );
    await page.context().close();
  });

  it("a frontend tool's turns record and replay too: the same transcript and the same background", async () => {
    const CHAT = "agentic-chat";
    const background = (page: Page) => page.getByTestId("background-container").evaluate((el) => getComputedStyle(el).backgroundImage);
    const chatTurns = async (page: Page) => {
      await send(page, "hello there");
      await settled(page);
      await send(page, "make the background teal and navy");
      await expect.poll(() => background(page), { timeout: 15_000 }).toContain("linear-gradient");
      await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("Done!");
      await settled(page);
    };
    const transcript = (page: Page) =>
      page
        .locator('[data-testid="message"]')
        .evaluateAll((els) => els.map((el) => `${el.getAttribute("data-role")}: ${el.textContent?.trim()}`));

    const page = await openPage(stack, CHAT);
    await chatTurns(page);
    const inspector = page.getByTestId("event-inspector");
    // The text turn, the tool call, and the follow-up run with the tool's result.
    await expect.poll(() => inspector.getByTestId("inspector-run").count()).toBe(3);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      inspector.getByRole("button", { name: "Export recording" }).click(),
    ]);
    const chatRecording = JSON.parse(readFileSync((await download.path())!, "utf8"));
    const before = { transcript: await transcript(page), background: await background(page) };
    await page.context().close();

    const replay = await startMockAgent({ recording: chatRecording });
    replays.push(replay);
    const fresh = await openPage(stack, CHAT, `agent=${encodeURIComponent(`${replay.baseUrl}/${CHAT}`)}`);
    await chatTurns(fresh);
    expect({ transcript: await transcript(fresh), background: await background(fresh) }).toEqual(before);
    const followUp = replay.requests.filter((r) => r.method === "POST").at(-1)!.body as { messages: { role: string }[] };
    expect(followUp.messages.at(-1)?.role).toBe("tool");
    expect(await fresh.getByRole("alert").count()).toBe(0);
    await fresh.context().close();
  });
});
