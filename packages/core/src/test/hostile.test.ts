import "fake-indexeddb/auto";
import { type MockAgent, startMockAgent } from "@tandem/mock-agent";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recordThread } from "../recording/recordThread.js";
import type { Recording } from "../recording/types.js";
import { applyPatch } from "../reducer/patch.js";
import { createThreadState, reduceEvents } from "../reducer/reduceEvents.js";
import { AgentClient } from "../run/agentClient.js";
import { indexedDbStorage } from "../storage/indexedDbStorage.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { persistThread } from "../storage/persistThread.js";
import type { ThreadStorage } from "../storage/types.js";
import { HOSTILE_RUNS, hostileScript, MANY, MEGABYTE, oddState, prototypeIsClean, XSS } from "./hostile.js";
import { sync } from "./scripts.js";

let agent: MockAgent;
const closing: MockAgent[] = [];
beforeAll(async () => {
  agent = await startMockAgent({ scenario: hostileScript });
});
afterAll(async () => {
  await agent.close();
  await Promise.all(closing.map((a) => a.close()));
});

const RUNS = Object.keys(HOSTILE_RUNS);
const lastText = (client: AgentClient) => {
  const content = client.state.messages.at(-1)?.content;
  return typeof content === "string" ? content : "";
};

/** A client that played every hostile run over HTTP, then a plain message. */
async function playAll(url: string) {
  const client = new AgentClient({ url, threadId: `hostile-${Math.random()}`, schedule: sync, eventLog: 20_000 });
  const outcomes: Record<string, string | null> = {};
  for (const run of RUNS) {
    await client.sendMessage(run);
    outcomes[run] = client.state.error?.kind ?? null;
  }
  await client.sendMessage("hello");
  return { client, outcomes };
}

describe("a hostile agent's corpus", () => {
  let played: Awaited<ReturnType<typeof playAll>>;
  let warnings: string[];
  beforeAll(async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    played = await playAll(agent.url);
    warnings = warn.mock.calls.map((args) => String(args[0]));
    warn.mockRestore();
  }, 60_000);

  it("the store takes every run without a throw or a polluted prototype; an unknown event is passed over, and the chat goes on", () => {
    expect(prototypeIsClean()).toBe(true);
    // Each refused patch is reported, naming its path.
    for (const path of ["/__proto__/polluted", '"/constructor"', "/__proto__/polluted5"]) {
      expect(warnings.some((w) => w.includes("refused path") && w.includes(path))).toBe(true);
    }
    expect(played.outcomes).toEqual({ pollute: null, xss: null, big: null, many: null, unknown: null });
    expect(lastText(played.client)).toBe("Still here.");
    const state = played.client.state.state as Record<string, unknown>;
    // The refused paths left the state as the agent's other events made it; own "__proto__" keys stay data.
    expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
    expect(state.big === MEGABYTE).toBe(true);
    expect(played.client.state.messages.some((m) => m.content === `${XSS}\n\nXSS shown as text.`)).toBe(true);
  });

  it("core's JSON Patch refuses every pollution path and any operation that is not one", () => {
    for (const path of ["/__proto__/x", "/constructor/prototype/x", "/a/prototype", "/constructor"]) {
      expect(applyPatch({}, [{ op: "add", path, value: 1 }]).ok).toBe(false);
    }
    expect(applyPatch({}, [null as never]).ok).toBe(false);
    expect(applyPatch({}, "not a patch" as never).ok).toBe(false);
    expect(prototypeIsClean()).toBe(true);
  });

  it("the reducer keeps a BigInt and a cycle in state as they are", () => {
    const odd = oddState();
    const s = reduceEvents(createThreadState({ threadId: "t" }), [
      { type: "STATE_SNAPSHOT", snapshot: odd } as never,
      { type: "STATE_DELTA", delta: [{ op: "add", path: "/more", value: 1n }] } as never,
    ]);
    expect(s.state).toMatchObject({ count: odd.count, more: 1n });
    expect((s.state as { cyclic: { self: unknown } }).cyclic.self).toBe((s.state as { cyclic: unknown }).cyclic);
  });

  it("a recorder started after every run records them all, and its replay plays them into a fresh client", async () => {
    const recording: Recording = recordThread(played.client).recording();
    expect(recording.runs.map((r) => r.input.messages.at(-1)?.content)).toEqual([...RUNS, "hello"]);
    expect(recording.runs[RUNS.indexOf("many")]!.events).toHaveLength(MANY);
    const replay = await startMockAgent({ recording: JSON.parse(JSON.stringify(recording)) });
    closing.push(replay);
    const again = await playAll(replay.url);
    expect(again.outcomes).toEqual(played.outcomes);
    expect(again.client.state.state).toEqual(played.client.state.state);
    expect(lastText(again.client)).toBe("Still here.");
    expect(prototypeIsClean()).toBe(true);
  }, 60_000);

  it("a state that cannot be sent as JSON (a BigInt, a cycle) is a clear error; the message stays, and a fixed state sends it", async () => {
    for (const odd of [{ count: 1n }, oddState().cyclic]) {
      const client = new AgentClient({ url: agent.url, schedule: sync, initialState: odd });
      await client.sendMessage("hello");
      expect(client.state.error?.message).toMatch(
        /^The request cannot be sent as JSON \(check the state and messages\): .*(BigInt|circular)/,
      );
      expect(client.state.messages.map((m) => m.content)).toEqual(["hello"]);
      client.store.update((s) => ({ ...s, state: { fixed: true } }));
      await client.retry();
      expect(client.state.error).toBeNull();
      expect(lastText(client)).toBe("Still here.");
    }
  });

  it.each<[string, () => ThreadStorage]>([
    ["memory", memoryStorage],
    ["IndexedDB", () => indexedDbStorage({ name: `hostile-${Math.random()}` })],
  ])(
    "%s storage saves and loads the thread, a BigInt and a cycle in its state",
    async (_, make) => {
      const storage = make();
      const client = new AgentClient({ url: agent.url, threadId: "stored", schedule: sync });
      const persistence = persistThread(client, storage, { debounceMs: 0 });
      for (const run of ["pollute", "xss", "big"]) await client.sendMessage(run);
      client.store.update((s) => ({ ...s, state: { ...(s.state as object), ...oddState() } }));
      await persistence.stop();
      const loaded = await storage.load("stored");
      expect(loaded?.messages.map((m) => m.content)).toEqual(client.state.messages.map((m) => m.content));
      const state = loaded?.state as ReturnType<typeof oddState> & { big: string };
      expect(state.count).toBe(12345678901234567890n);
      expect((state.cyclic as { self: unknown }).self).toBe(state.cyclic);
      expect(state.big === MEGABYTE).toBe(true);
      expect(prototypeIsClean()).toBe(true);
    },
    30_000,
  );
});
