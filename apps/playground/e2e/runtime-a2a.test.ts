import { describe, expect, it } from "vitest";
import * as suite from "./runtimeSuite";
import { screenshot, send } from "./stack";

// A supervisor behind @ag-ui/a2a-middleware (a Mastra agent over the scripted model, through
// @ag-ui/mastra) that delegates to a scripted A2A agent served by @a2a-js/sdk (runtimes/a2a.mjs).
const runtime = suite.withRuntime("a2a");

describe("An A2A supervisor (@ag-ui/a2a-middleware) behind the playground", () => {
  it("streams the supervisor's reply; Stop (closing the stream) ends it, and a new message streams a new answer", async () => {
    await suite.expectStopThenNewMessage(runtime);
  });

  it("the delegation to the A2A agent is drawn as a tool card (the middleware's send_message_to_a2a_agent call and its result), then the supervisor answers", async () => {
    // No SUBAGENT_* events: the middleware reports the delegation as a tool call of the
    // orchestrator's, then runs the orchestrator again with the A2A agent's answer (a second
    // RUN_STARTED … RUN_FINISHED on the same stream).
    const page = await runtime.open("agentic-chat");
    await send(page, "ask the helper about Lisbon");
    await suite.expectReply(page, "The tool said A2A Agent Response: Helper here: ask the helper about Lisbon.");
    const call = page.getByRole("group", { name: "Tool call: send_message_to_a2a_agent" });
    expect(await call.getAttribute("data-status")).toBe("complete");
    expect(await page.getByRole("group", { name: /^Subagent:/ }).count()).toBe(0);
    await suite.expectCalm(page);
    await screenshot(page, "runtime-a2a-delegation");
  });

  it("cannot pass the A2A agent's question to the person: its input-required task comes back as the tool's result text", async () => {
    const page = await runtime.open("agentic-chat");
    await send(page, "a question for the helper");
    await expect.poll(() => page.getByRole("log").textContent(), { timeout: 30_000 }).toContain("Which city do you mean?");
    await suite.expectCalm(page);
    expect(await page.locator("form.tandem-interrupt").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(0);
  });

  it("runs a frontend tool the supervisor calls, and the supervisor answers its result", async () => {
    await suite.expectFrontendTool(runtime);
  });

  it("draws the result of the supervisor's own server tool (get_weather) as the page's card", async () => {
    await suite.expectBackendToolCard(runtime);
  });

  it("has no shared state: the A2A agent is sent the task's text alone, and the supervisor here keeps none; the recipe card keeps the page's recipe", async () => {
    await suite.expectNoSharedState(runtime);
  });

  it("shows the supervisor's error, and Retry asks again and gets the answer", async () => {
    await suite.expectErrorThenRetry(runtime);
  });
});
