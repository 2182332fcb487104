import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ThreadChange } from "@tandem/core";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startPostgres } from "../../../../scripts/ensure-postgres.mjs";
import { type PostgresPool, postgresThreadStore } from "../postgres/index.js";
import { sqliteThreadStore } from "../sqlite/index.js";
import { memoryThreadStore } from "./memoryThreadStore.js";
import type { ThreadStore } from "./threadStore.js";

const dir = mkdtempSync(join(tmpdir(), "tandem-threads-"));
const postgres = await startPostgres();
if (postgres.skip !== undefined) console.log(`Skipping the PostgreSQL thread store tests: ${postgres.skip}`);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (postgres.skip === undefined) await postgres.stop();
});
let files = 0;
/** A `pg.Pool` of the app's own fits the store's `pool` option (a type check: it fails to compile if not). */
export const poolFits = (pool: pg.Pool): PostgresPool => pool;

const user = (id: string, content: string) => ({ id, role: "user" as const, content });
const reply = (id: string, content: string) => ({ id, role: "assistant" as const, content });
const save = (
  id: string,
  order: string[],
  put: ThreadChange["put"],
  updatedAt: number,
  fields: Partial<ThreadChange["thread"]> = {},
): ThreadChange => ({
  thread: { id, title: `T ${id}`, createdAt: 1, updatedAt, state: {}, interrupts: [], toolCallStatus: {}, ...fields },
  order,
  put,
  remove: [],
});

/** Each store, and a second handle on the same data where the store can share it (another server instance). */
type Opened = { store: ThreadStore; another: () => Promise<ThreadStore> };
const stores: [string, () => Promise<Opened>][] = [
  [
    "memoryThreadStore",
    async () => {
      const store = memoryThreadStore();
      return { store, another: async () => store };
    },
  ],
  [
    "sqliteThreadStore",
    async () => {
      const url = join(dir, `threads-${++files}.db`);
      return { store: await sqliteThreadStore({ url }), another: () => sqliteThreadStore({ url }) };
    },
  ],
  ...(postgres.skip !== undefined
    ? []
    : ([
        [
          "postgresThreadStore",
          async () => {
            // Tables of their own for each test, in one throwaway cluster; `another` is a second pool, as another instance has.
            const options = { connectionString: postgres.url, tablePrefix: `t${++files}_` };
            return { store: await postgresThreadStore(options), another: () => postgresThreadStore(options) };
          },
        ],
      ] as [string, () => Promise<Opened>][])),
];

