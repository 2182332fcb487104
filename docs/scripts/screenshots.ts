// Screenshots of the playground for the docs (docs/public/screenshots/<page>.png) and the README
// (agentic-chat.png): the built playground against the mock agent in Chromium, at 1280×860, each
// page after one exchange, waiting for what a user would see (the run finished).
//
//   npx tsx docs/scripts/screenshots.ts
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openPage, send, settled, startStack } from "../../apps/playground/e2e/stack.js";

const out = fileURLToPath(new URL("../public/screenshots/", import.meta.url));
const PROMPTS: Record<string, string> = {
  "agentic-chat": "count down from 10",
  "backend-tool-rendering": "What is the weather in Paris?",
  "human-in-the-loop": "plan a trip to Mars",
  interrupt: "book me a flight to Lisbon",
  "agentic-generative-ui": "work through the plan",
  "tool-based-generative-ui": "write me a haiku about an old pond",
  "shared-state": "make it vegetarian",
  "predictive-state-updates": "write a short story about a lighthouse",
  subagents: "write a report about tides",
};

mkdirSync(out, { recursive: true });
const stack = await startStack();
try {
  for (const [slug, prompt] of Object.entries(PROMPTS)) {
    const page = await openPage(stack, slug);
    await page.setViewportSize({ width: 1280, height: 860 });
    await send(page, prompt);
    // A human-in-the-loop page stops at its question: that is the picture.
    await Promise.race([settled(page), page.locator('[data-status="awaiting-input"]').first().waitFor()]);
    await page.screenshot({ path: path.join(out, `${slug}.png`) });
    console.log(`${slug}.png`);
    await page.context().close();
  }
} finally {
  await stack.close();
}
