// #region sample
import { AgentClient, recordThread } from "@tandem/core";

const client = new AgentClient({ url: "https://your-agent.example.com/run" });
const recorder = recordThread(client, { redact: (input) => ({ ...input, forwardedProps: {} }) });
await client.sendMessage("make the background teal");
const json = JSON.stringify(recorder.recording()); // what Export recording downloads

// #endregion sample
export { json };