describe.each(stores)("%s", (_name, open) => {
  it("saves, lists most recent first, and loads a thread with its messages in order", async () => {
    const { store } = await open();
    await store.save("ann", save("a", ["q"], [user("q", "hi")], 10));
    await store.save("ann", save("a", ["q", "r"], [reply("r", "hello")], 11));
    await store.save("ann", save("b", ["p"], [user("p", "other")], 20));
    expect((await store.list("ann", 100)).map((t) => [t.id, t.title, t.updatedAt])).toEqual([
      ["b", "T b", 20],
      ["a", "T a", 11],
    ]);
    expect((await store.list("ann", 1)).map((t) => t.id)).toEqual(["b"]);
    const a = await store.load("ann", "a");
    expect(a?.messages).toEqual([user("q", "hi"), reply("r", "hello")]);
    expect(a?.createdAt).toBe(1);
    await store.close();
  });

  it("keeps each owner's threads apart: another owner neither lists, loads, renames nor removes them", async () => {
    const { store } = await open();
    await store.save("ann", save("a", ["q"], [user("q", "ann's secret")], 10));
    expect(await store.list("bob", 100)).toEqual([]);
    expect(await store.load("bob", "a")).toBeNull();
    expect(await store.rename("bob", "a", "taken")).toBe(false);
    // Bob's own thread of the same id is his alone; removing it leaves Ann's.
    await store.save("bob", save("a", ["z"], [user("z", "bob's")], 12));
    expect((await store.load("bob", "a"))?.messages).toEqual([user("z", "bob's")]);
    await store.remove("bob", "a");
    expect(await store.load("bob", "a")).toBeNull();
    expect((await store.load("ann", "a"))?.messages).toEqual([user("q", "ann's secret")]);
    expect((await store.list("ann", 10)).map((t) => t.title)).toEqual(["T a"]);
    await store.close();
  });

  it("merges two instances' saves of one thread as a tree: both replies kept, the later on the path", async () => {
    const { store, another } = await open();
    const other = await another();
    await store.save("ann", save("a", ["q"], [user("q", "hi")], 10));
    await Promise.all([
      store.save("ann", save("a", ["q", "x"], [reply("x", "from one")], 11)),
      other.save("ann", save("a", ["q", "y"], [reply("y", "from two")], 12)),
    ]);
    const a = await store.load("ann", "a");
    const kept = [...a!.messages.map((m) => m.id), ...Object.values(a!.branches ?? {}).flatMap((p) => p.versions.flat().map((m) => m.id))];
    expect(kept.sort()).toEqual(["q", "x", "y"]);
    await store.close();
    if (other !== store) await other.close();
  });

  it("loses neither first save when two instances create one thread at once", async () => {
    const { store, another } = await open();
    const other = await another();
    await Promise.all([
      store.save("ann", save("n", ["q1"], [user("q1", "one")], 10)),
      other.save("ann", save("n", ["q2"], [user("q2", "two")], 10)),
    ]);
    const n = await store.load("ann", "n");
    const kept = [...n!.messages.map((m) => m.id), ...Object.values(n!.branches ?? {}).flatMap((p) => p.versions.flat().map((m) => m.id))];
    expect(kept.sort()).toEqual(["q1", "q2"]);
    await store.close();
    if (other !== store) await other.close();
  });

  it("keeps the stored run's mark for a save that says keepRun, and clears it for the run's own", async () => {
    const { store } = await open();
    await store.save("ann", save("r", ["q"], [user("q", "hi")], 10, { runningSince: ["q"] }));
    await store.save("ann", { ...save("r", ["q"], [], 11), keepRun: true });
    expect((await store.load("ann", "r"))?.runningSince).toEqual(["q"]);
    await store.save("ann", save("r", ["q"], [], 12));
    expect((await store.load("ann", "r"))?.runningSince).toBeUndefined();
    await store.close();
  });

  it("renames a thread, its messages and run mark untouched", async () => {
    const { store } = await open();
    await store.save("ann", save("a", ["q"], [user("q", "hi")], 10, { runningSince: ["q"] }));
    expect(await store.rename("ann", "a", "Trip plans", 50)).toBe(true);
    const a = await store.load("ann", "a");
    expect([a?.title, a?.updatedAt, a?.runningSince, a?.messages.length]).toEqual(["Trip plans", 50, ["q"], 1]);
    expect((await store.list("ann", 10))[0]?.title).toBe("Trip plans");
    expect(await store.rename("ann", "none", "x")).toBe(false);
    await store.close();
  });

  it("leaves a tombstone: a removed thread is gone, and a late save does not bring it back", async () => {
    const { store } = await open();
    await store.save("ann", save("a", ["q"], [user("q", "hi")], 10));
    await store.remove("ann", "a");
    await store.save("ann", save("a", ["q", "r"], [user("q", "hi"), reply("r", "late")], 11));
    expect(await store.load("ann", "a")).toBeNull();
    expect(await store.list("ann", 10)).toEqual([]);
    expect(await store.rename("ann", "a", "back?")).toBe(false);
    await store.close();
  });
});

describe("sqliteThreadStore", () => {
  it("keeps threads across a restart (the file is the store)", async () => {
    const url = join(dir, "restart.db");
    const first = await sqliteThreadStore({ url });
    await first.save("ann", save("a", ["q"], [user("q", "still here")], 10));
    await first.close();
    const second = await sqliteThreadStore({ url });
    expect((await second.load("ann", "a"))?.messages).toEqual([user("q", "still here")]);
    await second.close();
  });
});
