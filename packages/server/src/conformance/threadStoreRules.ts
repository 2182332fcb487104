import { randomUUID } from "node:crypto";
import { type Check, checkRules, expectThat, type RuleResult } from "./rules.js";

/** The server under test, and how a request proves each of two users. */
export interface ThreadStoreTarget {
  /** Where the contract is served: `{url}` lists, `{url}/:id` is a thread. */
  url: string;
  /** Headers that make a request one user's (a session cookie, an `Authorization`). */
  userA: Record<string, string>;
  /** Another user's; without it, the rules about two users are skipped (a server with one set of threads). */
  userB?: Record<string, string>;
  /** Whether a request with no user's headers must be refused (401); default true when `userB` is given. */
  refusesAnonymous?: boolean;
}

const message = (id: string, role: string, content: string) => ({ id, role, content });

/**
 * The thread-store REST contract's rules (docs: "The contract"), checked against a live server
 * with threads of random ids, each removed at the end. Every rule is checked even when an
 * earlier one fails; a rule that needs two users is skipped without `userB`.
 */
export async function checkThreadStore(target: ThreadStoreTarget): Promise<RuleResult[]> {
  const base = target.url.replace(/\/+$/, "");
  const run = randomUUID().slice(0, 8);
  const made: [Record<string, string>, string][] = [];
  const call = async (user: Record<string, string> | undefined, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body !== undefined && { "content-type": "application/json" }), ...user },
      ...(body !== undefined && { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  };
  const thread = (user: Record<string, string>, name: string) => {
    const id = `conformance-${run}-${name}`;
    made.push([user, id]);
    return id;
  };
  const save = (id: string, order: string[], put: unknown[], updatedAt: number, fields: Record<string, unknown> = {}) => ({
    thread: { id, title: `Conformance ${name(id)}`, createdAt: 1, updatedAt, state: {}, interrupts: [], toolCallStatus: {}, ...fields },
    order,
    put,
    remove: [],
  });
  const name = (id: string) => id.slice(`conformance-${run}-`.length);
  const saved = async (user: Record<string, string>, id: string, body: unknown) => {
    const answer = await call(user, "POST", `/${encodeURIComponent(id)}`, body);
    expectThat(answer.status >= 200 && answer.status < 300, `POST ${id} answered ${answer.status}, not 2xx`);
  };
  const loaded = async (user: Record<string, string>, id: string) => {
    const answer = await call(user, "GET", `/${encodeURIComponent(id)}`);
    expectThat(answer.status === 200, `GET ${id} answered ${answer.status}, not 200`);
    return answer.json as {
      title: string;
      messages: { id: string; content: unknown }[];
      branches?: Record<string, { versions: { id: string }[][] }>;
      runningSince?: string[];
    };
  };
  const a = target.userA;
  const b = target.userB;
  const rules: [string, Check][] = [
    [
      "GET {url} answers 200 and an array of { id, title, createdAt, updatedAt }",
      async () => {
        const id = thread(a, "listed");
        await saved(a, id, save(id, ["q"], [message("q", "user", "hi")], Date.now()));
        const answer = await call(a, "GET", "");
        expectThat(answer.status === 200 && Array.isArray(answer.json), `GET answered ${answer.status}, not 200 and an array`);
        const entry = (answer.json as Record<string, unknown>[]).find((t) => t.id === id);
        expectThat(entry !== undefined, "the thread just saved is not listed");
        for (const field of ["title", "createdAt", "updatedAt"]) expectThat(field in entry, `a listed thread has no ${field}`);
        return undefined;
      },
    ],
    [
      "a saved thread loads with its messages in order",
      async () => {
        const id = thread(a, "ordered");
        await saved(a, id, save(id, ["q"], [message("q", "user", "hi")], 10));
        await saved(a, id, save(id, ["q", "r"], [message("r", "assistant", "hello")], 11));
        const got = await loaded(a, id);
        expectThat(
          JSON.stringify(got.messages.map((m) => m.id)) === '["q","r"]',
          `messages ${JSON.stringify(got.messages.map((m) => m.id))}, not ["q","r"]`,
        );
        return undefined;
      },
    ],
    [
      "a thread not there answers 404",
      async () => {
        const answer = await call(a, "GET", `/conformance-${run}-never-saved`);
        expectThat(answer.status === 404, `answered ${answer.status}, not 404`);
        return undefined;
      },
    ],
    [
      "two saves that answered one question keep both replies (merged as a tree)",
      async () => {
        const id = thread(a, "tree");
        await saved(a, id, save(id, ["q"], [message("q", "user", "hi")], 10));
        await saved(a, id, save(id, ["q", "x"], [message("x", "assistant", "from one tab")], 11));
        await saved(a, id, save(id, ["q", "y"], [message("y", "assistant", "from another")], 12));
        const got = await loaded(a, id);
        const kept = new Set([
          ...got.messages.map((m) => m.id),
          ...Object.values(got.branches ?? {}).flatMap((p) => p.versions.flat().map((m) => m.id)),
        ]);
        expectThat(kept.has("x") && kept.has("y"), `kept ${JSON.stringify([...kept])}: a reply was lost`);
        return undefined;
      },
    ],
    [
      "a save that says keepRun leaves the stored runningSince",
      async () => {
        const id = thread(a, "run");
        await saved(a, id, save(id, ["q"], [message("q", "user", "hi")], 10, { runningSince: ["q"] }));
        await saved(a, id, { ...save(id, ["q"], [], 11), keepRun: true });
        const got = await loaded(a, id);
        expectThat(JSON.stringify(got.runningSince) === '["q"]', `runningSince is ${JSON.stringify(got.runningSince)}, not ["q"]`);
        return undefined;
      },
    ],
    [
      "PATCH { title } renames a thread",
      async () => {
        const id = thread(a, "renamed");
        await saved(a, id, save(id, ["q"], [message("q", "user", "hi")], 10));
        const answer = await call(a, "PATCH", `/${encodeURIComponent(id)}`, { title: "Renamed" });
        expectThat(answer.status >= 200 && answer.status < 300, `PATCH answered ${answer.status}, not 2xx`);
        expectThat((await loaded(a, id)).title === "Renamed", "the title did not change");
        return undefined;
      },
    ],
    [
      "DELETE removes a thread, and a later save does not bring it back",
      async () => {
        const id = thread(a, "removed");
        await saved(a, id, save(id, ["q"], [message("q", "user", "hi")], 10));
        const removed = await call(a, "DELETE", `/${encodeURIComponent(id)}`);
        expectThat(removed.status >= 200 && removed.status < 300, `DELETE answered ${removed.status}, not 2xx`);
        await call(a, "POST", `/${encodeURIComponent(id)}`, save(id, ["q", "r"], [message("r", "assistant", "late")], 11));
        const answer = await call(a, "GET", `/${encodeURIComponent(id)}`);
        expectThat(answer.status === 404, `after DELETE and a late save, GET answered ${answer.status}, not 404`);
        return undefined;
      },
    ],
    [
      "a body that is not a save answers 4xx, and stores nothing",
      async () => {
        const id = thread(a, "malformed");
        for (const body of ["{", "[]", JSON.stringify({ thread: { id } }), JSON.stringify(save(`${id}-other`, [], [], 1))]) {
          const answer = await call(a, "POST", `/${encodeURIComponent(id)}`, body);
          expectThat(
            answer.status >= 400 && answer.status < 500,
            `a malformed save (${body.slice(0, 40)}) answered ${answer.status}, not 4xx`,
          );
        }
        expectThat((await call(a, "GET", `/${encodeURIComponent(id)}`)).status === 404, "a malformed save was stored");
        return undefined;
      },
    ],
    [
      "another user neither lists, loads, renames nor removes a user's thread",
      async () => {
        if (!b) return "no second user given (--user-b)";
        const id = thread(a, "private");
        await saved(a, id, save(id, ["q"], [message("q", "user", "secret")], 10));
        const list = await call(b, "GET", "");
        expectThat(list.status === 200, `the other user's list answered ${list.status}`);
        expectThat(!(list.json as { id: string }[]).some((t) => t.id === id), "the other user lists it");
        const load = await call(b, "GET", `/${encodeURIComponent(id)}`);
        expectThat(load.status === 404 || load.status === 403, `the other user's GET answered ${load.status}, not 404 or 403`);
        await call(b, "PATCH", `/${encodeURIComponent(id)}`, { title: "taken" });
        await call(b, "DELETE", `/${encodeURIComponent(id)}`);
        const still = await loaded(a, id);
        expectThat(still.title !== "taken", "the other user renamed it");
        return undefined;
      },
    ],
    [
      "a request that proves no user answers 401",
      async () => {
        if (!(target.refusesAnonymous ?? b !== undefined)) return "the target serves one set of threads to everyone";
        const answer = await call(undefined, "GET", "");
        expectThat(answer.status === 401, `answered ${answer.status}, not 401`);
        return undefined;
      },
    ],
  ];
  const results = await checkRules(rules);
  for (const [user, id] of made) await call(user, "DELETE", `/${encodeURIComponent(id)}`).catch(() => undefined);
  return results;
}
