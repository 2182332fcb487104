import { v4 as randomUUID } from "uuid";

/** Where a browser keeps its device id (`deviceId`). */
const KEY = "tandem:device";

/**
 * This browser's id, kept in localStorage: the same in every tab and across reloads (where Web
 * Locks say which tab owns a run), another in another browser or device. It goes into a run's
 * resume point (`ResumePoint.device`), so another device that opens the thread follows the run
 * rather than running it. Undefined where localStorage cannot keep one (private modes that refuse
 * it, a server): a run saved then carries no device and is taken as this device's, as before.
 */
export function deviceId(storage: Pick<Storage, "getItem" | "setItem"> | undefined = globalThis.localStorage): string | undefined {
  try {
    if (!storage) return undefined;
    const kept = storage.getItem(KEY);
    if (kept) return kept;
    const id = randomUUID();
    storage.setItem(KEY, id);
    // Read back: an id that is not kept would make each reload another device.
    return storage.getItem(KEY) === id ? id : undefined;
  } catch {
    return undefined;
  }
}
