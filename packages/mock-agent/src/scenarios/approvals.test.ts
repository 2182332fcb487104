import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockAgent } from "../server.js";
import { post, said, user } from "../test/http.js";
import type { MockAgent } from "../types.js";

let agent: MockAgent;
beforeAll(async () => {
  agent = await startMockAgent();
});
afterAll(() => agent.close());
const url = () => `${agent.baseUrl}/approvals`;
const outcome = (events: Awaited<ReturnType<typeof post>>) => events.at(-1)!.outcome;

describe("approvals scenario", () => {
  it("asks to approve a send_email call, bound to it by toolCallId", async () => {
    const events = await post(url(), { messages: [user("email bob")] });
    const call = events.find((e) => e.type === "TOOL_CALL_START")!;
    expect(call.toolCallName).toBe("send_email");
    expect(outcome(events)).toMatchObject({ type: "interrupt", interrupts: [{ reason: "tool_approval", toolCallId: call.toolCallId }] });
  });

  it("asks two approvals at once, and one that expires when told to", async () => {
    expect(outcome(await post(url(), { messages: [user("delete both")] })).interrupts).toHaveLength(2);
    const [expiring] = outcome(await post(url(), { messages: [user("expire in 3 s")] })).interrupts;
    expect(Date.parse(expiring.expiresAt) - Date.now()).toBeGreaterThan(2000);
    expect(Date.parse(expiring.expiresAt) - Date.now()).toBeLessThanOrEqual(3000);
  });

  it("says what each resume entry answered, edited arguments included", async () => {
    const events = await post(url(), {
      messages: [user("email bob")],
      resume: [
        { interruptId: "a", status: "resolved", payload: { approved: true, editedArgs: { to: "carol" } } },
        { interruptId: "b", status: "cancelled" },
      ],
    });
    expect(said(events)).toBe('Answers: a was approved with edits {"to":"carol"}; b was cancelled.');
  });

  it("ends a run as cancelled when asked to stop", async () => {
    expect(outcome(await post(url(), { messages: [user("stop")] }))).toEqual({ type: "cancelled" });
  });
});
