import { randomUUID } from "node:crypto";
import { EventSourceParserStream } from "eventsource-parser/stream";
import { type Check, checkRules, expectThat, type RuleResult, runInput } from "./rules.js";

/** The agent server under test, and how a request proves each of two users. */
export interface ResumableRunsTarget {
  /** Where runs are POSTed: the agent's AG-UI endpoint. */
  url: string;
  /**
   * The join endpoint, a URL template with `{threadId}` and `{runId}` (e.g.
   * `https://api.example.com/resume/{threadId}/{runId}`); without it, the join rules are skipped.
   */
  join?: string;
  /** Where the agent's AG-UI capabilities are read (GET); without it, that rule is skipped. */
  capabilities?: string;
  /** Headers that make a request one user's (a session cookie, an `Authorization`). */
  userA: Record<string, string>;
  /** Another user's; without it, the rule about two users is skipped. */
  userB?: Record<string, string>;
  /** Whether a request with no user's headers must be refused (401 or 403); default true when `userB` is given. */
  refusesAnonymous?: boolean;
  /** Fields merged into every run's input, for an agent that needs them (default: one user message, nothing else). */
  input?: Record<string, unknown>;
  /** How long one request may take before its rule fails (default 30 s). */
  timeoutMs?: number;
}

/** One SSE event as it came: its `id:` and its data, and the AG-UI event type in the data. */
interface Received {
  id: string | undefined;
  data: string;
  type: string | undefined;
}

const RUN_ENDS = new Set(["RUN_FINISHED", "RUN_ERROR"]);
const typeOf = (data: string): string | undefined => {
  try {
    const event = JSON.parse(data) as { type?: unknown };
    return typeof event.type === "string" ? event.type : undefined;
  } catch {
    return undefined;
  }
};
const shown = (events: Received[]) => JSON.stringify(events.map((e) => e.id));
const same = (a: Received[], b: Received[]) =>
  a.length === b.length && a.every((event, i) => event.id === b[i]?.id && event.data === b[i]?.data);

/**
 * The resumption contract's rules (docs: "Resumable streams", "What a server must answer"),
 * checked against a live agent server with runs of random ids. Every rule is checked even when an
 * earlier one fails; rules that need the join endpoint, the capabilities or a second user are
 * skipped without them. The agent must answer a run of one user message with at least three events.
 */
