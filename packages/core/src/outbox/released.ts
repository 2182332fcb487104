import type { OutboxItem } from "../types.js";

/** The item, queued again if a Stop or an error held it (what Retry and sending again do). */
export const released = (item: OutboxItem): OutboxItem => (item.state === "held" ? { ...item, state: "queued" } : item);
