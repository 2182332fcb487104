import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Hold, type HoldAt, type MockAgent, startMockAgent } from "@tandem/mock-agent";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { preview } from "vite";
import { launchOptions, type SlowChromium, slowChromium } from "../../../scripts/slow-chromium.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
export const resultsDir = path.resolve(root, "../../test-results");

export interface Stack {
  app: string;
  agent: MockAgent;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * How this file's Chromium is slowed (see cpuThrottle): set by startStack, used by throttleCpu for
 * the pages it opens by hand.
 */
let slowed: SlowChromium | undefined;

/** The playground as globalSetup.ts built it, on `vite preview`, a mock agent, and Chromium (see scripts/ensure-chromium.mjs), headless. */
export async function startStack(): Promise<Stack> {
  const server = await preview({ root, logLevel: "warn", preview: { host: "127.0.0.1", port: 4173, strictPort: false } });
  const app = server.resolvedUrls!.local[0]!.replace(/\/$/, "");
  const agent = await startMockAgent({ tokenDelayMs: 15 });
  const slow = slowChromium(cpuThrottle);
  slowed = slow;
  const browser = await chromium.launch(
    launchOptions(slow, [
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ]),
  );
  mkdirSync(resultsDir, { recursive: true });
  return {
    app,
    agent,
    browser,
    async close() {
      await browser.close();
      slow.close();
      await agent.close();
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    },
  };
}

/** A window: its size in CSS pixels and its device pixel ratio (2 for a 200% zoom). */
export interface Screen {
  width: number;
  height: number;
  deviceScaleFactor?: number;
}

/**
 * How many times slower than a core of the machine Chromium's pages run: 4 by default, so every test
 * passes on a slow device; `TANDEM_E2E_CPU_THROTTLE=1` turns it off for debugging. On Linux as root
 * each renderer is capped by a CPU cgroup; elsewhere DevTools' throttling, which busy-waits and so
 * costs a core's worth of CPU per open page (scripts/slow-chromium.mjs says why and measures it).
 */
export const cpuThrottle = Number(process.env.TANDEM_E2E_CPU_THROTTLE ?? 4);

/**
 * Opens a playground page pointed at an agent (by default the mock's scenario for that page), its
 * CPU throttled (see cpuThrottle), in a browser context of its own. `initScript` runs in every
 * page of its context before the app's own scripts (e.g. to take away or fake a browser API);
 * `cookies` are in the context before the page loads (e.g. a session: `{ name, value, url }`).
 */
export async function openPage(
  stack: Stack,
  slug: string,
  query = `agent=${encodeURIComponent(`${stack.agent.baseUrl}/${slug}`)}`,
  screen: Screen = { width: 1400, height: 1000 },
  { initScript, cookies }: { initScript?: string; cookies?: Parameters<BrowserContext["addCookies"]>[0] } = {},
): Promise<Page> {
  const { deviceScaleFactor = 1, ...viewport } = screen;
  const context = await stack.browser.newContext({ viewport, deviceScaleFactor });
  if (initScript) await context.addInitScript({ content: initScript });
  if (cookies) await context.addCookies(cookies);
  const page = await context.newPage();
  await throttleCpu(page);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${stack.app}/${slug}?${query}`);
  await page.getByRole("textbox", { name: "Message" }).waitFor();
  (page as Page & { errors: string[] }).errors = errors;
  return page;
}

const holds = new Set<Hold>();

/**
 * Holds the next stream of the mock agent right after the event `at` describes (see the mock
 * agent's `hold`), so a transient state (a run going on, Stop, a subagent at work, a partial
 * reply) lasts until the test has looked at it and calls `release()`. closePages releases every
 * hold a test left, so a test that failed early never stops the next test's stream.
 */
export function hold(stack: Stack, at: HoldAt): Hold {
  const held = stack.agent.hold(at);
  holds.add(held);
  return held;
}

/** Closes every page the test opened: a page left open keeps using the (throttled) CPU the next test needs. */
export async function closePages(stack: Stack): Promise<void> {
  for (const held of holds) held.release();
  holds.clear();
  await Promise.all(stack.browser.contexts().map((context) => context.close()));
}

/**
 * Slows the page's CPU down cpuThrottle times (a page opened by hand, e.g. a second tab, calls it
 * too): DevTools' throttling where the browser's renderers are not capped by a cgroup already.
 */
export async function throttleCpu(page: Page): Promise<void> {
  if (!slowed) throw new Error("throttleCpu: no Chromium started by startStack");
  await slowed.slowPage(page);
}

export async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await box.press("Enter");
}

/**
 * Waits for the run (and any follow-up) to finish. `timeout` is a hang guard for a run whose work
 * grows with the machine's load (ten thousand events at a quarter speed beside a busy core), not a measure.
 */
export async function settled(page: Page, timeout?: number): Promise<void> {
  await page.locator('[data-testid="tandem-chat"][data-running="false"]').waitFor({ timeout });
}

export function lastAssistantText(page: Page) {
  return page.locator('[data-testid="message"][data-role="assistant"]').last();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(resultsDir, `${name}.png`), fullPage: true });
}
