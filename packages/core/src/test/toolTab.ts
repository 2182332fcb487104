import { AgentClient } from "../run/agentClient.js";
import type { ThreadStorage } from "../storage/types.js";
import type { RunLocks } from "../threads/runOwner.js";
import { ThreadRuntime } from "../threads/threadRuntime.js";
import { sync } from "./scripts.js";

/** Where a `toolTab` runs: its agent, the storage it shares with other tabs or devices, and its Web Locks. */
export interface ToolTabOptions {
  url: string;
  storage: ThreadStorage;
  locks: RunLocks | undefined;
  threadId?: string;
  /** This tab's device id (`ThreadRuntimeOptions.device`); absent: the runtime's default. */
  device?: string;
  /** The join URL template the client reads runs on with (`AgUiOptions.resume`). */
  resume?: string;
}

/**
 * A tab (or a device's tab): a connected runtime on `threadId` (default t1) whose client offers
 * change_background, counting the handler's runs in `ran`. `kept()`: its thread is kept (read,
 * restored, its persistence on), as it is long before a user types. The runtime goes into
 * `runtimes`, for the test to dispose.
 */
export function toolTab(runtimes: ThreadRuntime[], { url, storage, locks, threadId = "t1", device, resume }: ToolTabOptions) {
  const ran: string[] = [];
  const r = new ThreadRuntime({
    storage,
    threadId,
    remember: { get: () => null, set: () => {} },
    locks,
    ...(device !== undefined && { device }),
    persist: { debounceMs: 10 },
    createClient: (threadId) => {
      const client = new AgentClient({ url, threadId, schedule: sync, ...(resume !== undefined && { resume }) });
      client.registerTool({
        name: "change_background",
        description: "Change the background.",
        parameters: { type: "object", properties: { background: { type: "string" } } },
        handler: ({ background }: { background?: string }) => {
          ran.push(String(background));
          return { status: "changed" };
        },
      });
      return client;
    },
  });
  runtimes.push(r);
  r.connect();
  const kept = () => (r as unknown as { session: { persistence: unknown } | null }).session?.persistence != null;
  return { r, ran, kept };
}
