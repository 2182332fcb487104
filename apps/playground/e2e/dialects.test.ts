import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterEach(() => closePages(stack));
afterAll(() => stack?.close());

/** Where the mock agent serves a page in each dialect, as the playground's settings would say. */
function query(protocol: string, page: string): string {
  const base = stack.agent.baseUrl;
  const agent = {
    "ag-ui": `${base}/${page}`,
    "ag-kit": `${base}/ag-kit/${page}/send-message`,
    "agent-runtime": `${base}/agent-runtime`,
    agentscope: `${base}/agentscope/${page}`,
  }[protocol]!;
  const params = new URLSearchParams({ agent, protocol });
  if (protocol === "agent-runtime") params.set("agentId", page);
  return params.toString();
}

describe.each(["ag-ui", "ag-kit", "agent-runtime", "agentscope"])("the same Chat over %s", (protocol) => {
  it("runs a frontend tool and shows the follow-up answer", async () => {
    const page = await openPage(stack, "agentic-chat", query(protocol, "agentic-chat"));
    const container = page.getByTestId("background-container");
    await send(page, "make the background teal and navy");
    await expect
      .poll(() => container.evaluate((el) => getComputedStyle(el).backgroundImage), { timeout: 15_000 })
      .toContain("linear-gradient");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("Done!");
    await settled(page);
    expect(await page.getByRole("alert").count()).toBe(0);
  });

  it("waits for a confirmation and answers from it", async () => {
    const page = await openPage(stack, "human-in-the-loop", query(protocol, "human-in-the-loop"));
    await send(page, "plan a trip to Mars");
    const picker = page.getByTestId("select-steps");
    await picker.waitFor({ timeout: 15_000 });
    await expect.poll(() => picker.getByTestId("step-item").count()).toBe(6);
    await picker.getByTestId("step-item").nth(0).uncheck();
    await picker.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("I'll go ahead");
    await settled(page);
    expect(await lastAssistantText(page).textContent()).not.toContain("Understand the goal");
    await screenshot(page, `human-in-the-loop-${protocol}`);
  });
});
