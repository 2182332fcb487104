/**
 * A scripted AG-UI agent server for tests and demos: startMockAgent, the Dojo scenarios, the event builders and replay of recordings.
 *
 * @module @tandem/mock-agent
 */
export { pngImage } from "./png.js";
export { checkRecording, type RecordedRun, type Recording, requestDifference } from "./replay.js";
export { a2uiActionOf, a2uiSurfaces } from "./scenarios/a2ui.js";
export { describeAttachment, describeAttachments, receivedAttachments } from "./scenarios/attachments.js";
export { capabilitiesOf } from "./scenarios/capabilities.js";
export { scenarios } from "./scenarios/index.js";
export { answered, approved, lastUserText, toolResults } from "./scenarios/read.js";
export { startMockAgent } from "./server.js";
export {
  attributed,
  newId,
  type RunEnd,
  run,
  runFinished,
  runStarted,
  type SubagentInfo,
  subagent,
  textMessage,
  tokens,
  toolCall,
  toolCallPieces,
  toolResult,
} from "./steps.js";
export type {
  Hold,
  HoldAt,
  MockAgent,
  MockAgentOptions,
  RecordedRequest,
  Reply,
  ScenarioName,
  Script,
  ScriptContext,
  Step,
} from "./types.js";
