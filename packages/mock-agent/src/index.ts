export { startMockAgent } from "./server";
export { scenarios } from "./scenarios";
export { newId, run, runFinished, runStarted, textMessage, toolCall, toolCallPieces, toolResult, tokens } from "./steps";
export { answered, approved, lastUserText, toolResults } from "./scenarios/read";
export type { MockAgent, MockAgentOptions, RecordedRequest, Reply, ScenarioName, Script, ScriptContext, Step } from "./types";
