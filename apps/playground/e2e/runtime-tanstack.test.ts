import { readFileSync } from "node:fs";
import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as suite from "./runtimeSuite";
import { type RuntimeServer, startRuntime } from "./runtimes";
import { screenshot, send, settled } from "./stack";

// TanStack AI (@tanstack/ai 0.58): chat() over a scripted text adapter, served as SSE by
// toServerSentEventsResponse (runtimes/tanstack.mjs; what the model says: runtimes/script.mjs).
const runtime = suite.withRuntime("tanstack");

/** Waits for the chat's alert to say `text`, with Retry, and no run going on. */
async function expectAlert(page: Page, text: string): Promise<void> {
  const alert = page.getByRole("alert");
  await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain(text);
  expect(await alert.getByRole("button", { name: "Retry" }).count()).toBe(1);
  await settled(page);
}

/** A thread TanStack AI cannot carry on leaves the chat usable: a new thread is answered. */
async function expectNewThreadAnswers(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: "Threads" }).getByRole("button", { name: "New thread" }).click();
  await send(page, "hello again");
  await suite.expectReply(page, "You said: hello again.");
  await suite.expectCalm(page);
}

/**
 * TanStack AI ends a run that needs the page with an AG-UI interrupt bound to the tool call, which
 * Tandem draws as Approve/Reject; the approved answer's run (a `resume`, as AG-UI 1.0 has it) is
 * refused because it names no `parentRunId`.
 */
async function approveAndBeRefused(page: Page, tool: string): Promise<void> {
  const approval = page.getByRole("group", { name: `Allow the agent to run ${tool}?` });
  await approval.getByRole("button", { name: "Approve" }).click({ timeout: 30_000 });
  await expectAlert(page, "Interrupt continuation requires parentRunId");
}

describe("TanStack AI's chat() behind the playground", () => {
  it("streams a reply; Stop (closing the stream cancels chat()) ends it, and a new message streams a new answer", async () => {
    const page = await suite.expectStopThenNewMessage(runtime);
    await screenshot(page, "runtime-tanstack-stop");
  });

  it("cannot run a frontend tool the AG-UI way: it asks for it as an interrupt, and refuses the answer without parentRunId; the chat says so and goes on", async () => {
    const page = await runtime.open("agentic-chat");
    const before = await suite.backgroundOf(page);
    await send(page, "make the background teal");
    await approveAndBeRefused(page, "change_background");
    // The page ran its tool; its result went with the refused run, so the next message is answered.
    expect(await suite.backgroundOf(page)).toBe("teal");
    expect(before).not.toBe("teal");
    await send(page, "hello again");
    await suite.expectReply(page, "You said: hello again.");
    await suite.expectCalm(page);
    await screenshot(page, "runtime-tanstack-frontend-tool");
  });

  it("cannot finish a server tool's turn: it sends RUN_FINISHED before the tool's result, so the card waits and the chat says why; that thread stays stuck, a new one is answered", async () => {
    const page = await runtime.open("backend-tool-rendering");
    await send(page, "what is the weather in Lisbon?");
    await expectAlert(page, "Cannot send event type 'TOOL_CALL_RESULT': The run has already finished with 'RUN_FINISHED'.");
    const card = page.getByTestId("weather-card");
    expect(await card.getByRole("heading").textContent()).toBe("Weather in Lisbon");
    expect(await card.textContent()).toContain("Looking it up…");

    // The call has no result in the thread, so chat() runs it first on the next message, and sends
    // its TOOL_CALL_RESULT before RUN_STARTED.
    await send(page, "hello again");
    await expectAlert(page, "First event must be 'RUN_STARTED'");
    await expectNewThreadAnswers(page);
  });

  it("has no shared state the agent can change: the recipe card keeps the page's recipe, and the agent says it cannot", async () => {
    await suite.expectNoSharedState(runtime);
  });

  it("asks before a tool that needs approval, and refuses the approved answer without parentRunId; the chat says so, the thread asks again, a new one is answered", async () => {
    const page = await runtime.open("approvals");
    await send(page, "delete my notes");
    await approveAndBeRefused(page, "delete_file");
    // The call is still unanswered in the thread, so chat() asks for it again instead of answering.
    await send(page, "hello again");
    await expect.poll(() => page.getByRole("group", { name: "Allow the agent to run delete_file?" }).count(), { timeout: 30_000 }).toBe(1);
    await settled(page);
    expect(await suite.repliesOf(page)).not.toContain("You said: hello again.");
    await expectNewThreadAnswers(page);
  });

  it("shows the model's error, and Retry asks again and gets the answer", async () => {
    await suite.expectErrorThenRetry(runtime);
  });
});

