import type { ThreadStore } from "../store/createThreadStore.js";
import type { Transport } from "../transport/index.js";
import { isAbort, toAgentError } from "./errors.js";
import type { RunLoop } from "./runLoop.js";

/** What the server keeps for the thread: its history (the agent runtime), put before what is here. */
export async function loadHistory(store: ThreadStore, transport: Promise<Transport>, loop: RunLoop, signal: AbortSignal): Promise<void> {
  try {
    const loaded = await transport;
    if (!loaded.loadHistory) return;
    const history = await loaded.loadHistory(store.getState().threadId, signal);
    if (signal.aborted) return;
    store.update((s) => {
      const ids = new Set(history.map((m) => m.id));
      return { ...s, messages: [...history, ...s.messages.filter((m) => !ids.has(m.id))] };
    });
    loop.resumePendingToolCalls();
  } catch (error) {
    if (signal.aborted || isAbort(error)) return;
    loop.fail(toAgentError(error));
  }
}

/** What the agent advertises, where the transport can read it; a failure leaves it unknown. */
export async function loadCapabilities(store: ThreadStore, transport: Promise<Transport>, signal: AbortSignal): Promise<void> {
  try {
    const loaded = await transport;
    if (!loaded.getCapabilities) return;
    const capabilities = await loaded.getCapabilities(signal);
    if (!signal.aborted) store.update((s) => ({ ...s, capabilities }));
  } catch (error) {
    if (!signal.aborted && !isAbort(error)) console.warn(`[tandem] could not read the agent's capabilities: ${(error as Error).message}`);
  }
}
