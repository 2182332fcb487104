import { createServer, type Server, type Socket } from "node:net";
import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, openPage, type Stack, screenshot, send, startStack } from "./stack";

let stack: Stack;
let agent: MockAgent | undefined;
let refuser: Server | undefined;
beforeAll(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await closePages(stack);
  await agent?.close();
  agent = undefined;
  await closeServer(refuser);
  refuser = undefined;
});
afterAll(() => stack?.close());

/** A port nothing listens on (taken and let go): connections to it are refused. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await closeServer(server);
  return port;
}

function closeServer(server: Server | undefined, sockets: Set<Socket> = new Set()): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

/** Every text the run's status region (`tandem-announcer`) has said since the call, in order. */
async function recordAnnouncements(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    const region = document.querySelector('[data-testid="tandem-announcer"]')!;
    new MutationObserver(() => {
      const text = region.textContent ?? "";
      if (text && said.at(-1) !== text) said.push(text);
    }).observe(region, { childList: true, characterData: true, subtree: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { said: string[] }).said]);
}

const posts = (a: MockAgent) => a.requests.filter((r) => r.method === "POST" && r.path === "/agentic-chat");

describe("an agent that cannot be reached while the browser is online", () => {
  it("says so in an alert, keeps the message, announces no finished reply, and sends it once on Send now when the agent is up", async () => {
    const port = await freePort();
    // A first wait of an hour (`?retry=`): only Send now can send it in this test, never the backoff.
    const page = await openPage(
      stack,
      "agentic-chat",
      `agent=${encodeURIComponent(`http://127.0.0.1:${port}/agentic-chat`)}&retry=3600000`,
    );
    const announced = await recordAnnouncements(page);
    await send(page, "is anyone there?");

    const alert = page.getByRole("alert").filter({ hasText: "The agent can't be reached" });
    await alert.waitFor();
    const kept = page.getByTestId("queued-message").filter({ hasText: "is anyone there?" });
    await kept.waitFor();
    expect(await kept.getAttribute("data-state")).toBe("unreachable");
    await page.getByTestId("outbox-status").getByText("1 message will be sent when the agent answers.").waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    expect(await page.getByText("Waiting for connection").count()).toBe(0);
    await screenshot(page, "unreachable-alert");
    // Nothing happened: the message is in no transcript, and no reply was said to have finished.
    expect(await page.locator('[data-testid="message"]').count()).toBe(0);
    expect(await announced()).not.toContain("Reply finished");

    agent = await startMockAgent({ port, tokenDelayMs: 15 });
    await page.getByRole("button", { name: "Send now" }).click();
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toContain('You said: "is anyone there?"');
    await kept.waitFor({ state: "detached" });
    await alert.waitFor({ state: "detached" });
    expect(posts(agent)).toHaveLength(1);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });

  it("tries again by itself while online, and sends the message once when the agent comes up", async () => {
    // A port that takes connections and drops them before any answer, counting them: each try is seen.
    const port = await freePort();
    const sockets = new Set<Socket>();
    let tries = 0;
    refuser = createServer((socket) => {
      tries++;
      sockets.add(socket);
      socket.destroy();
    });
    await new Promise<void>((resolve) => refuser!.listen(port, "127.0.0.1", resolve));
    // Waits from 200 ms (`?retry=`) up to 1.6 s (`?retryMax=`), so the test sees tries go by
    // without sitting through the default's, and the try after the agent comes up is at most
    // 1.6 s away however many went by before (the default's cap of 30 s outlasted the test).
    const page = await openPage(
      stack,
      "agentic-chat",
      `agent=${encodeURIComponent(`http://127.0.0.1:${port}/agentic-chat`)}&retry=200&retryMax=1600`,
    );
    const announced = await recordAnnouncements(page);
    await send(page, "hello again");
    const alert = page.getByRole("alert").filter({ hasText: "The agent can't be reached" });
    await alert.waitFor();
    const seen = tries;
    // A try the user did not ask for: the backoff's, not a click.
    await expect.poll(() => tries, { timeout: 30_000 }).toBeGreaterThan(seen);
    expect(await announced()).not.toContain("Reply finished");

    await closeServer(refuser, sockets);
    refuser = undefined;
    agent = await startMockAgent({ port, tokenDelayMs: 15 });
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 30_000 }).toContain('You said: "hello again"');
    await alert.waitFor({ state: "detached" });
    expect(posts(agent)).toHaveLength(1);
    expect(await page.locator('[data-testid="message"][data-role="user"]').count()).toBe(1);
  });
});