describe("TanStack AI's durability log (memoryStream) behind the playground", () => {
  let asShipped: RuntimeServer;
  let withoutRunAccepted: RuntimeServer & { dropConnections(): void };
  beforeAll(async () => {
    [asShipped, withoutRunAccepted] = await Promise.all([
      startRuntime("tanstack", { durable: true }),
      startRuntime("tanstack", { durable: true, withoutRunAccepted: true }) as Promise<RuntimeServer & { dropConnections(): void }>,
    ]);
  });
  afterAll(async () => {
    await Promise.all([asShipped?.close(), withoutRunAccepted?.close()]);
  });

  it("cannot be read as shipped: its first event is CUSTOM run.accepted, before RUN_STARTED, which AG-UI refuses; the chat says so", async () => {
    const page = await runtime.open("agentic-chat", asShipped);
    await send(page, "hello there");
    await expectAlert(page, "First event must be 'RUN_STARTED'");
    expect(await suite.repliesOf(page)).toEqual([]);
  });

  it("with run.accepted left out, a dropped connection resumes from TanStack's own log (the same request with Last-Event-ID): the reply ends whole, each word once", async () => {
    const held = withoutRunAccepted.hold();
    try {
      const lastEventIds: Array<Promise<string | undefined>> = [];
      const page = await runtime.open("agentic-chat", withoutRunAccepted);
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url() === withoutRunAccepted.url)
          lastEventIds.push(request.allHeaders().then((headers) => headers["last-event-id"]));
      });
      await send(page, "tell me a story");
      // The story's first words are on the page (the run is held there): the connection drops, as
      // a network would; the run goes on into the log, and the page reconnects.
      await expect.poll(() => suite.replyOf(page), { timeout: 30_000 }).toBe("Once upon a time,");
      withoutRunAccepted.dropConnections();
      await expect.poll(() => lastEventIds.length, { timeout: 30_000 }).toBe(2);
      expect(await page.getByTestId("tandem-chat").getAttribute("data-running")).toBe("true");
      held.release();
      await suite.expectReply(page, "Once upon a time, the end.");
      await suite.expectCalm(page);
      expect(await Promise.all(lastEventIds)).toEqual([undefined, expect.stringMatching(/^memory:v1:.+:\d+$/)]);
    } finally {
      held.release();
    }
  });
});

describe("A recorded TanStack AI conversation, replayed through the mock agent (tandem-mock --replay)", () => {
  // fixtures/tanstack-ai-conversation.json: recorded by `runtimes/smoke.mjs tanstack --record`.
  let replay: MockAgent;
  beforeAll(async () => {
    const recording = JSON.parse(readFileSync(new URL("./fixtures/tanstack-ai-conversation.json", import.meta.url), "utf8"));
    replay = await startMockAgent({ recording });
  });
  afterAll(() => replay?.close());

  it("shows what the live server shows: the streamed answer, the frontend tool asked as an approval, and on a new thread the server tool's card with the same refusal", async () => {
    const page = await runtime.open("agentic-chat", { url: `${replay.baseUrl}/` });
    await send(page, "hello there");
    await suite.expectReply(page, "You said: hello there.");
    await send(page, "make the background teal");
    const approval = page.getByRole("group", { name: "Allow the agent to run change_background?" });
    await expect.poll(() => approval.count(), { timeout: 30_000 }).toBe(1);
    expect(await approval.textContent()).toContain('"background": "teal"');

    await page.getByRole("navigation", { name: "Threads" }).getByRole("button", { name: "New thread" }).click();
    await send(page, "what is the weather in Lisbon?");
    await expectAlert(page, "Cannot send event type 'TOOL_CALL_RESULT': The run has already finished with 'RUN_FINISHED'.");
    expect(await page.getByRole("group", { name: "Tool call: get_weather" }).count()).toBe(1);
    expect(replay.requests.filter((r) => r.method === "POST")).toHaveLength(3);
  });
});
