import { describe, expect, it } from "vitest";
import * as suite from "./runtimeSuite";
import { screenshot, send } from "./stack";

// An AWS Strands agent (@strands-agents/sdk, TypeScript) served through @ag-ui/aws-strands's
// StrandsAgent over a scripted Strands Model (runtimes/strands.mjs; what the model says:
// runtimes/script.mjs).
const runtime = suite.withRuntime("strands");

describe("AWS Strands through @ag-ui/aws-strands behind the playground", () => {
  it("streams a reply; Stop (closing the stream) ends it, and a new message streams a new answer", async () => {
    const page = await suite.expectStopThenNewMessage(runtime);
    await screenshot(page, "runtime-strands-stop");
  });

  it("runs a frontend tool the agent calls (the adapter's proxy tool), and the agent answers its result", async () => {
    await suite.expectFrontendTool(runtime);
  });

  it("draws the result of a server tool (get_weather, a FunctionTool) as the page's card", async () => {
    await suite.expectBackendToolCard(runtime);
  });

  it("a tool's arguments become shared state (the adapter's stateFromArgs), and the agent's follow-up reaches the chat", async () => {
    await suite.expectSharedRecipe(runtime);
  });

  it("a tool that asks first (Strands' interrupt) is a question, not an Approve/Reject: the typed answer resumes the tool", async () => {
    // The adapter maps the interrupt to AG-UI's with its reason as reason and message, and no
    // toolCallId or responseSchema, so Tandem draws a question with a free answer.
    const page = await runtime.open("approvals");
    await send(page, "delete my notes");
    const question = page.getByRole("form", { name: "Delete notes.txt? Answer yes or no." });
    await question.getByRole("textbox").fill("yes", { timeout: 30_000 });
    expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(0);
    await question.getByRole("button", { name: "Resolve" }).click();
    await suite.expectReply(page, 'The tool said {"deleted":"notes.txt"}.');
    expect(await question.count()).toBe(0);

    // Cancelling the question resumes the tool with the cancel: nothing is deleted.
    await send(page, "delete my notes again");
    await question.getByRole("button", { name: "Cancel" }).click({ timeout: 30_000 });
    await suite.expectReply(page, 'The tool said {"deleted":false}.');
    await suite.expectCalm(page);
  });

  it("shows the agent's error, and Retry asks again and gets the answer", async () => {
    await suite.expectErrorThenRetry(runtime);
  });
});
