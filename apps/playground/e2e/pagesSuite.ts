import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, hold, lastAssistantText, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";

/** How the pages' runs travel: a POST with an SSE reply per run, or one WebSocket per thread (`?transport=websocket`). */
export type PagesTransport = "sse" | "websocket";

/**
 * The playground's pages in Chromium against the mock agent, as a user uses them, with runs over
 * `transport`: `pages.test.ts` runs them over SSE, `pagesWebsocket.test.ts` over the WebSocket
 * binding. Only the SSE run takes screenshots. Returns the suite's
 * stack (once its `beforeAll` ran), for a file's tests of its own.
 */
export function describePages(transport: PagesTransport): () => Stack {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterEach(() => closePages(stack));
  afterAll(() => stack?.close());
  const over: Record<string, string> = transport === "sse" ? {} : { transport };
  /** A page on the mock's scenario for it (or `query`), over this transport. */
  const open = (slug: string, query: Record<string, string> = {}): Promise<Page> =>
    openPage(stack, slug, new URLSearchParams({ agent: `${stack.agent.baseUrl}/${slug}`, ...query, ...over }).toString());
  // The pages look the same over either transport: the SSE run keeps the screenshots (each costs
  // seconds under the slowed CPU).
  const shoot = (page: Page, name: string) => (transport === "sse" ? screenshot(page, name) : Promise.resolve());

  describe(`playground pages against the mock agent, in Chromium (${transport})`, () => {
    it("agentic-chat: the countdown streams and ends with ✓", async () => {
      const page = await open("agentic-chat");
      await send(page, "count down from 10");
      await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toMatch(/10 9 8 7 6 5 4 3 2 1 ✓/);
      await settled(page);
      const user = page.locator('[data-testid="message"][data-role="user"]');
      expect(await user.textContent()).toContain("count down from 10");
      // The user's bubble fits its text at the end side; the reply starts at the start side.
      const log = (await page.getByRole("log").boundingBox())!;
      const bubble = (await user.boundingBox())!;
      const reply = (await page.locator('[data-testid="message"][data-role="assistant"]').last().boundingBox())!;
      expect(bubble.width).toBeLessThan(log.width / 2);
      expect(log.x + log.width - (bubble.x + bubble.width)).toBeLessThan(40);
      expect(reply.x - log.x).toBeLessThan(40);
      expect(bubble.x).toBeGreaterThan(reply.x + 100);
      await shoot(page, "agentic-chat");
    });

    it("agentic-chat: change_background really changes the background", async () => {
      const page = await open("agentic-chat");
      const container = page.getByTestId("background-container");
      const before = await container.evaluate((el) => getComputedStyle(el).backgroundImage);
      await send(page, "make the background teal and navy");
      await expect
        .poll(() => container.evaluate((el) => getComputedStyle(el).backgroundImage), { timeout: 15_000 })
        .toContain("linear-gradient");
      expect(before).toBe("none");
      await expect.poll(() => lastAssistantText(page).textContent()).toContain("Done!");
      await settled(page);
      await shoot(page, "agentic-chat-background");
    });

    it("backend-tool-rendering: the weather card appears with the result", async () => {
      const page = await open("backend-tool-rendering");
      await send(page, "What is the weather in Paris?");
      const card = page.getByTestId("weather-card");
      await expect.poll(() => card.textContent(), { timeout: 15_000 }).toMatch(/Weather in Paris.*Temperature21°C/);
      await settled(page);
      await shoot(page, "backend-tool-rendering");
    });

    it("human-in-the-loop: Approve sends only the checked steps and the answer names them", async () => {
      const page = await open("human-in-the-loop");
      await send(page, "plan a trip to Mars");
      const picker = page.getByTestId("select-steps");
      await picker.waitFor({ timeout: 15_000 });
      const steps = picker.getByTestId("step-item");
      await expect.poll(() => steps.count()).toBe(6);
      const labels = await picker.locator("label").allTextContents();
      await steps.nth(1).uncheck();
      expect(await steps.nth(1).isChecked()).toBe(false);
      await shoot(page, "human-in-the-loop");
      await picker.getByRole("button", { name: "Approve" }).click();
      await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("I'll go ahead");
      await settled(page);
      const answer = (await lastAssistantText(page).textContent())!;
      expect(answer).toContain(labels[0]!.trim());
      expect(answer).toContain(labels[2]!.trim());
      expect(answer).not.toContain(labels[1]!.trim());
      expect(await picker.getByRole("button", { name: "Approve" }).isDisabled()).toBe(true);
    });

    it("human-in-the-loop: Reject gets a different answer", async () => {
      const page = await open("human-in-the-loop");
      await send(page, "plan a birthday party");
      const picker = page.getByTestId("select-steps");
      await picker.getByRole("button", { name: "Reject" }).click({ timeout: 15_000 });
      await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("I won't do that");
      await settled(page);
    });

    it("interrupt: the picker resumes the run and the answer names the choice", async () => {
      const page = await open("interrupt");
      await send(page, "book me a flight to Lisbon");
      const picker = page.getByTestId("interrupt-picker");
      await picker.waitFor({ timeout: 15_000 });
      await shoot(page, "interrupt");
      await picker.getByRole("button", { name: "Afternoon flight 14:40" }).click();
      await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("Booked: Afternoon flight 14:40");
      await settled(page);
      expect(await picker.count()).toBe(0);
    });

    it("agentic-generative-ui: the progress card counts up to 10/10", async () => {
      const page = await open("agentic-generative-ui");
      // The plan held after its fourth finished step: the card is seen part-way, then at the end.
      const working = hold(stack, { type: "STATE_DELTA", count: 4, path: "/agentic-generative-ui" });
      await send(page, "work through the plan");
      const card = page.getByTestId("task-progress");
      await working.reached;
      await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain("4/10");
      expect(await card.locator('[data-testid="task-step"][data-status="completed"]').count()).toBe(4);
      working.release();
      await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain("10/10");
      expect(await card.locator('[data-testid="task-step"][data-status="completed"]').count()).toBe(10);
      await settled(page);
      await shoot(page, "agentic-generative-ui");
    });

    it("tool-based-generative-ui: the haiku card shows", async () => {
      const page = await open("tool-based-generative-ui");
      await send(page, "write me a haiku about an old pond");
      const card = page.getByTestId("haiku-card");
      await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain("Splash! Silence again.");
      expect(await card.textContent()).toContain("古池や");
      await settled(page);
      await shoot(page, "tool-based-generative-ui");
    });

    it("shared-state: a recipe edit reaches the agent, whose answer keeps it", async () => {
      const page = await open("shared-state");
      const card = page.getByTestId("recipe-card");
      await card.getByRole("textbox", { name: "Ingredient 1 name" }).fill("Potatoes");
      await card.getByRole("button", { name: "Improve with AI" }).click();
      await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("Potatoes");
      await settled(page);
      await expect.poll(() => card.getByRole("textbox", { name: "Ingredient 3 name" }).inputValue()).toBe("Salt");
      expect(await card.getByRole("textbox", { name: "Ingredient 1 name" }).inputValue()).toBe("Potatoes");
      const request = stack.agent.requests.filter((r) => r.path === "/shared-state").at(-1)!.body as {
        state: { recipe: { ingredients: { name: string }[] } };
      };
      expect(request.state.recipe.ingredients[0]!.name).toBe("Potatoes");
      await shoot(page, "shared-state");
    });

    it("predictive-state-updates: the document fills in while the tool streams; Reject restores it, Approve keeps it", async () => {
      const page = await open("predictive-state-updates");
      const doc = page.getByTestId("document");
      const before = await doc.textContent();
      // The tool's argument held after its tenth piece (of about fifty): the document is part-written.
      const writing = hold(stack, { type: "TOOL_CALL_ARGS", count: 10, path: "/predictive-state-updates" });
      await send(page, "write a short story about a lighthouse");
      await writing.reached;
      const predicted = page.locator('[data-testid="document"][data-predicted="true"]');
      await expect.poll(() => predicted.textContent(), { timeout: 15_000 }).toContain("A short piece about");
      const partial = (await doc.textContent())!;
      expect(partial).not.toContain("exactly the right way to begin");
      writing.release();
      const confirm = page.getByRole("group", { name: "Confirm changes" });
      await confirm.waitFor({ timeout: 15_000 });
      const full = (await doc.textContent())!;
      expect(full).toContain("lighthouse");
      expect(full.length).toBeGreaterThan(partial.length);
      await shoot(page, "predictive-state-updates");
      await confirm.getByRole("button", { name: "Reject" }).click();
      await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("discarded");
      await settled(page);
      expect(await doc.textContent()).toBe(before);

      await send(page, "write a short story about a lighthouse");
      const second = page.getByRole("group", { name: "Confirm changes" }).last();
      await second.getByRole("button", { name: "Approve", disabled: false }).click({ timeout: 15_000 });
      await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("Saved");
      await settled(page);
      expect(await doc.textContent()).toContain("lighthouse");
    });

    it("human-in-the-loop: the steps picker takes focus when it appears, and Escape rejects it", async () => {
      const page = await open("human-in-the-loop");
      await send(page, "plan a picnic");
      const picker = page.getByTestId("select-steps");
      await expect.poll(() => picker.getByTestId("step-item").count(), { timeout: 15_000 }).toBe(6);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="select-steps"]') != null), { timeout: 5_000 })
        .toBe(true);
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).dataset.testid)).toBe("step-item");
      await page.keyboard.press("Escape");
      await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("I won't do that");
      await settled(page);
      expect(await picker.getByRole("button", { name: "Reject" }).isDisabled()).toBe(true);
      // Answered: focus is back in the composer.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Message");
    });

    it("predictive-state-updates: confirm_changes takes focus when it appears, and Escape rejects it and restores the document", async () => {
      const page = await open("predictive-state-updates");
      const doc = page.getByTestId("document");
      const before = await doc.textContent();
      await send(page, "write a short story about a lighthouse");
      const confirm = page.getByRole("group", { name: "Confirm changes" });
      await confirm.getByRole("button", { name: "Approve", disabled: false }).waitFor({ timeout: 15_000 });
      expect(await doc.textContent()).toContain("lighthouse");
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('[aria-label="Confirm changes"]') != null), { timeout: 5_000 })
        .toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("discarded");
      await settled(page);
      expect(await doc.textContent()).toBe(before);
    });

    it("subagents: a group per subagent, running then finished, with the supervisor's words outside; usage in the footer", async () => {
      const base = stack.agent.baseUrl;
      const page = await open("subagents", { capabilities: `${base}/subagents/capabilities` });
      // What the agent advertises (AG-UI capabilities), read through useCapabilities.
      const advertised = page.getByRole("region", { name: "Subagents this agent advertises" });
      await expect.poll(() => advertised.textContent(), { timeout: 15_000 }).toMatch(/researcher — Finds facts.*writer — Turns the facts/);
      // Every status each group shows, and whether it is open while it runs, as the DOM changes
      // (not sampled: a busy machine paints late).
      await page.evaluate(() => {
        const seen: string[] = [];
        Object.assign(window, { statuses: seen });
        const note = (el: Element) => {
          const entry = `${el.getAttribute("aria-label")}: ${el.getAttribute("data-status")}`;
          if (seen.at(-1) !== entry && !seen.includes(entry)) seen.push(entry);
        };
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('[aria-label^="Subagent:"][data-status]')) note(el);
        }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-status"] });
      });
      // The run held twice: once the researcher has said its first message (the supervisor's is the
      // first), and once the writer has started; each stays at work until the test has looked.
      const researching = hold(stack, { type: "TEXT_MESSAGE_END", count: 2, path: "/subagents" });
      const writing = hold(stack, { type: "SUBAGENT_STARTED", count: 2, path: "/subagents" });
      await send(page, "write a report about tides");
      const researcher = page.getByRole("group", { name: "Subagent: researcher" });
      const writer = page.getByRole("group", { name: "Subagent: writer" });
      const openWhileRunning = (name: string) =>
        page.locator(`[aria-label="Subagent: ${name}"][data-status="running"] button[aria-expanded="true"]`).first();
      // Seen working, and open, while it works…
      await researching.reached;
      await openWhileRunning("researcher").waitFor({ timeout: 15_000 });
      await expect.poll(() => researcher.textContent(), { timeout: 15_000 }).toContain("Looking up tides");
      researching.release();
      await writing.reached;
      await openWhileRunning("writer").waitFor({ timeout: 15_000 });
      expect(await researcher.getAttribute("data-status")).toBe("finished");
      writing.release();
      // …then finished, one after the other.
      await expect.poll(() => writer.getAttribute("data-status"), { timeout: 15_000 }).toBe("finished");
      expect(await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses)).toEqual([
        "Subagent: researcher: running",
        "Subagent: researcher: finished",
        "Subagent: writer: running",
        "Subagent: writer: finished",
      ]);
      await settled(page);
      await shoot(page, "subagents");

      // Each group holds its own messages and tool call (folded away once finished); the supervisor's two messages are outside.
      expect(await researcher.locator('[aria-label="Tool call: search_web"]').count()).toBe(1);
      expect(await writer.locator('[aria-label="Tool call: count_words"]').count()).toBe(1);
      expect(await researcher.getByText(/Found 3 facts/).isVisible()).toBe(false);
      const outside = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="message"][data-role="assistant"]')]
          .filter((m) => !m.closest('[aria-label^="Subagent:"]'))
          .map((m) => m.textContent),
      );
      expect(outside).toHaveLength(2);
      expect(outside[0]).toContain("I'll ask the researcher to look into tides");
      expect(outside[1]).toContain("Done. The researcher found 3 facts");
      expect(await page.getByRole("region", { name: "Token usage" }).textContent()).toMatch(/Last run: 2,956 tokens/);
      // The user can open a finished group again.
      await researcher.getByRole("button", { name: /researcher/ }).click();
      expect(await researcher.getByText(/Found 3 facts/).isVisible()).toBe(true);
      expect(await researcher.getByRole("group", { name: "Tool call: search_web" }).isVisible()).toBe(true);
    });

    it("subagents: a subagent that fails is shown failed, with its error", async () => {
      const page = await open("subagents");
      await send(page, "write about volcanoes and make the writer fail");
      const writer = page.getByRole("group", { name: "Subagent: writer" });
      await expect.poll(() => writer.getAttribute("data-status"), { timeout: 15_000 }).toBe("failed");
      expect(await writer.textContent()).toContain("could not reach its model");
      await settled(page);
      expect(await page.getByRole("group", { name: "Subagent: researcher" }).getAttribute("data-status")).toBe("finished");
      expect(await lastAssistantText(page).textContent()).toContain("The writer failed");
    });

    it("Stop mid-stream leaves an idle chat with the partial text", async () => {
      const page = await open("agentic-chat");
      // The story held after its fifth word: the run goes on (Stop shown) until the test stops it.
      const telling = hold(stack, { type: "TEXT_MESSAGE_CONTENT", count: 5, path: "/agentic-chat" });
      await send(page, "tell me a long story");
      await telling.reached;
      await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toMatch(/Once upon a time/);
      await page.getByRole("button", { name: "Stop" }).click();
      await settled(page);
      const partial = (await lastAssistantText(page).textContent())!;
      expect(partial).toMatch(/^Once upon a time/);
      expect(partial).not.toContain("learned to work together.");
      expect(await page.getByRole("alert").count()).toBe(0);
      // Nothing more arrives for the stopped reply, even once a whole new reply has come after it.
      await send(page, "hello again");
      await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("hello again");
      await settled(page);
      expect(await page.locator('[data-testid="message"][data-role="assistant"]').first().textContent()).toBe(partial);
      await shoot(page, "stop");
    });

    it("the event inspector lists the thread's events and state", async () => {
      const page = await open("agentic-generative-ui");
      await send(page, "work through the plan");
      await settled(page);
      const inspector = page.getByTestId("event-inspector");
      await expect.poll(() => inspector.locator('[data-event-type="RUN_FINISHED"]').count(), { timeout: 15_000 }).toBe(1);
      expect(await inspector.locator('[data-event-type="STATE_DELTA"]').count()).toBe(10);
      await inspector.getByLabel("Filter by type").selectOption("STATE_SNAPSHOT");
      expect(await inspector.locator("li").count()).toBe(1);
      expect(await inspector.getByTestId("inspector-state").textContent()).toContain('"completed"');
    });
  });
  return () => stack;
}
