import type { Message } from "@ag-ui/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fork, switchVersion } from "../branches/branches.js";
import type { BranchPoint } from "../types.js";
import { memoryStorage } from "./memoryStorage.js";
import type { StoredThread, ThreadChange, ThreadStorage } from "./types.js";

/** A tab on one thread: what it shows, and what it last wrote (as persistThread keeps it). */
class Tab {
  messages: Message[] = [];
  branches: Record<string, BranchPoint> = {};
  private written = new Map<string, Message>();
  private writtenBranches: Record<string, BranchPoint> = {};

  constructor(
    private readonly storage: ThreadStorage,
    private readonly parents: Map<string, string>,
  ) {}

  add(id: string, role: "user" | "assistant" = "user"): void {
    this.parents.set(id, this.messages.at(-1)?.id ?? "");
    this.messages = [...this.messages, { id, role, content: id } as Message];
  }

  /** A new version of the turn at `index` (an edit, or a regenerated reply) starting with `id`. */
  branch(index: number, id: string): void {
    const next = fork(this, index);
    this.messages = next.messages;
    this.branches = next.branches;
    this.add(id);
  }

  select(messageId: string, version: number): boolean {
    const next = switchVersion(this, messageId, version);
    if (next) Object.assign(this, next);
    return next !== null;
  }

  async save(): Promise<void> {
    const put = this.messages.filter((m) => this.written.get(m.id) !== m);
    const ids = new Set(this.messages.map((m) => m.id));
    const change: ThreadChange = {
      thread: { id: "t", title: "", createdAt: 1, updatedAt: Date.now(), state: null, interrupts: [], toolCallStatus: {} },
      order: this.messages.map((m) => m.id),
      put,
      remove: [...this.written.keys()].filter((id) => !ids.has(id)),
      ...(this.branches !== this.writtenBranches && { branches: this.branches }),
    };
    await this.storage.save(change);
    for (const m of put) this.written.set(m.id, m);
    for (const id of change.remove) this.written.delete(id);
    this.writtenBranches = this.branches;
  }

  /** A reload, or following another tab's save while idle. */
  async load(): Promise<void> {
    const stored = await this.storage.load("t");
    this.messages = stored?.messages ?? [];
    this.branches = stored?.branches ?? {};
    this.written = new Map(this.messages.map((m) => [m.id, m]));
    this.writtenBranches = this.branches;
  }
}

const ids = (messages: readonly Message[]) => messages.map((m) => m.id);

/** Every sequence the stored tree holds (the active path and each version), with the message each starts after. */
function sequences(thread: StoredThread): { after: string; ids: string[] }[] {
  const all = [{ after: "", ids: ids(thread.messages) }];
  for (const [key, point] of Object.entries(thread.branches ?? {}))
    point.versions.forEach((v, i) => {
      if (i !== point.active) all.push({ after: key, ids: ids(v) });
    });
  return all;
}

/** Two tabs on a thread that tab A began with `first` and saved, and tab B then loaded. */
async function begunByA(...first: [string, ("user" | "assistant")?][]) {
  const { storage, tab } = setup();
  const a = tab();
  const b = tab();
  for (const [id, role] of first) a.add(id, role);
  await a.save();
  await b.load();
  return { storage, a, b };
}

function setup() {
  const storage = memoryStorage();
  const parents = new Map<string, string>();
  return { storage, parents, tab: () => new Tab(storage, parents) };
}

