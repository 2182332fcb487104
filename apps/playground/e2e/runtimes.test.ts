import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RuntimeServer, startRuntime } from "./runtimes";
import { lastAssistantText, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";

// The kit against code nobody here wrote: CopilotKit's runtime (its built-in agent) and a Mastra
// agent served through @ag-ui/mastra, both over a scripted mock language model (see
// runtimes/script.mjs for what it answers), and a LangGraph.js graph on LangGraph's API server
// served through @ag-ui/langgraph (runtimes/langgraphGraph.mjs). Installed on first use: see runtimes.ts.

let stack: Stack;
const servers: Record<string, RuntimeServer> = {};
beforeAll(async () => {
  const [started, copilotkit, mastra, langgraph] = await Promise.all([
    startStack(),
    startRuntime("copilotkit"),
    startRuntime("mastra"),
    startRuntime("langgraph"),
  ]);
  stack = started;
  servers.copilotkit = copilotkit;
  servers.mastra = mastra;
  servers.langgraph = langgraph;
  // The first run installs the runtimes (npm ci): minutes on a busy 2-core machine.
}, 900_000);
afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.close()));
  await stack?.close();
});

/** The playground's page pointed at the runtime (and its stop URL, where it has one). */
const open = (slug: string, server: RuntimeServer) =>
  openPage(stack, slug, new URLSearchParams({ agent: server.url, ...(server.stop && { stop: server.stop }) }).toString());
const errors = (page: object) => (page as { errors: string[] }).errors;
const assistantTexts = (page: Awaited<ReturnType<typeof open>>) =>
  page.locator('[data-testid="message"][data-role="assistant"]').allTextContents();

describe.each(["copilotkit", "mastra"])("against a real runtime: %s", (name) => {
  const server = () => servers[name]!;

  it("streams a reply word by word, and Stop then a new message streams a new answer", async () => {
    const page = await open("agentic-chat", server());
    await send(page, "tell me a story");
    // Streamed: part of the reply is on screen while the run goes on.
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toContain("word3 ");
    expect(await page.getByTestId("tandem-chat").getAttribute("data-running")).toBe("true");
    await page.getByRole("button", { name: "Stop" }).click();
    await settled(page);
    const stopped = (await lastAssistantText(page).textContent())!;
    expect(stopped).not.toContain("word999");

    await send(page, "hello again");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toBe("You said: hello again.");
    await settled(page);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(errors(page)).toEqual([]);
    await screenshot(page, `runtime-${name}-stop`);
    await page.context().close();
  });

  it("runs a frontend tool the agent calls, and the agent answers its result", async () => {
    const page = await open("agentic-chat", server());
    await send(page, "make the background teal");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toBe("The background is now teal.");
    await settled(page);
    expect(await page.getByTestId("background-container").evaluate((e) => (e as HTMLElement).style.background)).toBe("teal");
    expect(errors(page)).toEqual([]);
    await page.context().close();
  });

  it("waits for a person: Approve sends what they picked, Reject says no", async () => {
    const page = await open("human-in-the-loop", server());
    await send(page, "plan a trip to Mars");
    const picker = page.getByRole("group", { name: "Select steps" });
    await picker.getByRole("checkbox", { name: "Board the rocket" }).uncheck({ timeout: 30_000 });
    await picker.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toBe("Approved: Pack a spacesuit, Land on Mars.");
    await settled(page);

    await send(page, "plan it again");
    const pickers = page.getByRole("group", { name: "Select steps" });
    await expect.poll(() => pickers.count(), { timeout: 30_000 }).toBe(2);
    await pickers.nth(1).getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toBe("You rejected the plan, so I did nothing.");
    await settled(page);
    expect(errors(page)).toEqual([]);
    await screenshot(page, `runtime-${name}-hitl`);
    await page.context().close();
  });

  it("shows the runtime's error, and Retry asks again and gets the answer", async () => {
    const page = await open("agentic-chat", server());
    await send(page, "fail once please");
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain("scripted failure");
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toBe("You said: fail once please.");
    await settled(page);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await assistantTexts(page)).toEqual(["You said: fail once please."]);
    expect(errors(page)).toEqual([]);
    await page.context().close();
  });
});

