export { AgentClient, type AgentClientOptions } from "./run/agentClient.js";
export { createThreadState, reduceEvent, reduceEvents } from "./reducer/reduceEvents.js";
export { createThreadStore, type ThreadStore } from "./store/createThreadStore.js";
export type { Schedule } from "./store/frame.js";
export type { MessageIndex } from "./store/messageIndex.js";
export type { FrontendTool, ToolHandlerContext } from "./tools/registry.js";
export type { InferArgs, JsonSchema, ToolParameters } from "./tools/schema.js";
export { createTransport, type HeadersOption, type Protocol, type Transport, type TransportConfig } from "./transport/index.js";
export * from "./types.js";
