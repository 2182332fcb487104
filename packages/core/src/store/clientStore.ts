import { reduceWith } from "../reducer/reduceEvents.js";
import { loadedReducerParts } from "../transport/index.js";
import type { ThreadState } from "../types.js";
import { storeWith, type ThreadStore } from "./createThreadStore.js";
import type { Schedule } from "./frame.js";

export type { ThreadStore } from "./createThreadStore.js";

/**
 * An `AgentClient`'s store. It applies JSON Patches (`STATE_DELTA`, `ACTIVITY_DELTA`) with the
 * code that loads with the validation pipeline: every event of a run goes through the pipeline
 * before it reaches the store, so that code is there by then, and an app's first load carries
 * none of it.
 */
export function createClientStore(initial: ThreadState, schedule?: Schedule): ThreadStore {
  return storeWith((state, events) => reduceWith(loadedReducerParts(), state, events), initial, schedule);
}
