import { describe, it } from "vitest";
import * as suite from "./runtimeSuite";
import { screenshot } from "./stack";

// A Mastra agent (@mastra/core 0.24) served through @ag-ui/mastra's MastraAgent over a scripted
// AI SDK 5 model (runtimes/mastra.mjs; what the model says: runtimes/script.mjs).
const runtime = suite.withRuntime("mastra");

describe("Mastra through @ag-ui/mastra behind the playground", () => {
  it("streams a reply; Stop (closing the stream) ends it, and a new message streams a new answer", async () => {
    const page = await suite.expectStopThenNewMessage(runtime);
    await screenshot(page, "runtime-mastra-stop");
  });

  it("runs a frontend tool the agent calls, and the agent answers its result", async () => {
    await suite.expectFrontendTool(runtime);
  });

  it("waits for a person (a frontend tool without a handler): Approve sends what they picked, Reject says no", async () => {
    await suite.expectHumanInTheLoop(runtime);
  });

  it("draws the result of a server tool (get_weather, a createTool) as the page's card", async () => {
    await suite.expectBackendToolCard(runtime);
  });

  it("the agent's working memory reaches the page as shared state, and its follow-up answer the chat", async () => {
    // (Mastra shows its working-memory tool call in the same message, before the words.)
    await suite.expectSharedRecipe(runtime);
  });

  it("shows the runtime's error, and Retry asks again and gets the answer", async () => {
    await suite.expectErrorThenRetry(runtime);
  });
});
