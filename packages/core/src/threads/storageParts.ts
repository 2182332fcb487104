// What a ThreadRuntime needs only when it keeps threads in a storage: loaded with the first
// storage call, so an app that gives no storage does not ship it.
export { describeStorageError, persistThread } from "../storage/persistThread.js";
export { checkStoredThread } from "./checkStoredThread.js";
export { claimAcrossTabs } from "./outboxClaim.js";
export { sameThread } from "./sameThread.js";
