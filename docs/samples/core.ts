import type { ThreadState } from "@tandem/core";

declare const url: string;
declare const threadId: string;
declare function render(state: ThreadState): void;

// #region sample
import { AgentClient } from "@tandem/core";

const client = new AgentClient({ url, threadId });
client.store.subscribe((state) => render(state));
client.registerTool({ name: "now", handler: () => new Date().toISOString() });
await client.sendMessage("What time is it?");
// #endregion sample
