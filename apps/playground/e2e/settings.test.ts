import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, openPage, type Stack, send, settled, startStack } from "./stack";

let stack: Stack;
let other: MockAgent;
beforeAll(async () => {
  stack = await startStack();
  other = await startMockAgent({ scenario: "agentic-chat" });
});
afterEach(() => closePages(stack));
afterAll(async () => {
  await other?.close();
  await stack?.close();
});

describe("pointing the playground at another server", () => {
  it("?agent= talks to that server without code changes", async () => {
    const page = await openPage(stack, "agentic-chat", `agent=${encodeURIComponent(other.url)}`);
    await send(page, "count down");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("✓");
    await settled(page);
    expect(other.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  it("the settings panel switches the server", async () => {
    const page = await openPage(stack, "agentic-chat");
    await page.getByText("Settings").click();
    await page.getByLabel("Agent URL").fill(`${other.baseUrl}/agentic-chat`);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.url()).toContain(encodeURIComponent(`${other.baseUrl}/agentic-chat`));
    const before = other.requests.length;
    await send(page, "count down");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("✓");
    expect(other.requests.length).toBe(before + 1);
  });

  it("the settings panel shows ?threads= and keeps it when it switches the server", async () => {
    const threads = "http://127.0.0.1:9/threads";
    const page = await openPage(stack, "agentic-chat", `agent=${encodeURIComponent(other.url)}&threads=${encodeURIComponent(threads)}`);
    await page.getByText("Settings").click();
    expect(await page.getByLabel("Threads URL").inputValue()).toBe(threads);
    await page.getByLabel("Agent URL").fill(`${other.baseUrl}/agentic-chat`);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("agent")).toBe(`${other.baseUrl}/agentic-chat`);
    expect(new URL(page.url()).searchParams.get("threads")).toBe(threads);
  });

  it("every path serves the app, and / opens the first page", async () => {
    const page = await openPage(stack, "interrupt");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Interrupt");
    await page.goto(`${stack.app}/`);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/agentic-chat");
  });
});
