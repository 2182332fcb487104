import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { type RuntimeName, type RuntimeServer, startRuntime } from "./runtimes";
import { closePages, openPage, type Stack, send, settled, startStack } from "./stack";

/*
 * What every real stack's test file shares (one file per stack, so the browser project spreads
 * them over its workers): the stack and the runtime for the file, and the scenarios several stacks
 * pass alike. A test names what the user sees; where a stack cannot do something, its own file
 * says so and asserts what the user sees instead.
 */

/** A runtime behind the playground, for one test file: see withRuntime. */
export interface RuntimeUnderTest {
  readonly stack: Stack;
  readonly server: RuntimeServer;
  /** Opens a playground page pointed at the runtime, or at `server` (and its stop URL, where it has one). */
  open(slug: string, server?: Pick<RuntimeServer, "url" | "stop">): Promise<Page>;
  /** Holds the runtime's stories (RuntimeServer.hold); every hold is released after the test. */
  hold(): { release(): void };
}

/**
 * Starts the playground's stack (stack.ts) and one runtime before the file's tests, closes each
 * test's pages and releases its holds after it, and closes both after the file. `options` go to
 * the runtime's start function.
 */
export function withRuntime(name: RuntimeName, options?: Record<string, unknown>): RuntimeUnderTest {
  let stack: Stack | undefined;
  let server: RuntimeServer | undefined;
  const holds: Array<{ release(): void }> = [];
  beforeAll(async () => {
    [stack, server] = await Promise.all([startStack(), startRuntime(name, options)]);
    // The first run installs the runtimes (npm ci): minutes on a busy 2-core machine.
  }, 900_000);
  afterEach(async () => {
    for (const held of holds.splice(0)) held.release();
    if (stack) await closePages(stack);
  });
  afterAll(async () => {
    await server?.close();
    await stack?.close();
  });
  const runtime: RuntimeUnderTest = {
    get stack() {
      if (!stack) throw new Error("The stack has not started");
      return stack;
    },
    get server() {
      if (!server) throw new Error(`The ${name} runtime has not started`);
      return server;
    },
    open(slug, at = runtime.server) {
      const { url, stop } = at;
      return openPage(runtime.stack, slug, new URLSearchParams({ agent: url, ...(stop && { stop }) }).toString());
    },
    hold() {
      const held = runtime.server.hold();
      holds.push(held);
      return held;
    },
  };
  return runtime;
}

/** The errors the page threw (stack.ts's openPage collects them). */
export const pageErrors = (page: Page): string[] => (page as Page & { errors: string[] }).errors;

/** The words of every assistant message (their text parts, not the tool cards beside them), trimmed, in order. */
export function repliesOf(page: Page): Promise<string[]> {
  return page.locator('[data-testid="message"][data-role="assistant"]').evaluateAll((rows) =>
    rows.map((row) =>
      [...row.querySelectorAll(".tandem-markdown")]
        .map((part) => part.textContent)
        .join("")
        .trim(),
    ),
  );
}

/** The words of the last assistant message (see repliesOf). */
export async function replyOf(page: Page): Promise<string> {
  return (await repliesOf(page)).at(-1) ?? "";
}

/** Waits for the last assistant message to say `text` (exactly), and for the run to end. */
export async function expectReply(page: Page, text: string): Promise<void> {
  await expect.poll(() => replyOf(page), { timeout: 30_000 }).toBe(text);
  await settled(page);
}

/** The page's background as the playground's change_background sets it (inline). */
export const backgroundOf = (page: Page) => page.getByTestId("background-container").evaluate((e) => (e as HTMLElement).style.background);

/** The chat as a user leaves it after a turn that went well: idle, no error shown, nothing thrown. */
export async function expectCalm(page: Page): Promise<void> {
  await settled(page);
  expect(await page.getByRole("alert").count()).toBe(0);
  expect(pageErrors(page)).toEqual([]);
}

/**
 * Streamed chat, Stop, then a new message: the story's first words are on screen while the run
 * goes on (the runtime holds it there), Stop ends it without the rest, and the next message on
 * the thread gets its own answer. The hold is released once Stop has done its work on the page:
 * a stack that stops its run only at the model's next token (Strands) has one to stop at.
 */
export async function expectStopThenNewMessage(runtime: RuntimeUnderTest): Promise<Page> {
  const held = runtime.hold();
  const page = await runtime.open("agentic-chat");
  await send(page, "tell me a story");
  await expect.poll(() => replyOf(page), { timeout: 30_000 }).toBe("Once upon a time,");
  expect(await page.getByTestId("tandem-chat").getAttribute("data-running")).toBe("true");
  await page.getByRole("button", { name: "Stop" }).click();
  await settled(page);
  expect(await replyOf(page)).toBe("Once upon a time,");
  expect(await page.getByRole("button", { name: "Stop" }).count()).toBe(0);
  held.release();

  await send(page, "hello again");
  await expectReply(page, "You said: hello again.");
  expect(await repliesOf(page)).toEqual(["Once upon a time,", "You said: hello again."]);
  await expectCalm(page);
  return page;
}

