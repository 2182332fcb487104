import type { RunAgentInput } from "@tandem/core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, openPage, type Stack, send, settled, startStack } from "./stack";

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

describe("decisions about open interrupts survive a reload", () => {
  it("an answer to one of two approvals and the edited arguments of the other are kept, then sent in one resume", async () => {
    const from = stack.agent.requests.length;
    const page = await openPage(stack, "approvals");
    await send(page, "email bob about lunch and delete the log");
    const email = page.getByRole("group", { name: "Allow the agent to run send_email?" });
    const file = page.getByRole("group", { name: "Allow the agent to run delete_file?" });
    await email.waitFor({ timeout: 15_000 });
    await file.waitFor();
    const fileId = await file.getAttribute("data-interrupt-id");
    const emailId = await email.getAttribute("data-interrupt-id");

    // Answer one of the two: the other stays open, and the agent hears nothing yet.
    await file.getByRole("button", { name: "Approve" }).click();
    const answered = page.getByTestId("interrupt-answered");
    await expect.poll(() => answered.textContent()).toBe("Delete /tmp/a.log?: Approved; sent with the other answers");
    expect(await file.count()).toBe(0);
    // Edit the arguments of the other, without approving yet.
    await email.getByRole("button", { name: "Edit arguments" }).click();
    const to = email.getByRole("textbox", { name: /To/ });
    await expect.poll(() => to.inputValue()).toBe("bob@example.com");
    await to.fill("carol@example.com");
    await expect.poll(() => email.getByTestId("args-diff").locator("ins").textContent()).toBe("carol@example.com");
    expect(runsSince(from)).toHaveLength(1);

    await page.locator('nav[aria-label="Threads"][data-state="saved"]').waitFor();
    await page.reload();
    await page.getByRole("textbox", { name: "Message" }).waitFor();

    // After the reload: the answer shows as given, the edit is still in the form.
    await email.waitFor({ timeout: 15_000 });
    await expect.poll(() => answered.textContent()).toBe("Delete /tmp/a.log?: Approved; sent with the other answers");
    expect(await answered.getAttribute("data-interrupt-id")).toBe(fileId);
    expect(await file.count()).toBe(0);
    await expect.poll(() => email.getByRole("textbox", { name: /To/ }).inputValue()).toBe("carol@example.com");
    expect(await email.getByTestId("args-diff").locator("del").textContent()).toBe("bob@example.com");
    expect(runsSince(from)).toHaveLength(1);

    // The last answer sends them all, in one request, with the edited arguments.
    await email.getByRole("button", { name: "Approve" }).click();
    await expect
      .poll(() => page.getByTestId("sent-email").textContent(), { timeout: 15_000 })
      .toBe("Sent “Lunch on Friday” to carol@example.com");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toMatch(/^Answers:/);
    await settled(page);
    const runs = runsSince(from);
    expect(runs).toHaveLength(2);
    const editedArgs = { to: "carol@example.com", subject: "Lunch on Friday", body: "Shall we meet at noon?" };
    expect(runs[1]!.resume).toEqual([
      { interruptId: fileId, status: "resolved", payload: { approved: true } },
      { interruptId: emailId, status: "resolved", payload: { approved: true, editedArgs } },
    ]);
    expect(await answered.count()).toBe(0);
  });
});
