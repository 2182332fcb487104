import type { RunAgentInput } from "@ag-ui/core";
import { type MockAgent, runFinished, runStarted, type Script, startMockAgent, textMessage, toolCall } from "@tandem/mock-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AgentClient } from "../run/agentClient.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { persistThread } from "../storage/persistThread.js";
import type { StoredThread } from "../storage/types.js";
import { sync } from "../test/scripts.js";
import { checkStoredThread } from "../threads/checkStoredThread.js";
import { checkDecisions, type InterruptDecisions, mergeDecisions, NO_DECISIONS } from "./decisions.js";

let agent: MockAgent | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await agent?.close();
  agent = undefined;
});

const bodies = (a: MockAgent) => a.requests.map((r) => r.body as RunAgentInput);

const I1 = { id: "i1", reason: "tool_approval", toolCallId: "c1", message: "Delete a?" };
const I2 = { id: "i2", reason: "tool_approval", toolCallId: "c2", message: "Send b?" };

/** Two approvals open at once; the resume is answered with a reply. */
const twoApprovals =
  (interrupts: object[] = [I1, I2]): Script =>
  (input) =>
    input.resume
      ? [runStarted(input), ...textMessage(["done"], { messageId: `a-${input.runId}` }), runFinished(input)]
      : [
          runStarted(input),
          ...toolCall("delete_file", { path: "/a" }, { toolCallId: "c1" }),
          ...toolCall("send_email", { to: "bob" }, { toolCallId: "c2" }),
          runFinished(input, { outcome: { type: "interrupt", interrupts } as never }),
        ];

async function connect(script: Script) {
  agent = await startMockAgent({ scenario: script });
  return agent;
}

/** A client on `url` that keeps its thread in `storage`, with the stored copy restored first. */
async function open(url: string, storage = memoryStorage()) {
  const client = new AgentClient({ url, threadId: "t1", schedule: sync });
  const loaded = await storage.load("t1");
  if (loaded) client.restore(checkStoredThread(loaded));
  const persistence = persistThread(client, storage, { loaded });
  return { client, persistence, storage };
}

describe("interrupt decisions kept with the thread", () => {
  it("an answer to one of two interrupts and the other's edited arguments survive a reload, then go in one resume", async () => {
    const a = await connect(twoApprovals());
    const storage = memoryStorage();
    const first = await open(a.url, storage);
    await first.client.sendMessage("go");
    await first.client.resolveInterrupt("i1", { approved: true });
    first.client.setInterruptDraft("i2", { to: "carol" });
    expect(first.client.state.interrupts.map((i) => i.id)).toEqual(["i2"]);
    await first.persistence.stop();
    first.client.dispose();

    const stored = await storage.load("t1");
    expect(stored!.decisions).toEqual({
      answered: [{ interrupt: I1, entry: { interruptId: "i1", status: "resolved", payload: { approved: true } } }],
      drafts: { i2: { to: "carol" } },
    });

    // The reload: the answer shows as given, the edit is back, nothing was sent yet.
    const second = await open(a.url, storage);
    expect(second.client.state.interrupts.map((i) => i.id)).toEqual(["i2"]);
    expect(second.client.state.decisions.answered.map((x) => x.interrupt.id)).toEqual(["i1"]);
    expect(second.client.state.decisions.drafts).toEqual({ i2: { to: "carol" } });
    expect(a.requests).toHaveLength(1);

    await second.client.resolveInterrupt("i2", { approved: true, editedArgs: { to: "carol" } });
    expect(bodies(a)).toHaveLength(2);
    expect(bodies(a)[1]!.resume).toEqual([
      { interruptId: "i1", status: "resolved", payload: { approved: true } },
      { interruptId: "i2", status: "resolved", payload: { approved: true, editedArgs: { to: "carol" } } },
    ]);
    // Sent: nothing is kept any more.
    expect(second.client.state.decisions).toBe(NO_DECISIONS);
    await second.persistence.stop();
    expect((await storage.load("t1"))!.decisions).toBeUndefined();
    second.client.dispose();
  });

  it("an answer whose interrupt expired before the reload is not sent: the interrupt goes as cancelled", async () => {
    const soon = new Date(Date.now() + 30_000).toISOString();
    const a = await connect(twoApprovals([{ ...I1, expiresAt: soon }, I2]));
    const storage = memoryStorage();
    const first = await open(a.url, storage);
    await first.client.sendMessage("go");
    await first.client.resolveInterrupt("i1", { approved: true });
    await first.persistence.stop();
    first.client.dispose();
    // The page is reloaded a minute later: i1's deadline has passed.
    const later = Date.now() + 60_000;
    vi.spyOn(Date, "now").mockImplementation(() => later);

    const second = await open(a.url, storage);
    expect(second.client.state.decisions.answered).toEqual([]);
    expect(second.client.state.interrupts.map((i) => i.id).sort()).toEqual(["i1", "i2"]);
    await second.client.resolveInterrupt("i2", { approved: false });
    expect(bodies(a)[1]!.resume).toEqual([
      { interruptId: "i2", status: "resolved", payload: { approved: false } },
      { interruptId: "i1", status: "cancelled" },
    ]);
    second.client.dispose();
  });

  it("closing the edit (a null draft) or a new message drops what was kept", async () => {
    const a = await connect(twoApprovals());
    const { client } = await open(a.url);
    await client.sendMessage("go");
    client.setInterruptDraft("i2", { to: "carol" });
    client.setInterruptDraft("nope", { to: "x" }); // not open: ignored
    expect(client.state.decisions.drafts).toEqual({ i2: { to: "carol" } });
    client.setInterruptDraft("i2", null);
    expect(client.state.decisions.drafts).toEqual({});
    await client.resolveInterrupt("i1", { approved: true });
    await client.sendMessage("never mind");
    expect(client.state.decisions).toBe(NO_DECISIONS);
    // The answer given still reaches the agent, with the other cancelled.
    expect(bodies(a)[1]!.resume).toEqual([
      { interruptId: "i1", status: "resolved", payload: { approved: true } },
      { interruptId: "i2", status: "cancelled" },
    ]);
    client.dispose();
  });
});

