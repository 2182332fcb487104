import { describe, expect, it } from "vitest";
import * as suite from "./runtimeSuite";
import { screenshot, send } from "./stack";

// A LangGraph.js graph (runtimes/langgraphGraph.mjs: an agent node over a scripted chat model and
// a tools node) on LangGraph's API server, in process, served through @ag-ui/langgraph's
// LangGraphAgent with its default settings (runtimes/langgraph.mjs).
const runtime = suite.withRuntime("langgraph");

describe("A LangGraph.js graph through @ag-ui/langgraph behind the playground", () => {
  it("streams a reply; Stop (closing the stream cancels the graph's run) ends it, and a new message streams a new answer", async () => {
    const page = await suite.expectStopThenNewMessage(runtime);
    await screenshot(page, "runtime-langgraph-stop");
  });

  it("runs a frontend tool the graph calls (the page's tools reach it in the state's tools), and the graph answers its result", async () => {
    await suite.expectFrontendTool(runtime);
  });

  it("draws the result of a server tool (get_weather, run by the graph's ToolNode) as the page's card", async () => {
    await suite.expectBackendToolCard(runtime);
  });

  it("the graph's state (its recipe, set by a tool's Command) reaches the page as shared state, and its follow-up answer the chat", async () => {
    await suite.expectSharedRecipe(runtime);
  });

  it("shows the graph's error, and Retry asks again and gets the answer", async () => {
    await suite.expectErrorThenRetry(runtime);
  });
});

describe("LangGraph's default interrupts: @ag-ui/langgraph's CUSTOM on_interrupt, answered as forwardedProps.command.resume", () => {
  it("shows the graph's question, the answer resumes the graph, and a later message on the thread is answered", async () => {
    const page = await runtime.open("agentic-chat");
    await send(page, "what is my name?");
    const prompt = page.locator("form.tandem-interrupt");
    await expect.poll(() => prompt.textContent(), { timeout: 30_000 }).toContain("What is your name?");
    // A plain question (no response schema): a free-text answer.
    await prompt.getByRole("textbox").fill("Ada");
    await prompt.getByRole("button", { name: "Resolve" }).click();
    await suite.expectReply(page, "Nice to meet you, Ada.");
    expect(await prompt.count()).toBe(0);

    // Not stuck: the next message runs the graph again.
    await send(page, "hello again");
    await suite.expectReply(page, "You said: hello again.");
    await suite.expectCalm(page);
    await screenshot(page, "runtime-langgraph-interrupt");
  });

  it("draws a form from the interrupt's responseSchema, and the graph gets the form's answer", async () => {
    const page = await runtime.open("agentic-chat");
    await send(page, "pick a seat for me");
    const prompt = page.locator("form.tandem-interrupt");
    await expect.poll(() => prompt.textContent(), { timeout: 30_000 }).toContain("Window or aisle?");
    await screenshot(page, "runtime-langgraph-form");
    await prompt.getByLabel("seat").selectOption("aisle");
    await prompt.getByRole("button", { name: "Resolve" }).click();
    await suite.expectReply(page, "You picked the aisle seat.");
    await suite.expectCalm(page);
  });

  it("a message sent instead of an answer is kept and answered after the graph hears the question was cancelled", async () => {
    const page = await runtime.open("agentic-chat");
    await send(page, "what is my name?");
    const prompt = page.locator("form.tandem-interrupt");
    await expect.poll(() => prompt.textContent(), { timeout: 30_000 }).toContain("What is your name?");
    await send(page, "never mind");
    await suite.expectReply(page, "You said: never mind.");
    expect(await suite.repliesOf(page)).toEqual(["You did not tell me your name.", "You said: never mind."]);
    expect(await page.locator('[data-testid="message"][data-role="user"]').allTextContents()).toEqual(["what is my name?", "never mind"]);
    await suite.expectCalm(page);
  });
});