describe("mergeThread: two tabs on one thread", () => {
  it("an edit made in a tab that has not seen the other's new turn never puts that turn before the question it follows", async () => {
    const { storage, a, b } = await begunByA(["Q1"], ["R1", "assistant"]);
    a.add("Q2");
    a.add("R2", "assistant");
    await a.save();
    b.branch(0, "Q1 edited");
    b.add("R1'", "assistant");
    await b.save();

    const stored = (await storage.load("t"))!;
    expect(ids(stored.messages)).toEqual(["Q1 edited", "R1'"]);
    // A's second turn stays after the first question, in the version B left.
    expect(stored.branches?.[""]?.versions.map(ids)).toEqual([["Q1", "R1", "Q2", "R2"], []]);
    expect(stored.branches?.[""]?.active).toBe(1);

    // A, still without B's edit, asks again: its turn goes after its own path, not under B's fork.
    a.add("Q3");
    await a.save();
    const again = (await storage.load("t"))!;
    expect(ids(again.messages)).toEqual(["Q1", "R1", "Q2", "R2", "Q3"]);
    expect(again.branches?.[""]?.versions.map(ids)).toEqual([[], ["Q1 edited", "R1'"]]);
  });

  it("turns added at once by two tabs become two versions of the turn they follow", async () => {
    const { storage, a, b } = await begunByA(["q"]);
    a.add("from A");
    b.add("from B");
    await a.save();
    await b.save();
    const stored = (await storage.load("t"))!;
    expect(ids(stored.messages)).toEqual(["q", "from B"]);
    expect(stored.branches?.q?.versions.map(ids)).toEqual([["from A"], []]);
  });

  it("a tab that saves without having seen the other's new turns keeps them after its last message", async () => {
    const { storage, a, b } = await begunByA(["q"]);
    a.add("r", "assistant");
    await a.save();
    await b.save();
    expect(ids((await storage.load("t"))!.messages)).toEqual(["q", "r"]);
  });

  it("a removed message (a failed reply that Retry drops) is gone for good", async () => {
    const { storage, tab } = setup();
    const a = tab();
    a.add("q");
    a.add("partial", "assistant");
    await a.save();
    a.messages = a.messages.slice(0, 1);
    await a.save();
    expect(ids((await storage.load("t"))!.messages)).toEqual(["q"]);
  });

  it("property: whatever two tabs do and save in any order, the stored tree keeps every message once, after the message it followed", async () => {
    type Op = { tab: 0 | 1; kind: "add" | "branch" | "select" | "save" | "load"; at: number };
    const op = fc.record({
      tab: fc.constantFrom(0 as const, 1 as const),
      kind: fc.constantFrom("add", "add", "branch", "select", "save", "save", "load"),
      at: fc.nat(20),
    }) as fc.Arbitrary<Op>;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 40 }), async (ops) => {
        const { storage, parents, tab } = setup();
        const tabs = [tab(), tab()] as const;
        const saved = new Set<string>();
        let n = 0;
        for (const { tab: t, kind, at } of ops) {
          const current = tabs[t];
          if (kind === "add") current.add(`m${n++}`);
          else if (kind === "branch" && current.messages.length > 0) current.branch(at % current.messages.length, `m${n++}`);
          else if (kind === "select") {
            const keys = Object.keys(current.branches);
            const key = keys[at % Math.max(keys.length, 1)];
            const head =
              key === undefined
                ? undefined
                : key === ""
                  ? current.messages[0]
                  : current.messages[current.messages.findIndex((m) => m.id === key) + 1];
            if (head && key !== undefined) current.select(head.id, at % current.branches[key]!.versions.length);
          } else if (kind === "save") {
            await current.save();
            for (const m of current.messages) saved.add(m.id);
            for (const p of Object.values(current.branches)) for (const v of p.versions) for (const m of v) saved.add(m.id);
          } else if (kind === "load") await current.load();
        }
        const stored = await storage.load("t");
        if (!stored) return saved.size === 0;
        const seen: string[] = [];
        for (const { after, ids: run } of sequences(stored)) {
          run.forEach((id, i) => {
            expect(parents.get(id), `${id} follows what it followed when written`).toBe(i === 0 ? after : run[i - 1]);
          });
          seen.push(...run);
        }
        expect(new Set(seen).size, "no message twice").toBe(seen.length);
        for (const id of saved) expect(seen, `${id} kept`).toContain(id);
        for (const point of Object.values(stored.branches ?? {})) expect(point.versions[point.active]).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
