import { describe, expect, it } from "vitest";
import * as suite from "./runtimeSuite";
import { screenshot, send } from "./stack";

// A VoltAgent agent (@voltagent/core 2.x) served through @voltagent/ag-ui's VoltAgentAGUI over the
// AI SDK 6's mock model (runtimes/voltagent.mjs; what the model says: runtimes/script.mjs).
const runtime = suite.withRuntime("voltagent");

describe("VoltAgent through @voltagent/ag-ui behind the playground", () => {
  it("streams a reply; Stop (closing the stream) ends it, and a new message streams a new answer", async () => {
    const page = await suite.expectStopThenNewMessage(runtime);
    await screenshot(page, "runtime-voltagent-stop");
  });

  it("cannot run a frontend tool: the adapter does not hand the page's tools to the agent, which says it has none", async () => {
    // VoltAgentAGUI.buildStreamOptions passes state, context and forwardedProps, never input.tools.
    const page = await runtime.open("agentic-chat");
    const before = await suite.backgroundOf(page);
    await send(page, "make the background teal");
    await suite.expectReply(page, "I have no change_background tool here.");
    expect(await page.getByRole("group", { name: "Tool call: change_background" }).count()).toBe(0);
    expect(await suite.backgroundOf(page)).toBe(before);
    await suite.expectCalm(page);
  });

  it("draws the result of a server tool (get_weather, a createTool) as the page's card", async () => {
    await suite.expectBackendToolCard(runtime);
  });

  it("the conversation's working memory reaches the page as shared state once VoltAgent has stored the conversation, and the agent's follow-up the chat", async () => {
    // InMemoryStorageAdapter.setWorkingMemory drops working memory for a conversation it has not
    // stored yet, which is the case on a thread's first run: the recipe comes on the second.
    await suite.expectSharedRecipe(runtime, "hello");
  });

  it("cannot ask for an approval: the adapter drops the AI SDK's approval request, so the call shows, nothing asks, and the chat goes on", async () => {
    // delete_file has needsApproval; convertVoltStreamPartToEvents has no case for the
    // tool-approval-request part, so the run ends after the call with nothing to answer.
    const page = await runtime.open("approvals");
    await send(page, "delete my notes");
    const call = page.getByRole("group", { name: "Tool call: delete_file" });
    await expect.poll(() => call.count(), { timeout: 30_000 }).toBe(1);
    await suite.expectCalm(page);
    expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(0);
    expect(await call.textContent()).not.toContain("deleted");

    await send(page, "hello again");
    await suite.expectReply(page, "You said: hello again.");
    await suite.expectCalm(page);
  });

  it("shows the agent's error (not the RUN_FINISHED the adapter sends after it), and Retry asks again and gets the answer", async () => {
    await suite.expectErrorThenRetry(runtime, "The model is overloaded (scripted failure).");
  });
});
