import type { RunAgentInput } from "@ag-ui/core";
import { type MockAgent, runFinished, runStarted, type Script, startMockAgent, textMessage, toolCall } from "@tandem/mock-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { InterruptLedger } from "../run/interruptLedger.js";
import { sync, until } from "../test/scripts.js";
import { approvalOf, isApproval } from "./approval.js";
import { clockOffset, interruptDeadline } from "./expiry.js";

let agent: MockAgent | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await agent?.close();
  agent = undefined;
});

async function connect(script: Script) {
  agent = await startMockAgent({ scenario: script });
  return { client: new AgentClient({ url: agent.url, threadId: "t1", schedule: sync }), agent };
}

const bodies = (a: MockAgent) => a.requests.map((r) => r.body as RunAgentInput);

describe("approval interrupts", () => {
  it("are those bound to a tool call or asking for an approved boolean", () => {
    expect(isApproval({ id: "a", reason: "tool_approval", toolCallId: "c1" })).toBe(true);
    const schema = { type: "object", properties: { approved: { type: "boolean" }, editedArgs: { type: "object" } } };
    expect(isApproval({ id: "b", reason: "confirm", responseSchema: schema })).toBe(true);
    expect(isApproval({ id: "c", reason: "pick", responseSchema: { type: "object", properties: { choice: { type: "string" } } } })).toBe(
      false,
    );
    expect(
      isApproval({ id: "d", reason: "approved is text", responseSchema: { type: "object", properties: { approved: { type: "string" } } } }),
    ).toBe(false);
    expect(isApproval({ id: "e", reason: "free" })).toBe(false);
  });

  it("take {approved, editedArgs?} as their answer and nothing else", () => {
    expect(approvalOf({ approved: true, editedArgs: { to: "x" } })).toEqual({ approved: true, editedArgs: { to: "x" } });
    expect(approvalOf({ approved: "yes" })).toBeNull();
    expect(approvalOf({ approved: true, editedArgs: "x" })).toBeNull();
  });
});

describe("expiry", () => {
  it("reads ISO 8601, corrects for the agent's clock, and never expires what does not parse", () => {
    expect(interruptDeadline({ expiresAt: "2030-01-01T00:00:00Z" })).toBe(Date.UTC(2030, 0, 1));
    // The agent's clock runs 60 s ahead: its deadline comes 60 s earlier on ours.
    expect(interruptDeadline({ expiresAt: "2030-01-01T00:01:00Z" }, 60_000)).toBe(Date.UTC(2030, 0, 1));
    expect(interruptDeadline({ expiresAt: "soon" })).toBeNull();
    expect(interruptDeadline({})).toBeNull();
  });

  it("takes the agent's clock from an event timestamp, ignoring one in the wrong unit", () => {
    expect(clockOffset(1_000_000_000_000 + 5_000, 1_000_000_000_000)).toBe(5_000);
    expect(clockOffset(1_000_000_000, 1_000_000_000_000)).toBe(0); // seconds, not ms
    expect(clockOffset(undefined, 1)).toBe(0);
  });

  it("sends the answers once the only interrupt left has expired, with that one cancelled", () => {
    const ledger = new InterruptLedger();
    const open = [
      { id: "i1", reason: "approve" },
      { id: "i2", reason: "approve", expiresAt: "2030-01-01T00:00:00Z" },
    ];
    ledger.arrived(open, 0);
    const before = Date.UTC(2029, 11, 31);
    expect(ledger.answer({ interruptId: "i1", status: "resolved", payload: { approved: true } }, open, before)).toEqual({
      remaining: [open[1]],
      resume: null,
    });
    expect(ledger.nextDeadline([open[1]!], before)).toBe(Date.UTC(2030, 0, 1));
    expect(ledger.ready([open[1]!], Date.UTC(2030, 0, 1))).toEqual([
      { interruptId: "i1", status: "resolved", payload: { approved: true } },
      { interruptId: "i2", status: "cancelled" },
    ]);
  });
});

const approvalRun =
  (interrupts: object[], steps: (input: RunAgentInput) => ReturnType<typeof toolCall> = () => []): Script =>
  (input) =>
    input.resume
      ? [runStarted(input), ...textMessage(["done"], { messageId: `a${input.resume.length}` }), runFinished(input)]
      : [runStarted(input), ...steps(input), runFinished(input, { outcome: { type: "interrupt", interrupts } as never })];

