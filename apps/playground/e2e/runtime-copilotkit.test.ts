import { describe, expect, it } from "vitest";
import * as suite from "./runtimeSuite";
import { screenshot, send } from "./stack";

// CopilotKit's runtime (@copilotkit/runtime v2) with its built-in agent over the AI SDK 6's mock
// language model (runtimes/copilotkit.mjs; what the model says: runtimes/script.mjs). Installed on
// first use: see runtimesInstall.ts.
const runtime = suite.withRuntime("copilotkit");

describe("CopilotKit's runtime behind the playground", () => {
  it("streams a reply; Stop (POSTed to the runtime's stop URL) ends it, and a new message streams a new answer", async () => {
    const page = await suite.expectStopThenNewMessage(runtime);
    await screenshot(page, "runtime-copilotkit-stop");
  });

  it("runs a frontend tool the agent calls, and the agent answers its result", async () => {
    await suite.expectFrontendTool(runtime);
  });

  it("waits for a person: Approve sends what they picked, Reject says no", async () => {
    const page = await suite.expectHumanInTheLoop(runtime);
    await screenshot(page, "runtime-copilotkit-hitl");
  });

  it("draws the result of a server tool (get_weather, a defineTool with execute) as the page's card", async () => {
    await suite.expectBackendToolCard(runtime);
  });

  it("the agent's state snapshot reaches the page, and its follow-up answer the chat", async () => {
    await suite.expectSharedRecipe(runtime);
  });

  it("shows an AG-UI interrupt (an interrupt tool of its built-in agent), and cancelling it resumes the run with the answer", async () => {
    const page = await runtime.open("interrupt");
    await send(page, "book me a flight to Lisbon");
    const question = page.getByRole("group", { name: "Agent question" });
    await expect.poll(() => question.textContent(), { timeout: 30_000 }).toContain("Window or aisle?");
    // The runtime's interrupt has no response schema, so the page offers no choices: Cancel answers.
    await question.getByRole("button", { name: "Cancel" }).click();
    await suite.expectReply(page, 'The seat question was answered: {"status":"cancelled"}.');
    await suite.expectCalm(page);
  });

  it("shows the runtime's error, and Retry asks again and gets the answer", async () => {
    await suite.expectErrorThenRetry(runtime);
  });
});
