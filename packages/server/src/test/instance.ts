import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** What an instance's agent says in every run, word by word (`w0 ` to `w39 `): one event a word. */
export const replyWords: readonly string[] = Array.from({ length: 40 }, (_, i) => `w${i} `);

/** How `startInstance` sets up a server instance process (redisInstance.ts). */
export interface InstanceOptions {
  /** The Redis URL its event log uses: instances over one Redis serve each other's runs. */
  redis: string;
  /** Its name, sent in the `x-instance` header of every answer. */
  name: string;
  /** A SQLite file for a thread store at /threads (instances given one file share it); none without. */
  threads?: string;
  /** The one origin whose pages may call it (CORS, credentials allowed); none without. */
  origin?: string;
  /** The wait between two events of a run, in ms (default 25). */
  paceMs?: number;
}

/** What a test tells an instance over IPC. */
export type ToInstance = { type: "hold"; afterEvents: number } | { type: "release" };

/** A run held where a test asked (see `Instance.hold`). */
export interface Hold {
  /** Resolves to the run's id once a run of this instance has produced the events and waits. */
  reached: Promise<string>;
  /** Lets the run go on (or disarms the hold when no run reached it). */
  release(): void;
}

/** A running server instance process. */
export interface Instance {
  name: string;
  port: number;
  /** Its base URL, `http://127.0.0.1:<port>`. */
  url: string;
  child: ChildProcess;
  /**
   * Holds the next run this instance produces right after its `afterEvents`-th event (they are
   * in the log by then) until `release()`, so a test sees a run going on for as long as it needs
   * to, whatever the machine's speed. Resolves once the hold is armed.
   */
  hold(afterEvents: number): Promise<Hold>;
  /** Stops it (SIGTERM: its runs end, its log and store close) and waits for it to exit. */
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL("../../../../", import.meta.url));

/** Starts a server instance process (redisInstance.ts, from the sources); resolves once it listens. */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const child = spawn(
    process.execPath,
    [
      "--conditions=tandem-source",
      "--import",
      "tsx",
      path.join(root, "packages/server/src/test/redisInstance.ts"),
      JSON.stringify(options),
    ],
    { cwd: root, stdio: ["ignore", "inherit", "inherit", "ipc"] },
  );
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const heard = (message: Record<string, unknown>) => {
        if (message.type !== type) return;
        child.off("message", heard);
        child.off("exit", exited);
        resolve(message);
      };
      const exited = (code: number | null) => reject(new Error(`instance ${options.name} exited (${code}) before saying "${type}"`));
      child.on("message", heard);
      child.once("exit", exited);
    });
  const { port } = (await next("listening")) as { port: number };
  return {
    name: options.name,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    async hold(afterEvents) {
      const armed = next("armed");
      child.send({ type: "hold", afterEvents } satisfies ToInstance);
      await armed;
      const reached = next("reached").then((message) => message.runId as string);
      // A hold released unreached never settles `reached`; nothing need wait on it.
      reached.catch(() => {});
      return { reached, release: () => void (child.connected && child.send({ type: "release" } satisfies ToInstance)) };
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
