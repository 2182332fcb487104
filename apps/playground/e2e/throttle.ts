import type { Page } from "playwright-core";

/** Slows the page's CPU `rate` times (Chromium's `Emulation.setCPUThrottlingRate`), like a slow 2-core machine. */
export async function throttleCpu(page: Page, rate = 4): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}