describe("stored decisions read back", () => {
  const answered = { interrupt: I1, entry: { interruptId: "i1", status: "resolved", payload: { approved: true } } };

  it("keeps well-formed answers and drafts for open interrupts", () => {
    expect(checkDecisions({ answered: [answered], drafts: { i2: { to: "x" } } }, [I2])).toEqual({
      answered: [answered],
      drafts: { i2: { to: "x" } },
    });
  });

  it("drops hostile or corrupt values instead of throwing or sending them", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const hostile = [
      null,
      "x",
      [],
      { answered: "nope", drafts: 3 },
      { answered: [{ interrupt: I1, entry: { interruptId: "other", status: "resolved" } }] }, // answers another interrupt
      { answered: [{ interrupt: I1, entry: { interruptId: "i1", status: "run-this" } }] },
      { answered: [{ interrupt: { id: 5, reason: "x" }, entry: { interruptId: 5, status: "resolved" } }] },
      { answered: [{ interrupt: I2, entry: { interruptId: "i2", status: "resolved" } }] }, // still open: not answered
      { answered: [{ interrupt: I1, entry: { interruptId: "i1", status: "resolved", payload: cyclic } }] },
      { drafts: { i1: { to: "x" } } }, // not open
      { drafts: { i2: "text" } },
      { drafts: { i2: [1, 2] } },
      { drafts: JSON.parse('{"__proto__": {"polluted": true}}') },
      { drafts: { i2: cyclic } },
      { drafts: { i2: { big: "x".repeat(1_000_001) } } },
    ];
    for (const value of hostile) expect(checkDecisions(value, [I2])).toBe(NO_DECISIONS);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const many = {
      answered: Array.from({ length: 1000 }, (_, i) => ({
        ...answered,
        interrupt: { ...I1, id: `x${i}` },
        entry: { ...answered.entry, interruptId: `x${i}` },
      })),
    };
    expect(checkDecisions(many, []).answered).toHaveLength(200);
  });

  it("a stored thread with hostile decisions still opens, without them", () => {
    const thread = { id: "t1", title: "", createdAt: 0, updatedAt: 0, messages: [], state: {}, interrupts: [I2], toolCallStatus: {} };
    const loaded = checkStoredThread({
      ...thread,
      decisions: { answered: [{ interrupt: "x" }], drafts: { i2: 1 } },
    } as unknown as StoredThread);
    expect(loaded.decisions).toBeUndefined();
    expect(loaded.interrupts).toEqual([I2]);
  });
});

describe("decisions merged across tabs", () => {
  const entry = (id: string, approved: boolean) => ({ interruptId: id, status: "resolved" as const, payload: { approved } });
  const I3 = { id: "i3", reason: "tool_approval" };

  it("keeps each tab's answers to the same interrupts, and drafts only for those still open", () => {
    // Tab A answered i1; tab B, not having seen it, answered i2 and edited i1 and i3.
    const stored = { interrupts: [I2, I3], decisions: { answered: [{ interrupt: I1, entry: entry("i1", true) }], drafts: {} } };
    const saved = {
      interrupts: [I1, I3],
      decisions: { answered: [{ interrupt: I2, entry: entry("i2", false) }], drafts: { i1: { to: "x" }, i3: { to: "y" } } },
    };
    expect(mergeDecisions(stored, saved)).toEqual({
      interrupts: [I3],
      decisions: {
        answered: [
          { interrupt: I2, entry: entry("i2", false) },
          { interrupt: I1, entry: entry("i1", true) },
        ],
        drafts: { i3: { to: "y" } },
      },
    });
  });

  it("lets a save win once its interrupts are others (the resume was sent, a run went on)", () => {
    const stored = { interrupts: [I2], decisions: { answered: [{ interrupt: I1, entry: entry("i1", true) }], drafts: {} } };
    expect(mergeDecisions(stored, { interrupts: [] })).toEqual({ interrupts: [], decisions: undefined });
    expect(mergeDecisions(stored, { interrupts: [I3] })).toEqual({ interrupts: [I3], decisions: undefined });
  });

  it("two tabs saving to one storage: neither loses the other's answer", async () => {
    const storage = memoryStorage();
    const base = { id: "t1", title: "", createdAt: 0, updatedAt: 0, state: {}, toolCallStatus: {} };
    const change = (interrupts: object[], decisions: InterruptDecisions) => ({
      thread: { ...base, interrupts, decisions } as never,
      order: [],
      put: [],
      remove: [],
    });
    await storage.save(change([I2], { answered: [{ interrupt: I1, entry: entry("i1", true) }], drafts: {} }));
    await storage.save(change([I1], { answered: [{ interrupt: I2, entry: entry("i2", true) }], drafts: {} }));
    const loaded = await storage.load("t1");
    expect(loaded!.interrupts).toEqual([]);
    expect(loaded!.decisions!.answered.map((a) => a.interrupt.id)).toEqual(["i2", "i1"]);
  });
});