/** A frontend tool: the agent calls the page's change_background, the page runs it, and the agent answers its result. */
export async function expectFrontendTool(runtime: RuntimeUnderTest): Promise<Page> {
  const page = await runtime.open("agentic-chat");
  await send(page, "make the background teal");
  await expectReply(page, "The background is now teal.");
  expect(await backgroundOf(page)).toBe("teal");
  await expectCalm(page);
  return page;
}

/**
 * Human in the loop (a frontend tool without a handler): the page's step picker waits for the
 * person; Approve sends what they picked, and on a second plan Reject says no.
 */
export async function expectHumanInTheLoop(runtime: RuntimeUnderTest): Promise<Page> {
  const page = await runtime.open("human-in-the-loop");
  await send(page, "plan a trip to Mars");
  const picker = page.getByRole("group", { name: "Select steps" });
  await picker.getByRole("checkbox", { name: "Board the rocket" }).uncheck({ timeout: 30_000 });
  await picker.getByRole("button", { name: "Approve" }).click();
  await expectReply(page, "Approved: Pack a spacesuit, Land on Mars.");

  await send(page, "plan it again");
  const pickers = page.getByRole("group", { name: "Select steps" });
  await expect.poll(() => pickers.count(), { timeout: 30_000 }).toBe(2);
  await pickers.nth(1).getByRole("button", { name: "Reject" }).click();
  await expectReply(page, "You rejected the plan, so I did nothing.");
  await expectCalm(page);
  return page;
}

/** A backend tool: the server runs get_weather, the page draws its result as the weather card, and the agent says what it returned. */
export async function expectBackendToolCard(runtime: RuntimeUnderTest): Promise<Page> {
  const page = await runtime.open("backend-tool-rendering");
  await send(page, "what is the weather in Lisbon?");
  const card = page.getByTestId("weather-card");
  await expect.poll(() => card.getByRole("heading").textContent(), { timeout: 30_000 }).toBe("Weather in Lisbon");
  await expect.poll(() => card.locator("dl").textContent()).toBe("Temperature21°CConditionssunny");
  await expectReply(page, 'The weather tool said {"city":"Lisbon","temperature":21,"conditions":"sunny"}.');
  await expectCalm(page);
  return page;
}

/**
 * Shared state: the agent's recipe reaches the page's recipe card, and its follow-up answer the
 * chat. `first`, when given, is a message sent (and answered) before, on the same thread.
 */
export async function expectSharedRecipe(runtime: RuntimeUnderTest, first?: string): Promise<Page> {
  const page = await runtime.open("shared-state");
  if (first) {
    await send(page, first);
    await expectReply(page, `You said: ${first}.`);
  }
  await send(page, "improve the recipe");
  const card = page.getByTestId("recipe-card");
  await expect.poll(() => card.getByRole("heading", { level: 2 }).textContent(), { timeout: 30_000 }).toBe("Carrot Cake");
  await expectReply(page, "I made it a carrot cake.");
  expect(await card.getByRole("listitem").allTextContents()).toContain("Bake for 45 minutes");
  await expectCalm(page);
  return page;
}

/**
 * No shared state the agent can change: asked to improve the recipe, the agent says it cannot,
 * and the recipe card keeps the page's own recipe.
 */
export async function expectNoSharedState(runtime: RuntimeUnderTest): Promise<Page> {
  const page = await runtime.open("shared-state");
  const title = () => page.getByTestId("recipe-card").getByRole("heading", { level: 2 }).textContent();
  const before = await title();
  await send(page, "improve the recipe");
  await expectReply(page, "I cannot change the recipe here.");
  expect(await title()).toBe(before);
  await expectCalm(page);
  return page;
}

/**
 * An error, then Retry: the runtime's failure is shown with its message, Retry asks again, and the
 * answer replaces it: one reply, no error left.
 */
export async function expectErrorThenRetry(runtime: RuntimeUnderTest, message = "scripted failure"): Promise<Page> {
  const page = await runtime.open("agentic-chat");
  await send(page, "fail once please");
  const alert = page.getByRole("alert");
  await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain(message);
  await alert.getByRole("button", { name: "Retry" }).click();
  await expectReply(page, "You said: fail once please.");
  expect(await repliesOf(page)).toEqual(["You said: fail once please."]);
  await expectCalm(page);
  return page;
}
