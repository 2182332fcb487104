import type { BaseEvent } from "@ag-ui/core";
import { createClient, type RedisClientType } from "redis";
import { type EventLog, isRunEnd, type LoggedEvent } from "../eventLog.js";

/** A connection of its own, for one blocking read. */
export interface RedisConnection extends RedisCommands {
  /** Connects it. */
  connect(): Promise<unknown>;
  /** Closes it at once (what interrupts a blocked XREAD). */
  destroy(): void;
}

/** A node-redis client, as far as the log uses it: raw commands, and a duplicate for each blocking read. */
export interface RedisCommands {
  /** Sends one command; resolves to its reply. */
  sendCommand(args: string[]): Promise<unknown>;
  /** A new client like this one, not yet connected. */
  duplicate(): RedisConnection;
  /** Whether it is connected. */
  readonly isOpen: boolean;
  /** Connects it. */
  connect(): Promise<unknown>;
}

/** Options for `redisEventLog`. */
export interface RedisEventLogOptions {
  /** Where Redis is (default `redis://127.0.0.1:6379`); the log makes and closes its own clients. */
  url?: string;
  /** A node-redis client of your own (`createClient()`), instead of `url`; the log connects it if it is not. */
  client?: RedisCommands;
  /** What each run's stream key starts with (default `tandem:run:`); the rest is `runKey(threadId, runId)`. */
  prefix?: string;
  /** How long a run's stream is kept after its end (default 5 minutes). */
  ttlMs?: number;
  /**
   * How long a run's stream is kept after its last event while it is produced (default 15
   * minutes): a stream whose producer died (a crashed instance) goes away too.
   */
  liveTtlMs?: number;
  /** The most entries one stream keeps (XADD MAXLEN, default 10,002: `maxEvents`, its RUN_ERROR and the end mark). */
  maxLen?: number;
  /** How long one XREAD BLOCK waits before the reader checks the stream still exists (default 5 s). */
  blockMs?: number;
}

/** A Redis Streams log, with a way to let go of its connections. */
export interface RedisEventLog extends EventLog {
  /** Closes the clients the log made (not one passed as `client`). */
  close(): Promise<void>;
}

const STREAM_ID = /^\d{1,20}-\d{1,20}$/;

type Entry = [id: string, fields: string[]];

/** The entries of an XREAD reply for one stream, RESP2 (arrays) or RESP3 (a map). */
function entriesOf(reply: unknown): Entry[] {
  if (reply === null || reply === undefined) return [];
  const streams =
    reply instanceof Map
      ? [...reply.values()]
      : Array.isArray(reply)
        ? reply.map((s) => (s as [string, Entry[]])[1])
        : Object.values(reply);
  return (streams[0] as Entry[] | undefined) ?? [];
}

/** A field's value in an entry's flat field list. */
const field = (fields: string[], name: string) => {
  const at = fields.indexOf(name);
  return at >= 0 && at % 2 === 0 ? fields[at + 1] : undefined;
};

/**
 * An `EventLog` in Redis Streams, shared by every server instance: one stream per run
 * (`XADD <prefix><runKey> MAXLEN <maxLen> * event <json>`, whose entry ids are the SSE ids), read
 * with `XREAD BLOCK` on a connection of the reader's own, ended by the run's RUN_FINISHED or
 * RUN_ERROR or an `end` mark, and expired (`PEXPIRE`) `ttlMs` after the end.
 */
export function redisEventLog(options: RedisEventLogOptions = {}): RedisEventLog {
  const {
    url = "redis://127.0.0.1:6379",
    prefix = "tandem:run:",
    ttlMs = 5 * 60_000,
    liveTtlMs = 15 * 60_000,
    maxLen = 10_002,
    blockMs = 5_000,
  } = options;
  const own = options.client === undefined;
  const client: RedisCommands = options.client ?? (createClient({ url, RESP: 2 }) as unknown as RedisCommands);
  /** One connect at a time, however many commands wait for it. */
  let connecting: Promise<unknown> | null = null;
  const ready = async () => {
    if (!client.isOpen) {
      if (!connecting) {
        connecting = client.connect().finally(() => {
          connecting = null;
        });
      }
      await connecting;
    }
    return client;
  };
  const send = async (args: string[]) => (await ready()).sendCommand(args);
  const keyOf = (run: string) => `${prefix}${run}`;
  const xadd = (key: string, fields: string[]) => send(["XADD", key, "MAXLEN", String(maxLen), "*", ...fields]) as Promise<string>;
  const readers = new Set<{ destroy(): void }>();

  return {
    async append(run, event: BaseEvent) {
      const key = keyOf(run);
      // Sent together (node-redis pipelines commands of one tick).
      const [id] = await Promise.all([
        xadd(key, ["event", JSON.stringify(event)]),
        send(["PEXPIRE", key, String(isRunEnd(event) ? ttlMs : liveTtlMs)]),
      ]);
      return id;
    },
    async has(run, eventId) {
      const key = keyOf(run);
      if (eventId === undefined) return Number(await send(["EXISTS", key])) > 0;
      if (!STREAM_ID.test(eventId)) return false;
      const found = (await send(["XRANGE", key, eventId, eventId, "COUNT", "1"])) as unknown[];
      return found.length > 0;
    },
    async *read(run, afterId, signal): AsyncGenerator<LoggedEvent> {
      const key = keyOf(run);
      if (afterId !== null && !STREAM_ID.test(afterId)) return;
      const base = await ready();
      const reader = base.duplicate();
      readers.add(reader);
      const stop = () => reader.destroy();
      signal.addEventListener("abort", stop, { once: true });
      let last = afterId ?? "0-0";
      try {
        await reader.connect();
        while (!signal.aborted) {
          const reply = await reader.sendCommand(["XREAD", "COUNT", "100", "BLOCK", String(blockMs), "STREAMS", key, last]);
          const entries = entriesOf(reply);
          // Nothing within blockMs: go on waiting while the stream exists (it expires when its producer died).
          if (entries.length === 0 && Number(await send(["EXISTS", key])) === 0) return;
          for (const [id, fields] of entries) {
            last = id;
            const json = field(fields, "event");
            if (json === undefined) return;
            const event = JSON.parse(json) as BaseEvent;
            yield { id, event };
            if (isRunEnd(event)) return;
          }
        }
      } catch (error) {
        if (!signal.aborted) throw error;
      } finally {
        signal.removeEventListener("abort", stop);
        readers.delete(reader);
        reader.destroy();
      }
    },
    async end(run) {
      const key = keyOf(run);
      await Promise.all([xadd(key, ["end", "1"]), send(["PEXPIRE", key, String(ttlMs)])]);
    },
    async markRead(run, forMs) {
      // `#` never appears in a run key (its parts are URI-encoded): the mark cannot be another run's stream.
      await send(["SET", `${keyOf(run)}#read`, "1", "PX", String(Math.max(1, Math.round(forMs)))]);
    },
    async isRead(run) {
      return Number(await send(["EXISTS", `${keyOf(run)}#read`])) > 0;
    },
    async close() {
      for (const reader of readers) reader.destroy();
      readers.clear();
      if (own && client.isOpen) await (client as unknown as RedisClientType).close();
    },
  };
}
