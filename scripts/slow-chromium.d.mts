import type { LaunchOptions, Page } from "playwright-core";

/** How one Chromium's pages are slowed (see slow-chromium.mjs). */
export interface SlowChromium {
  /** A CPU cgroup per renderer, DevTools' throttling (which spins), or not slowed (rate 1). */
  how: "cgroup" | "devtools" | "none";
  /** Why DevTools' throttling, where the cgroups could not be used. */
  why?: string;
  /** Arguments for `chromium.launch`. */
  args: string[];
  /** Environment for `chromium.launch`, beside process.env. */
  env: Record<string, string>;
  /** Slows a page the launch did not slow already (DevTools' throttling); a no-op otherwise. */
  slowPage(page: Page): Promise<void>;
  /** Removes the cgroups, once the browser has closed. */
  close(): void;
}

/** How to launch one Chromium whose pages run `rate` times slower than a core of this machine. */
export function slowChromium(rate: number): SlowChromium;

/** The options for `chromium.launch` of a headless Chromium slowed as `slow` says, with `args` beside the usual ones. */
export function launchOptions(slow: SlowChromium, args?: string[]): LaunchOptions & { executablePath: string };

/** Whether slowChromium caps renderers with cgroups here, rather than DevTools' throttling (which spins). */
export function capsRenderers(): boolean;
