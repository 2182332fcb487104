import type { IncomingMessage, ServerResponse } from "node:http";
import type { ThreadChange } from "@tandem/core";
import { answerEmpty, answerJson, decodeSegment, listener, Refusal, readJson } from "../http/requests.js";
import { depthOf, firstIssue, MAX_ID_LENGTH, renameSchema, threadChangeSchema } from "./changeSchema.js";
import type { ThreadStore } from "./threadStore.js";

/** What a thread request wants: `list` the threads, `load`, `save`, `rename` or `remove` one. */
export type ThreadAccessKind = "list" | "load" | "save" | "rename" | "remove";

/** What `authorize` is asked about a thread request. */
export interface ThreadAccess {
  kind: ThreadAccessKind;
  /** The thread the request names (every kind but `list`). */
  threadId?: string;
}

/**
 * Whose threads a request may use: the owner's id (the signed-in user, an account), or
 * undefined (or a throw) to answer 401. Every request goes through it before the store is
 * touched; tie it to what the request proves, e.g. a session cookie. A thread belongs to the
 * owner that saved it: no other owner can list, load, save, rename or remove it.
 */
export type AuthorizeThreads<R = IncomingMessage> = (request: R, access: ThreadAccess) => string | undefined | Promise<string | undefined>;

/** Options for `threadsHandler`. */
export interface ThreadsHandlerOptions {
  /** Where the threads are kept: `memoryThreadStore()`, `sqliteThreadStore(…)`, `postgresThreadStore(…)`. */
  store: ThreadStore;
  /** Whose threads a request may use (see `AuthorizeThreads`). Required: `() => "everyone"` shares one set, knowingly. */
  authorize: AuthorizeThreads;
  /** The path the contract is served under (default `/threads`); `""` where a router has already taken it off (Express's `app.use("/threads", …)`). */
  basePath?: string;
  /** The largest request body it reads (default 4 MiB); a larger save is answered 413. */
  maxBodyBytes?: number;
  /** How many threads a list answers at most (default 500; `?limit=` asks for fewer). */
  maxList?: number;
  /** How deep a save's JSON may nest (default 100); a deeper one is answered 400, before anything is merged. */
  maxDepth?: number;
  /** Headers added to every response (e.g. CORS headers). */
  headers?: Record<string, string>;
  /** Called with an error the handler answered 500 (default `console.error`). */
  onError?: (error: unknown) => void;
}

const ALLOW_ONE = "GET, POST, PATCH, DELETE";

/**
 * A `node:http` request listener for the thread-store REST contract, which `restStorage` in
 * `@tandem/core` speaks:
 *
 *     GET    /threads         → 200 [{ id, title, createdAt, updatedAt }], most recent first (`?limit=`)
 *     GET    /threads/:id     → 200 the thread with its messages in order, or 404
 *     POST   /threads/:id     ← a save (`ThreadChange`), merged into what is stored → 204
 *     PATCH  /threads/:id     ← { title } → 204, or 404
 *     DELETE /threads/:id     → 204; the thread is gone for good (later saves are ignored)
 *
 * Every request goes through `authorize`, which says whose threads it may use (401 otherwise).
 * Malformed requests get a 4xx with `{ error }` (400 for a body that is not a save, 404 for a
 * path outside the contract, 405 for another method, 413 for a body over `maxBodyBytes`), never
 * a crash: the listener never rejects. Express and other servers built on `node:http` mount it
 * as it is.
 */
export function threadsHandler(options: ThreadsHandlerOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const {
    store,
    authorize,
    basePath = "/threads",
    maxBodyBytes = 4 * 1024 * 1024,
    maxList = 500,
    maxDepth = 100,
    headers = {},
    onError: report = console.error,
  } = options;
  const prefix = basePath.replace(/\/+$/, "");
  const owner = async (req: IncomingMessage, access: ThreadAccess): Promise<string> => {
    let who: string | undefined;
    try {
      who = await authorize(req, access);
    } catch {
      who = undefined;
    }
    if (typeof who !== "string" || who === "") throw new Refusal(401, "Sign in to use threads");
    return who;
  };
  return listener(headers, report, async (req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    const rest = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : null;
    const match = rest === null ? null : /^(?:\/([^/]+))?\/?$/.exec(rest);
    if (!match) throw new Refusal(404, `Not a path of the thread store: ${prefix || "/"}, or ${prefix}/:id`);
    if (match[1] === undefined) {
      if (req.method !== "GET")
        throw new Refusal(405, `${req.method} ${prefix || "/"} is not served: GET lists the threads`, { allow: "GET" });
      const asked = Number(url.searchParams.get("limit") ?? maxList);
      const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, maxList) : maxList;
      return answerJson(res, 200, await store.list(await owner(req, { kind: "list" }), limit));
    }
    const threadId = decodeSegment(match[1]);
    if (threadId.length > MAX_ID_LENGTH) throw new Refusal(400, `A thread id is at most ${MAX_ID_LENGTH} characters`);
    switch (req.method) {
      case "GET": {
        const thread = await store.load(await owner(req, { kind: "load", threadId }), threadId);
        if (!thread) throw new Refusal(404, `No thread "${threadId}"`);
        return answerJson(res, 200, thread);
      }
      case "POST": {
        const who = await owner(req, { kind: "save", threadId });
        const body = await readJson(req, maxBodyBytes);
        if (depthOf(body, maxDepth) > maxDepth) throw new Refusal(400, `A save nests deeper than ${maxDepth} levels`);
        const parsed = threadChangeSchema.safeParse(body);
        if (!parsed.success) throw new Refusal(400, `Not a save: ${firstIssue(parsed.error)}`);
        if (parsed.data.thread.id !== threadId)
          throw new Refusal(400, `The save is of thread "${parsed.data.thread.id}", not "${threadId}"`);
        // Checked, and kept as it came: fields the schema does not name (a message's content) are the thread's.
        await store.save(who, body as ThreadChange);
        return answerEmpty(res);
      }
      case "PATCH": {
        const who = await owner(req, { kind: "rename", threadId });
        const parsed = renameSchema.safeParse(await readJson(req, maxBodyBytes));
        if (!parsed.success) throw new Refusal(400, `Not a rename: ${firstIssue(parsed.error)}`);
        if (!(await store.rename(who, threadId, parsed.data.title))) throw new Refusal(404, `No thread "${threadId}"`);
        return answerEmpty(res);
      }
      case "DELETE":
        await store.remove(await owner(req, { kind: "remove", threadId }), threadId);
        return answerEmpty(res);
      default:
        throw new Refusal(405, `${req.method} ${prefix}/:id is not served`, { allow: ALLOW_ONE });
    }
  });
}
