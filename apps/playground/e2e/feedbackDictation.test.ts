import axe from "axe-core";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterEach(() => closePages(stack));
afterAll(() => stack?.close());

const SLUG = "feedback-dictation";
/** The page against the mock's scenario, its ratings POSTed to the mock's /feedback. */
const query = () =>
  new URLSearchParams({ agent: `${stack.agent.baseUrl}/${SLUG}`, feedback: `${stack.agent.baseUrl}/feedback` }).toString();

const box = (page: Page) => page.getByRole("textbox", { name: "Message" });
const dictate = (page: Page) => page.getByRole("button", { name: "Dictate" });
const pressed = (page: Page, name: string) =>
  lastAssistantText(page).getByRole("button", { name, exact: true }).getAttribute("aria-pressed");

/** The ratings stored with the page's threads in IndexedDB, by message id. */
const storedRatings = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Record<string, string | null>>((resolve, reject) => {
        const open = indexedDB.open("playground-feedback-dictation");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction("threads").objectStore("threads").getAll();
          all.onsuccess = () => {
            const ratings: Record<string, string | null> = {};
            for (const t of all.result as { feedback?: Record<string, { rating: string | null }> }[])
              for (const [id, f] of Object.entries(t.feedback ?? {})) ratings[id] = f.rating;
            open.result.close();
            resolve(ratings);
          };
        };
      }),
  );

/** A speech recognizer the test speaks through: `window.__hear(words, isFinal)`; it records starts and stops. */
const FAKE_RECOGNIZER = `
  class FakeRecognition {
    constructor() { this.onresult = null; this.onerror = null; this.onend = null; this.results = []; window.__recognizer = this; }
    start() { window.__dictation = (window.__dictation || []).concat("start"); this.listening = true; }
    stop() { window.__dictation.push("stop"); this.end(); }
    abort() { window.__dictation.push("abort"); this.end(); }
    end() { if (!this.listening) return; this.listening = false; setTimeout(() => this.onend && this.onend(), 0); }
    hear(transcript, isFinal) {
      const last = this.results[this.results.length - 1];
      if (last && !last.isFinal) this.results.pop();
      this.results.push({ transcript, isFinal });
      const results = this.results.map((r) => Object.assign([{ transcript: r.transcript, confidence: 0.9 }], { isFinal: r.isFinal }));
      this.onresult && this.onresult({ resultIndex: 0, results });
    }
  }
  window.SpeechRecognition = FakeRecognition;
  window.webkitSpeechRecognition = FakeRecognition;
  window.__hear = (words, isFinal) => window.__recognizer.hear(words, isFinal);
`;
const NO_RECOGNIZER = "delete window.SpeechRecognition; delete window.webkitSpeechRecognition;";

/** The runs the mock agent got from this page that carried `text` from the user. */
const runsWith = (text: string) =>
  stack.agent.requests.filter(
    (r) =>
      r.path === `/${SLUG}` &&
      (r.body as { messages?: { role: string; content?: unknown }[] }).messages?.some((m) => m.role === "user" && m.content === text),
  );

