export { startMockAgent } from "./server";
export { scenarios } from "./scenarios";
export { newId, run, textMessage, toolCall, toolResult, tokens } from "./steps";
export type { MockAgent, MockAgentOptions, RecordedRequest, Reply, ScenarioName, Script, ScriptContext, Step } from "./types";
