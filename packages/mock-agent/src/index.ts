export { startMockAgent } from "./server.js";
export { scenarios } from "./scenarios/index.js";
export { newId, run, runFinished, runStarted, textMessage, toolCall, toolCallPieces, toolResult, tokens } from "./steps.js";
export { answered, approved, lastUserText, toolResults } from "./scenarios/read.js";
export type { MockAgent, MockAgentOptions, RecordedRequest, Reply, ScenarioName, Script, ScriptContext, Step } from "./types.js";
