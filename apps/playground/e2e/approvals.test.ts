import type { RunAgentInput } from "@tandem/core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterEach(() => closePages(stack));
afterAll(() => stack?.close());

/** The run requests the mock agent's approvals scenario received since `from`. */
const runsSince = (from: number) =>
  stack.agent.requests
    .slice(from)
    .filter((r) => r.method === "POST" && r.path === "/approvals")
    .map((r) => r.body as RunAgentInput);

describe("approval interrupts in Chromium", () => {
  it("edited arguments, approved, reach the agent as editedArgs and the frontend tool runs with them", async () => {
    const from = stack.agent.requests.length;
    const page = await openPage(stack, "approvals");
    await send(page, "email bob about lunch");
    const approval = page.getByRole("group", { name: "Allow the agent to run send_email?" });
    await approval.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Approve");
    await approval.getByRole("button", { name: "Edit arguments" }).click();
    const to = approval.getByRole("textbox", { name: /To/ });
    await expect.poll(() => to.inputValue()).toBe("bob@example.com");
    await to.fill("carol@example.com");
    const diff = approval.getByTestId("args-diff");
    await expect.poll(() => diff.locator("ins").textContent()).toBe("carol@example.com");
    expect(await diff.locator("del").textContent()).toBe("bob@example.com");
    await screenshot(page, "approvals-edit");
    await approval.getByRole("button", { name: "Approve" }).click();
    await expect
      .poll(() => page.getByTestId("sent-email").textContent(), { timeout: 15_000 })
      .toBe("Sent “Lunch on Friday” to carol@example.com");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("approved with edits");
    await settled(page);
    const [first, second, ...rest] = runsSince(from);
    expect(rest).toEqual([]);
    const editedArgs = { to: "carol@example.com", subject: "Lunch on Friday", body: "Shall we meet at noon?" };
    expect(second!.resume).toEqual([
      { interruptId: expect.stringMatching(/^approval-/), status: "resolved", payload: { approved: true, editedArgs } },
    ]);
    const call = first && second!.messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))[0]!;
    expect(second!.messages.find((m) => m.role === "tool")).toMatchObject({
      toolCallId: call!.id,
      content: JSON.stringify({ sent: true, to: "carol@example.com" }),
    });
  });

  it("an expired interrupt cannot be approved and goes to the agent as cancelled on the next run", async () => {
    const from = stack.agent.requests.length;
    const page = await openPage(stack, "approvals");
    // The page's clock is Playwright's: time flows, and the test moves it past the deadline, so a
    // slow machine never sees the interrupt expire before it is drawn (nor waits for it in real time).
    await page.clock.install();
    await send(page, "delete the old log, expire in 600 s");
    const approval = page.getByRole("group", { name: "Allow the agent to run delete_file?" });
    await approval.waitFor({ timeout: 15_000 });
    await expect.poll(() => approval.textContent()).toMatch(/Expires in (10:00|9:\d\d)/);
    expect(await approval.getByRole("button", { name: "Approve" }).isDisabled()).toBe(false);
    await page.clock.fastForward("10:01");
    await expect.poll(() => approval.getByRole("status").textContent()).toBe("This request has expired and can no longer be answered.");
    expect(await approval.getByRole("button", { name: "Approve" }).isDisabled()).toBe(true);
    expect(await approval.getAttribute("data-state")).toBe("expired");
    await screenshot(page, "approvals-expired");
    await send(page, "never mind");
    await expect.poll(() => runsSince(from).length, { timeout: 15_000 }).toBe(2);
    const [first, second] = runsSince(from);
    expect(first!.resume).toBeUndefined();
    expect(second!.resume).toEqual([{ interruptId: expect.stringMatching(/^approval-/), status: "cancelled" }]);
    await settled(page);
  });

  it("two open interrupts are answered one by one and sent in one request", async () => {
    const from = stack.agent.requests.length;
    const page = await openPage(stack, "approvals");
    await send(page, "delete both log files");
    const approvals = page.getByRole("group", { name: "Allow the agent to run delete_file?" });
    await expect.poll(() => approvals.count(), { timeout: 15_000 }).toBe(2);
    const [firstId, secondId] = await approvals.evaluateAll((els) => els.map((el) => el.getAttribute("data-interrupt-id")));
    await approvals.first().getByRole("button", { name: "Approve" }).click();
    // The first answer leaves one open: it waits, and so does the agent.
    await expect.poll(() => approvals.count()).toBe(1);
    expect(runsSince(from)).toHaveLength(1);
    await approvals.first().getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toMatch(/^Answers:/);
    await settled(page);
    const runs = runsSince(from);
    expect(runs).toHaveLength(2);
    expect(runs[1]!.resume).toEqual([
      { interruptId: firstId, status: "resolved", payload: { approved: true } },
      { interruptId: secondId, status: "resolved", payload: { approved: false } },
    ]);
  });

  it("Approve all answers both in one request; a cancelled run shows as Stopped", async () => {
    const from = stack.agent.requests.length;
    const page = await openPage(stack, "approvals");
    await send(page, "delete both log files");
    await page.getByRole("button", { name: "Approve all" }).click({ timeout: 15_000 });
    await expect
      .poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 })
      .toMatch(/^Answers: .* was approved; .* was approved\.$/);
    await settled(page);
    expect(runsSince(from).map((r) => r.resume?.map((e) => e.payload))).toEqual([undefined, [{ approved: true }, { approved: true }]]);
    await send(page, "start, then stop");
    await expect.poll(() => page.getByTestId("run-stopped").textContent(), { timeout: 15_000 }).toBe("Stopped");
  });

  it("an approval whose code cannot be fetched says so, and Retry loads it and gives it focus", async () => {
    const page = await openPage(stack, "approvals");
    // The interrupts' chunk (loaded with the first interrupt) fails once, as on a dropped connection.
    const chunk = /\/assets\/Interrupts-[\w-]+\.js$/;
    await page.route(chunk, (route) => route.abort());
    await send(page, "email bob about lunch");
    const alert = page.getByRole("alert").filter({ hasText: "This part of the chat could not be loaded." });
    await alert.waitFor({ timeout: 15_000 });
    await page.unroute(chunk);
    await alert.getByRole("button", { name: "Retry" }).click();
    const approval = page.getByRole("group", { name: "Allow the agent to run send_email?" });
    await approval.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Approve");
    expect(await alert.count()).toBe(0);
  });
});