describe("feedback and dictation, in Chromium", () => {
  it("thumbs up on a reply calls onFeedback, reaches the agent as a CUSTOM event, and is still pressed after a reload", async () => {
    const page = await openPage(stack, SLUG, query());
    await send(page, "Rate me");
    await settled(page);
    await lastAssistantText(page).getByText("You said “Rate me”").waitFor();
    expect(await pressed(page, "Good response")).toBe("false");
    await lastAssistantText(page).getByRole("button", { name: "Good response" }).click();
    await page.getByTestId("feedback-log").getByText("Good response").waitFor();
    expect(await pressed(page, "Good response")).toBe("true");
    expect(await pressed(page, "Bad response")).toBe("false");
    const messageId = await lastAssistantText(page).getAttribute("data-message-id");
    await expect
      .poll(() => stack.agent.requests.filter((r) => r.path === "/feedback").map((r) => r.body))
      .toContainEqual(
        expect.objectContaining({ type: "CUSTOM", name: "tandem.feedback", value: expect.objectContaining({ messageId, rating: "up" }) }),
      );
    // The rating is written with the thread; then the page is reloaded.
    await expect.poll(() => storedRatings(page)).toEqual({ [messageId!]: "up" });
    await page.reload();
    await lastAssistantText(page).getByText("You said “Rate me”").waitFor();
    expect(await pressed(page, "Good response")).toBe("true");
    await screenshot(page, "feedback-after-reload");
  });

  it("thumbs down asks what went wrong; the comment goes with the rating and focus comes back", async () => {
    const page = await openPage(stack, SLUG, query());
    await send(page, "Be wrong");
    await settled(page);
    await lastAssistantText(page).getByRole("button", { name: "Bad response" }).click();
    const comment = page.getByRole("textbox", { name: "What went wrong? (optional)" });
    await comment.waitFor();
    await comment.fill("It only repeated me");
    await comment.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter"); // Send feedback
    await page.getByTestId("feedback-log").getByText("“It only repeated me”").waitFor();
    expect(await comment.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Bad response");
  });

  it("has no Dictate button where the browser has no speech recognition", async () => {
    const page = await openPage(stack, SLUG, query(), undefined, { initScript: NO_RECOGNIZER });
    await page.getByRole("button", { name: "Send" }).waitFor();
    expect(await dictate(page).count()).toBe(0);
  });

  it("dictates interim and final words after what was typed, stops on Escape, and sends only on Send", async () => {
    const page = await openPage(stack, SLUG, query(), undefined, { initScript: FAKE_RECOGNIZER });
    await box(page).fill("Shopping:");
    await dictate(page).click();
    await page.locator('button[aria-label="Dictate"][aria-pressed="true"]').waitFor();
    await page.evaluate(() => (window as unknown as { __hear(w: string, f: boolean): void }).__hear("eggs", false));
    await page.waitForFunction(
      () => (document.querySelector('textarea[aria-label="Message"]') as HTMLTextAreaElement).value === "Shopping: eggs",
    );
    await page.evaluate(() => (window as unknown as { __hear(w: string, f: boolean): void }).__hear("eggs and flour", true));
    await page.waitForFunction(
      () => (document.querySelector('textarea[aria-label="Message"]') as HTMLTextAreaElement).value === "Shopping: eggs and flour",
    );
    await box(page).focus();
    await page.keyboard.press("Escape");
    await page.locator('button[aria-label="Dictate"][aria-pressed="false"]').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __dictation: string[] }).__dictation)).toEqual(["start", "stop"]);
    expect(await box(page).inputValue()).toBe("Shopping: eggs and flour");
    expect(runsWith("Shopping: eggs and flour")).toEqual([]);
    await page.getByRole("button", { name: "Send" }).click();
    await lastAssistantText(page).getByText("You said “Shopping: eggs and flour”").waitFor();
    expect(runsWith("Shopping: eggs and flour")).toHaveLength(1);
  });

  it("on a 320 px phone, the toggles, the comment form and Dictate are in view and clickable, axe clean", async () => {
    const page = await openPage(stack, SLUG, query(), { width: 320, height: 640 }, { initScript: FAKE_RECOGNIZER });
    await send(page, "Small screen");
    await lastAssistantText(page).getByText("You said “Small screen”").waitFor();
    await settled(page);
    await lastAssistantText(page).getByRole("button", { name: "Bad response" }).click();
    await page.getByRole("textbox", { name: "What went wrong? (optional)" }).fill("Too long");
    await dictate(page).waitFor();
    // Every control of the chat: inside the window, and what the mouse would hit at its centre.
    const problems = await page.getByTestId("tandem-chat").evaluate((chat) =>
      [...chat.querySelectorAll("button, textarea")].flatMap((el) => {
        el.scrollIntoView({ block: "nearest" });
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const name = el.getAttribute("aria-label") ?? el.textContent;
        if (r.left < -0.5 || r.right > innerWidth + 0.5) return [`${name}: outside the window`];
        return hit && el.contains(hit) ? [] : [`${name}: covered`];
      }),
    );
    expect(problems).toEqual([]);
    await page.addScriptTag({ content: axe.source });
    const violations = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(
        { exclude: [['[data-testid="event-inspector"] pre']] },
        { resultTypes: ["violations"] },
      );
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
    });
    expect(violations).toEqual([]);
    await screenshot(page, "feedback-320");
  });
});
