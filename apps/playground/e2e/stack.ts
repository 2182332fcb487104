import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import { type Browser, chromium, type Page } from "playwright-core";
import { build, preview } from "vite";
import { ensureChromium } from "../../../scripts/ensure-chromium.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
export const resultsDir = path.resolve(root, "../../test-results");

export interface Stack {
  app: string;
  agent: MockAgent;
  browser: Browser;
  close(): Promise<void>;
}

/** The built playground on `vite preview`, a mock agent, and Chromium (see scripts/ensure-chromium.mjs), headless. */
export async function startStack(): Promise<Stack> {
  const executablePath = ensureChromium();
  await build({ root, logLevel: "warn" });
  const server = await preview({ root, logLevel: "warn", preview: { host: "127.0.0.1", port: 4173, strictPort: false } });
  const app = server.resolvedUrls!.local[0]!.replace(/\/$/, "");
  const agent = await startMockAgent({ tokenDelayMs: 15 });
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  mkdirSync(resultsDir, { recursive: true });
  return {
    app,
    agent,
    browser,
    async close() {
      await browser.close();
      await agent.close();
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    },
  };
}

/** Opens a playground page pointed at an agent (by default the mock's scenario for that page). */
export async function openPage(
  stack: Stack,
  slug: string,
  query = `agent=${encodeURIComponent(`${stack.agent.baseUrl}/${slug}`)}`,
): Promise<Page> {
  const context = await stack.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${stack.app}/${slug}?${query}`);
  await page.getByRole("textbox", { name: "Message" }).waitFor();
  // The inspector is a lazy chunk and records the runs that start after it mounts: wait until it
  // is on screen, as a user would see it, or a loaded machine lets the first run go unrecorded.
  await page.getByTestId("event-inspector").waitFor();
  (page as Page & { errors: string[] }).errors = errors;
  return page;
}

export async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await box.press("Enter");
}

/** Waits for the run (and any follow-up) to finish. */
export async function settled(page: Page): Promise<void> {
  await page.locator('[data-testid="tandem-chat"][data-running="false"]').waitFor();
}

export function lastAssistantText(page: Page) {
  return page.locator('[data-testid="message"][data-role="assistant"]').last();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(resultsDir, `${name}.png`), fullPage: true });
}
