import type { IncomingMessage, ServerResponse } from "node:http";
import type { ThreadChange } from "@tandem/core";
import { fetchListener, readFetchJson } from "../http/fetch.js";
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

/** Options for `threadsHandler` (`R`: Node's `IncomingMessage`) and `threadsFetchHandler` (`R`: a Fetch `Request`). */
export interface ThreadsHandlerOptions<R = IncomingMessage> {
  /** Where the threads are kept: `memoryThreadStore()`, `sqliteThreadStore(…)`, `postgresThreadStore(…)`. */
  store: ThreadStore;
  /** Whose threads a request may use (see `AuthorizeThreads`). Required: `() => "everyone"` shares one set, knowingly. */
  authorize: AuthorizeThreads<R>;
  /**
   * The path the contract is served under (default `/threads`); `""` where a router has already
   * taken it off (Express's `app.use("/threads", …)`). A Fetch request's URL is whole: give the
   * route's path (`/api/threads` for Next.js's `app/api/threads/[[...id]]/route.ts`).
   */
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
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** A thread request, whichever server it came through. */
interface ThreadsCall<R> {
  request: R;
  method: string;
  url: URL;
  /** The body parsed as JSON (up to `maxBodyBytes`); read only once `authorize` has allowed the request. */
  json(): Promise<unknown>;
}

/** What a thread request answers when it does not fail: JSON, or 204. */
type ThreadsAnswer = { status: 200; body: unknown } | { status: 204 };

/** The contract, apart from any server: answers a call, or throws a `Refusal` (or the store's error). */
function threadsContract<R>(options: ThreadsHandlerOptions<R>): (call: ThreadsCall<R>) => Promise<ThreadsAnswer> {
  const { store, authorize, basePath = "/threads", maxList = 500, maxDepth = 100 } = options;
  const prefix = basePath.replace(/\/+$/, "");
  const owner = async (request: R, access: ThreadAccess): Promise<string> => {
    let who: string | undefined;
    try {
      who = await authorize(request, access);
    } catch {
      who = undefined;
    }
    if (typeof who !== "string" || who === "") throw new Refusal(401, "Sign in to use threads");
    return who;
  };
  return async ({ request, method, url, json }) => {
    const rest = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : null;
    const match = rest === null ? null : /^(?:\/([^/]+))?\/?$/.exec(rest);
    if (!match) throw new Refusal(404, `Not a path of the thread store: ${prefix || "/"}, or ${prefix}/:id`);
    if (match[1] === undefined) {
      if (method !== "GET") throw new Refusal(405, `${method} ${prefix || "/"} is not served: GET lists the threads`, { allow: "GET" });
      const asked = Number(url.searchParams.get("limit") ?? maxList);
      const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, maxList) : maxList;
      return { status: 200, body: await store.list(await owner(request, { kind: "list" }), limit) };
    }
    const threadId = decodeSegment(match[1]);
    if (threadId.length > MAX_ID_LENGTH) throw new Refusal(400, `A thread id is at most ${MAX_ID_LENGTH} characters`);
    switch (method) {
      case "GET": {
        const thread = await store.load(await owner(request, { kind: "load", threadId }), threadId);
        if (!thread) throw new Refusal(404, `No thread "${threadId}"`);
        return { status: 200, body: thread };
      }
      case "POST": {
        const who = await owner(request, { kind: "save", threadId });
        const body = await json();
        if (depthOf(body, maxDepth) > maxDepth) throw new Refusal(400, `A save nests deeper than ${maxDepth} levels`);
        const parsed = threadChangeSchema.safeParse(body);
        if (!parsed.success) throw new Refusal(400, `Not a save: ${firstIssue(parsed.error)}`);
        if (parsed.data.thread.id !== threadId)
          throw new Refusal(400, `The save is of thread "${parsed.data.thread.id}", not "${threadId}"`);
        // Checked, and kept as it came: fields the schema does not name (a message's content) are the thread's.
        await store.save(who, body as ThreadChange);
        return { status: 204 };
      }
      case "PATCH": {
        const who = await owner(request, { kind: "rename", threadId });
        const parsed = renameSchema.safeParse(await json());
        if (!parsed.success) throw new Refusal(400, `Not a rename: ${firstIssue(parsed.error)}`);
        if (!(await store.rename(who, threadId, parsed.data.title))) throw new Refusal(404, `No thread "${threadId}"`);
        return { status: 204 };
      }
      case "DELETE":
        await store.remove(await owner(request, { kind: "remove", threadId }), threadId);
        return { status: 204 };
      default:
        throw new Refusal(405, `${method} ${prefix}/:id is not served`, { allow: ALLOW_ONE });
    }
  };
}

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
 * as it is; `threadsFetchHandler` is the same contract for Fetch-style servers.
 */
export function threadsHandler(options: ThreadsHandlerOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { maxBodyBytes = MAX_BODY_BYTES, headers = {}, onError: report = console.error } = options;
  const answer = threadsContract(options);
  return listener(headers, report, async (req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    const answered = await answer({ request: req, method: req.method ?? "GET", url, json: () => readJson(req, maxBodyBytes) });
    if (answered.status === 204) answerEmpty(res);
    else answerJson(res, 200, answered.body);
  });
}

/**
 * `threadsHandler` for Fetch-style servers (Hono, Next.js route handlers, anything that hands over
 * a `Request` and sends back a `Response`): the same contract, answers and `authorize` hook,
 * which reads the Fetch `Request`. The handler never rejects. `basePath` is matched against the
 * request URL's whole path.
 *
 * @example
 * // app/api/threads/[[...id]]/route.ts
 * const threads = threadsFetchHandler({ store, basePath: "/api/threads", authorize: (request) => userOf(request.headers.get("cookie")) });
 * export { threads as GET, threads as POST, threads as PATCH, threads as DELETE };
 */
export function threadsFetchHandler(options: ThreadsHandlerOptions<Request>): (request: Request) => Promise<Response> {
  const { maxBodyBytes = MAX_BODY_BYTES, headers = {}, onError: report = console.error } = options;
  const answer = threadsContract(options);
  return fetchListener(headers, report, async (request) => {
    const answered = await answer({
      request,
      method: request.method,
      url: new URL(request.url),
      json: () => readFetchJson(request, maxBodyBytes),
    });
    return answered.status === 204 ? new Response(null, { status: 204 }) : Response.json(answered.body);
  });
}