describe.each(["copilotkit", "mastra"])("shared state against a real runtime: %s", (name) => {
  it("the agent's state snapshot reaches the page, and its follow-up answer the chat", async () => {
    const page = await open("shared-state", servers[name]!);
    await send(page, "improve the recipe");
    await expect
      .poll(() => page.getByTestId("recipe-card").getByRole("heading", { level: 2 }).textContent(), { timeout: 30_000 })
      .toBe("Carrot Cake");
    // (Mastra shows its working-memory tool call in the same message, before the words.)
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toContain("I made it a carrot cake.");
    await settled(page);
    expect(await page.getByTestId("recipe-card").getByRole("listitem").allTextContents()).toContain("Bake for 45 minutes");
    expect(errors(page)).toEqual([]);
    await page.context().close();
  });
});

describe("an AG-UI interrupt from CopilotKit's runtime (an interrupt tool of its built-in agent)", () => {
  it("shows the question, and cancelling it resumes the run with the answer", async () => {
    const page = await open("interrupt", servers.copilotkit!);
    await send(page, "book me a flight to Lisbon");
    const question = page.getByRole("group", { name: "Agent question" });
    await expect.poll(() => question.textContent(), { timeout: 30_000 }).toContain("Window or aisle?");
    // The runtime's interrupt has no response schema, so the page offers no choices: Cancel answers.
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect
      .poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 })
      .toContain('The seat question was answered: {"status":"cancelled"}.');
    await settled(page);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(errors(page)).toEqual([]);
    await page.context().close();
  });
});

describe("LangGraph's default interrupts: @ag-ui/langgraph's CUSTOM on_interrupt, answered as forwardedProps.command.resume", () => {
  it("shows the graph's question, the answer resumes the graph, and a later message on the thread is answered", async () => {
    const page = await open("agentic-chat", servers.langgraph!);
    await send(page, "what is my name?");
    const prompt = page.locator("form.tandem-interrupt");
    await expect.poll(() => prompt.textContent(), { timeout: 30_000 }).toContain("What is your name?");
    // A plain question (no response schema): a free-text answer.
    await prompt.getByRole("textbox").fill("Ada");
    await prompt.getByRole("button", { name: "Resolve" }).click();
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toBe("Nice to meet you, Ada.");
    await settled(page);
    expect(await prompt.count()).toBe(0);

    // Not stuck: the next message runs the graph again.
    await send(page, "hello again");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toBe("You said: hello again.");
    await settled(page);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(errors(page)).toEqual([]);
    await screenshot(page, "runtime-langgraph-interrupt");
    await page.context().close();
  });

  it("draws a form from the interrupt's responseSchema, and the graph gets the form's answer", async () => {
    const page = await open("agentic-chat", servers.langgraph!);
    await send(page, "pick a seat for me");
    const prompt = page.locator("form.tandem-interrupt");
    await expect.poll(() => prompt.textContent(), { timeout: 30_000 }).toContain("Window or aisle?");
    await screenshot(page, "runtime-langgraph-form");
    await prompt.getByLabel("seat").selectOption("aisle");
    await prompt.getByRole("button", { name: "Resolve" }).click();
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toBe("You picked the aisle seat.");
    await settled(page);
    expect(errors(page)).toEqual([]);
    await page.context().close();
  });

  it("a message sent instead of an answer is kept and answered after the graph hears the question was cancelled", async () => {
    const page = await open("agentic-chat", servers.langgraph!);
    await send(page, "what is my name?");
    const prompt = page.locator("form.tandem-interrupt");
    await expect.poll(() => prompt.textContent(), { timeout: 30_000 }).toContain("What is your name?");
    await send(page, "never mind");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toBe("You said: never mind.");
    await settled(page);
    expect(await assistantTexts(page)).toEqual(["You did not tell me your name.", "You said: never mind."]);
    expect(await page.locator('[data-testid="message"][data-role="user"]').allTextContents()).toEqual(["what is my name?", "never mind"]);
    expect(errors(page)).toEqual([]);
    await page.context().close();
  });
});