describe("answering interrupts", () => {
  it("answers several interrupts in one resume, with each entry's metadata", async () => {
    const { client, agent } = await connect(
      approvalRun([
        { id: "i1", reason: "tool_approval", toolCallId: "c1", metadata: { step: 1 } },
        { id: "i2", reason: "tool_approval", toolCallId: "c2" },
      ]),
    );
    await client.sendMessage("go");
    expect(client.state.interrupts[0]!.metadata).toEqual({ step: 1 });
    await client.resolveInterrupt("i1", { approved: true }, { signedBy: "ada" });
    expect(agent.requests).toHaveLength(1);
    await client.resolveInterrupt("i2", { approved: false });
    expect(bodies(agent)[1]!.resume).toEqual([
      { interruptId: "i1", status: "resolved", payload: { approved: true }, metadata: { signedBy: "ada" } },
      { interruptId: "i2", status: "resolved", payload: { approved: false } },
    ]);
  });

  it("still answers when a render hands cancel a click event instead of metadata (onClick={cancel})", async () => {
    const { client, agent } = await connect(approvalRun([{ id: "i1", reason: "question" }]));
    await client.sendMessage("go");
    class ClickEvent {
      readonly target = { parent: this };
    }
    await client.cancelInterrupt("i1", new ClickEvent() as never);
    expect(bodies(agent)[1]!.resume).toEqual([{ interruptId: "i1", status: "cancelled" }]);
  });

  it("keeps the metadata of messages and interrupts and sends the messages' back as it came", async () => {
    const { client, agent } = await connect((input) =>
      input.resume
        ? [runStarted(input), runFinished(input)]
        : [
            runStarted(input),
            { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant", metadata: { model: "m1" } },
            { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "Approve?" },
            { type: "TEXT_MESSAGE_END", messageId: "a1" },
            runFinished(input, { outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "approve", metadata: { ticket: 7 } }] } }),
          ],
    );
    await client.sendMessage("go");
    expect(client.state.interrupts[0]!.metadata).toEqual({ ticket: 7 });
    await client.cancelInterrupt("i1", { reason: "timeout" });
    const second = bodies(agent)[1]!;
    expect(second.messages.find((m) => m.id === "a1")).toMatchObject({ metadata: { model: "m1" } });
    expect(second.resume).toEqual([{ interruptId: "i1", status: "cancelled", metadata: { reason: "timeout" } }]);
  });

  it("runs an approved frontend tool with the edited arguments, then resumes with editedArgs", async () => {
    const { client, agent } = await connect(
      approvalRun([{ id: "i1", reason: "tool_approval", toolCallId: "c1" }], () =>
        toolCall("send_email", { to: "bob@example.com", subject: "Hi" }, { toolCallId: "c1" }),
      ),
    );
    const handler = vi.fn((args: unknown) => ({ sent: args }));
    client.registerTool({ name: "send_email", parameters: { type: "object", properties: { to: { type: "string" } } }, handler });
    await client.sendMessage("mail bob");
    expect(handler).not.toHaveBeenCalled();
    const editedArgs = { to: "carol@example.com", subject: "Hello" };
    await client.resolveInterrupt("i1", { approved: true, editedArgs });
    await until(() => agent.requests.length === 2);
    expect(handler).toHaveBeenCalledWith(editedArgs, expect.anything());
    const second = bodies(agent)[1]!;
    expect(second.resume).toEqual([{ interruptId: "i1", status: "resolved", payload: { approved: true, editedArgs } }]);
    expect(second.messages.find((m) => m.role === "tool")).toMatchObject({
      toolCallId: "c1",
      content: JSON.stringify({ sent: editedArgs }),
    });
  });

  it("still tells the agent what was approved when Stop ends the approved tool's run", async () => {
    const { client, agent } = await connect(
      approvalRun([{ id: "i1", reason: "tool_approval", toolCallId: "c1" }], () =>
        toolCall("send_email", { to: "bob" }, { toolCallId: "c1" }),
      ),
    );
    let started = false;
    client.registerTool({
      name: "send_email",
      handler: (_args, { signal }) =>
        new Promise((_resolve, reject) => {
          started = true;
          signal.addEventListener("abort", () => reject(new Error("aborted")));
        }),
    });
    await client.sendMessage("mail bob");
    const answered = client.resolveInterrupt("i1", { approved: true });
    await until(() => started);
    client.stop();
    await answered;
    expect(agent.requests).toHaveLength(1);
    await client.sendMessage("and now?");
    expect(bodies(agent)[1]!.resume).toEqual([{ interruptId: "i1", status: "resolved", payload: { approved: true } }]);
  });

  it("never runs a rejected frontend tool; its call gets a result saying so", async () => {
    const { client, agent } = await connect(
      approvalRun([{ id: "i1", reason: "tool_approval", toolCallId: "c1" }], () =>
        toolCall("send_email", { to: "bob" }, { toolCallId: "c1" }),
      ),
    );
    const handler = vi.fn();
    client.registerTool({ name: "send_email", handler });
    await client.sendMessage("mail bob");
    await client.resolveInterrupt("i1", { approved: false });
    expect(handler).not.toHaveBeenCalled();
    expect(bodies(agent)[1]!.messages.find((m) => m.role === "tool")).toMatchObject({ toolCallId: "c1", content: "Rejected by the user." });
  });

  it("gives an approval's frontend call a cancelled result when a new message leaves it unanswered", async () => {
    const { client, agent } = await connect(
      approvalRun([{ id: "i1", reason: "tool_approval", toolCallId: "c1" }], () =>
        toolCall("send_email", { to: "bob" }, { toolCallId: "c1" }),
      ),
    );
    const handler = vi.fn();
    client.registerTool({ name: "send_email", handler });
    await client.sendMessage("mail bob");
    await client.sendMessage("no, wait");
    expect(handler).not.toHaveBeenCalled();
    const second = bodies(agent)[1]!;
    expect(second.resume).toEqual([{ interruptId: "i1", status: "cancelled" }]);
    expect(second.messages.find((m) => m.role === "tool")).toMatchObject({ toolCallId: "c1", content: "Cancelled by the user." });
  });

  it("refuses to resolve an expired interrupt and sends it as cancelled with the others' answers", async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const { client, agent } = await connect(
      approvalRun([
        { id: "i1", reason: "approve", expiresAt: past },
        { id: "i2", reason: "approve", expiresAt: "not a date" },
      ]),
    );
    await client.sendMessage("go");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await client.resolveInterrupt("i1", { approved: true });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("expired"));
    expect(client.state.interrupts.map((i) => i.id)).toEqual(["i1", "i2"]);
    await client.resolveInterrupt("i2", { approved: true });
    expect(bodies(agent)[1]!.resume).toEqual([
      { interruptId: "i2", status: "resolved", payload: { approved: true } },
      { interruptId: "i1", status: "cancelled" },
    ]);
  });

  it("reads expiresAt on the agent's clock: an agent an hour behind does not expire its interrupts early", async () => {
    const hour = 3_600_000;
    const { client, agent } = await connect((input) => {
      const serverNow = Date.now() - hour;
      return input.resume
        ? [runStarted(input), runFinished(input)]
        : [
            runStarted(input),
            {
              ...runFinished(input, {
                outcome: {
                  type: "interrupt",
                  interrupts: [{ id: "i1", reason: "approve", expiresAt: new Date(serverNow + 60_000).toISOString() }],
                },
              }),
              timestamp: serverNow,
            },
          ];
    });
    await client.sendMessage("go");
    const left = client.interruptDeadline(client.state.interrupts[0]!)! - Date.now();
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(60_000);
    await client.resolveInterrupt("i1", { approved: true });
    expect(bodies(agent)[1]!.resume).toEqual([{ interruptId: "i1", status: "resolved", payload: { approved: true } }]);
  });

  it("sends waiting answers when the last open interrupt expires", async () => {
    const soon = new Date(Date.now() + 300).toISOString();
    const { client, agent } = await connect(
      approvalRun([
        { id: "i1", reason: "approve" },
        { id: "i2", reason: "approve", expiresAt: soon },
      ]),
    );
    await client.sendMessage("go");
    await client.resolveInterrupt("i1", { approved: true });
    expect(agent.requests).toHaveLength(1);
    await until(() => agent.requests.length === 2);
    expect(bodies(agent)[1]!.resume).toEqual([
      { interruptId: "i1", status: "resolved", payload: { approved: true } },
      { interruptId: "i2", status: "cancelled" },
    ]);
  });

  it("keeps a cancelled outcome apart from success and runs no pending frontend tool", async () => {
    const { client } = await connect((input) => [
      runStarted(input),
      ...toolCall("send_email", { to: "bob" }, { toolCallId: "c1" }),
      runFinished(input, { outcome: { type: "cancelled" } as never }),
    ]);
    const handler = vi.fn();
    client.registerTool({ name: "send_email", handler });
    await client.sendMessage("go");
    expect(client.state).toMatchObject({ status: "idle", lastOutcome: "cancelled" });
    expect(handler).not.toHaveBeenCalled();
  });
});
