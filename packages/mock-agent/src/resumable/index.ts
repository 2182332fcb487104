/**
 * The old home of Tandem's resumable-stream helpers, kept for one release: they moved to
 * `@tandem/server`, which adds an `authorize` hook, caps and a Redis Streams log. Import them from
 * there; this subpath re-exports them, and its `resumableRuns` allows every request as before.
 *
 * @deprecated Import from `@tandem/server` instead.
 * @module @tandem/mock-agent/resumable
 */
import { type ResumableRuns, type ResumableRunsOptions, resumableRuns as serverRuns } from "@tandem/server";
import type { NodeRequest } from "./nodeHttp.js";

export {
  /** @deprecated Import from `@tandem/server`. */
  type EventLog,
  /** @deprecated Import from `@tandem/server`. */
  type EventSource,
  /** @deprecated Import from `@tandem/server`. */
  type EventSubscribable,
  /** @deprecated Import from `@tandem/server`. */
  type LoggedEvent,
  /** @deprecated Import from `@tandem/server`. */
  type MemoryEventLogOptions,
  /** @deprecated Import from `@tandem/server`. */
  memoryEventLog,
  /** @deprecated Import from `@tandem/server`. */
  type NodeRequest,
  /** @deprecated Import from `@tandem/server`. */
  type NodeResponse,
  /** @deprecated Import from `@tandem/server`. */
  type ResumableRequest,
  /** @deprecated Import from `@tandem/server`. */
  type ResumableRuns,
  /** @deprecated Import from `@tandem/server`. */
  type RunnableAgent,
  /** @deprecated Import from `@tandem/server`. */
  sseFrame,
  /** @deprecated Import from `@tandem/server`. */
  type Unsubscribable,
} from "@tandem/server";

/**
 * `@tandem/server`'s `resumableRuns`, with every request allowed unless `authorize` says otherwise
 * (as this helper behaved before it moved).
 *
 * @deprecated Import `resumableRuns` from `@tandem/server` and pass an `authorize` hook: without
 * one, anyone who names a thread and run can read it.
 */
export function resumableRuns(options: Partial<ResumableRunsOptions<NodeRequest>> = {}): ResumableRuns<NodeRequest> {
  return serverRuns({ authorize: () => true, ...options });
}

/** @deprecated Import `ResumableRunsOptions` from `@tandem/server` (where `authorize` is required). */
export type { ResumableRunsOptions };