export async function checkResumableRuns(target: ResumableRunsTarget): Promise<RuleResult[]> {
  const tag = randomUUID().slice(0, 8);
  const timeoutMs = target.timeoutMs ?? 30_000;
  const a = target.userA;
  const b = target.userB;
  const body = (threadId: string, runId: string) => JSON.stringify(runInput(threadId, runId, target.input));
  const joinUrl = (threadId: string, runId: string) =>
    target.join?.replace("{threadId}", encodeURIComponent(threadId)).replace("{runId}", encodeURIComponent(runId));

  /** A request's status and the SSE events it answered (at most `limit`, then the connection is dropped). */
  const request = async (
    url: string,
    init: { method: "GET" | "POST"; user?: Record<string, string>; body?: string; lastEventId?: string },
    limit = Number.POSITIVE_INFINITY,
  ): Promise<{ status: number; events: Received[] }> => {
    const dropped = new AbortController();
    const response = await fetch(url, {
      method: init.method,
      headers: {
        accept: "text/event-stream",
        ...(init.body !== undefined && { "content-type": "application/json" }),
        ...(init.lastEventId !== undefined && { "last-event-id": init.lastEventId }),
        ...init.user,
      },
      ...(init.body !== undefined && { body: init.body }),
      signal: AbortSignal.any([dropped.signal, AbortSignal.timeout(timeoutMs)]),
    });
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel();
      return { status: response.status, events: [] };
    }
    const events: Received[] = [];
    const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
    try {
      while (events.length < limit) {
        const { done, value } = await reader.read();
        if (done) break;
        events.push({ id: value.id, data: value.data, type: typeOf(value.data) });
      }
    } catch (error) {
      if ((error as Error).name === "TimeoutError") throw new Error(`${init.method} ${url} did not end within ${timeoutMs} ms`);
      throw error;
    } finally {
      dropped.abort();
    }
    return { status: 200, events };
  };
  const start = (threadId: string, runId: string, user = a, lastEventId?: string, limit?: number) =>
    request(target.url, { method: "POST", user, body: body(threadId, runId), ...(lastEventId !== undefined && { lastEventId }) }, limit);

  // One whole run, read once and compared against by several rules.
  const first = { threadId: `conformance-${tag}-thread`, runId: `conformance-${tag}-run` };
  let whole: Promise<Received[]> | undefined;
  const wholeRun = () => {
    whole ??= start(first.threadId, first.runId).then(({ status, events }) => {
      expectThat(status === 200, `starting a run answered ${status}, not 200`);
      expectThat(events.length >= 3, `the run had ${events.length} events; these rules need an agent that answers with at least 3`);
      return events;
    });
    return whole;
  };

  const rules: [string, Check][] = [
    [
      "each event of a run has an id, unique within the run, and the run ends with RUN_FINISHED or RUN_ERROR",
      async () => {
        const events = await wholeRun();
        const missing = events.findIndex((e) => !e.id);
        expectThat(missing === -1, `event ${missing + 1} (${events[missing]?.type}) has no id`);
        expectThat(new Set(events.map((e) => e.id)).size === events.length, `ids repeat: ${shown(events)}`);
        expectThat(RUN_ENDS.has(events.at(-1)?.type ?? ""), `the run ended with ${events.at(-1)?.type}, not RUN_FINISHED or RUN_ERROR`);
        return undefined;
      },
    ],
    [
      "a request repeated with Last-Event-ID answers the events after that one, and only those",
      async () => {
        const events = await wholeRun();
        const at = Math.floor(events.length / 2) - 1;
        const resumed = await start(first.threadId, first.runId, a, events[at]?.id ?? "");
        expectThat(resumed.status === 200, `answered ${resumed.status}, not 200`);
        const rest = events.slice(at + 1);
        expectThat(same(resumed.events, rest), `after id ${events[at]?.id} it answered ${shown(resumed.events)}, not ${shown(rest)}`);
        return undefined;
      },
    ],
    [
      "a request repeated without Last-Event-ID reads the same run from its first event, never a second run",
      async () => {
        const events = await wholeRun();
        const again = await start(first.threadId, first.runId);
        expectThat(again.status === 200, `answered ${again.status}, not 200`);
        expectThat(
          same(again.events, events),
          `it answered ${shown(again.events)}, not the run's ${shown(events)}: the turn ran again, and its tools would too`,
        );
        return undefined;
      },
    ],
    [
      "a connection dropped mid-run and resumed with Last-Event-ID gives the whole run, each event once",
      async () => {
        const threadId = `conformance-${tag}-dropped`;
        const runId = `conformance-${tag}-dropped-run`;
        const before = await start(threadId, runId, a, undefined, 2);
        expectThat(before.status === 200 && before.events.length === 2, `starting the run answered ${before.status}`);
        const after = await start(threadId, runId, a, before.events[1]?.id ?? "");
        expectThat(after.status === 200, `the resume answered ${after.status}, not 200`);
        const joined = [...before.events, ...after.events];
        const ids = joined.map((e) => e.id);
        expectThat(new Set(ids).size === ids.length, `an event came twice: ${shown(joined)}`);
        expectThat(RUN_ENDS.has(joined.at(-1)?.type ?? ""), `the resumed run ended with ${joined.at(-1)?.type}`);
        const read = await start(threadId, runId);
        expectThat(same(joined, read.events), `the pieces ${shown(joined)} are not the run ${shown(read.events)}`);
        return undefined;
      },
    ],
    [
      "a Last-Event-ID the server does not hold, for a run it holds or not, answers 4xx",
      async () => {
        await wholeRun();
        for (const [threadId, runId, id] of [
          [first.threadId, first.runId, `conformance-${tag}-no-such-event`],
          [`conformance-${tag}-no-thread`, `conformance-${tag}-no-run`, "1"],
        ] as const) {
          const answer = await start(threadId, runId, a, id);
          expectThat(answer.status >= 400 && answer.status < 500, `a resume of ${runId} after ${id} answered ${answer.status}, not 4xx`);
        }
        return undefined;
      },
    ],
    [
      "a run is found only through its own thread",
      async () => {
        const events = await wholeRun();
        const elsewhere = `conformance-${tag}-elsewhere`;
        const resumed = await start(elsewhere, first.runId, a, events[0]?.id ?? "");
        expectThat(resumed.status >= 400 && resumed.status < 500, `a resume naming another thread answered ${resumed.status}, not 4xx`);
        const url = joinUrl(elsewhere, first.runId);
        if (url !== undefined) {
          const joined = await request(url, { method: "GET", user: a });
          expectThat(joined.status >= 400 && joined.status < 500, `a join naming another thread answered ${joined.status}, not 4xx`);
        }
        return undefined;
      },
    ],
    [
      "the join endpoint reads a run from its first event, or after Last-Event-ID, and never starts one",
      async () => {
        if (target.join === undefined) return "no join endpoint given (--join)";
        const events = await wholeRun();
        const url = joinUrl(first.threadId, first.runId)!;
        const joined = await request(url, { method: "GET", user: a });
        expectThat(joined.status === 200 && same(joined.events, events), `it answered ${joined.status} ${shown(joined.events)}`);
        const after = await request(url, { method: "GET", user: a, lastEventId: events[0]?.id ?? "" });
        expectThat(same(after.events, events.slice(1)), `after id ${events[0]?.id} it answered ${shown(after.events)}`);
        const none = await request(joinUrl(`conformance-${tag}-unstarted`, `conformance-${tag}-unstarted-run`)!, {
          method: "GET",
          user: a,
        });
        // 404, or 403 from a server whose authorize asks who owns the thread first.
        expectThat(none.status === 404 || none.status === 403, `a join of a run never started answered ${none.status}, not 404`);
        return undefined;
      },
    ],
    [
      "another user can neither resume nor join a user's run",
      async () => {
        if (!b) return "no second user given (--user-b)";
        const events = await wholeRun();
        const tries: [string, Promise<{ status: number; events: Received[] }>][] = [
          ["a resume", start(first.threadId, first.runId, b, events[0]?.id ?? "")],
          ["a repeated start", start(first.threadId, first.runId, b)],
        ];
        const url = joinUrl(first.threadId, first.runId);
        if (url !== undefined) tries.push(["a join", request(url, { method: "GET", user: b })]);
        for (const [what, answer] of tries) {
          const { status, events: got } = await answer;
          expectThat(status === 403 || status === 404, `${what} by the other user answered ${status} with ${got.length} events, not 403`);
        }
        return undefined;
      },
    ],
    [
      "a request that proves no user is refused (401 or 403)",
      async () => {
        if (!(target.refusesAnonymous ?? b !== undefined)) return "the target serves runs to everyone";
        const answer = await start(`conformance-${tag}-anonymous`, `conformance-${tag}-anonymous-run`, {});
        expectThat(answer.status === 401 || answer.status === 403, `answered ${answer.status}, not 401 or 403`);
        return undefined;
      },
    ],
    [
      "a body that is not a run's input answers 4xx",
      async () => {
        for (const text of ["{", "[]", "{}", JSON.stringify({ threadId: 1, runId: [] })]) {
          const answer = await request(target.url, { method: "POST", user: a, body: text });
          expectThat(answer.status >= 400 && answer.status < 500, `a body of ${text} answered ${answer.status}, not 4xx`);
        }
        return undefined;
      },
    ],
    [
      "the capabilities say transport.resumable is true",
      async () => {
        if (target.capabilities === undefined) return "no capabilities URL given (--capabilities)";
        const response = await fetch(target.capabilities, { headers: { ...a }, signal: AbortSignal.timeout(timeoutMs) });
        expectThat(response.status === 200, `GET answered ${response.status}, not 200`);
        const capabilities = (await response.json().catch(() => undefined)) as { transport?: { resumable?: unknown } } | undefined;
        expectThat(capabilities?.transport?.resumable === true, `transport.resumable is ${capabilities?.transport?.resumable}`);
        return undefined;
      },
    ],
  ];
  return checkRules(rules);
}
