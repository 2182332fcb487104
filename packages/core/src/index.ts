export { AgentClient, type AgentClientOptions } from "./run/agentClient";
export { createThreadState, reduceEvent, reduceEvents } from "./reducer/reduceEvents";
export { createThreadStore, type ThreadStore } from "./store/createThreadStore";
export type { Schedule } from "./store/frame";
export type { MessageIndex } from "./store/messageIndex";
export type { FrontendTool, ToolHandlerContext } from "./tools/registry";
export type { InferArgs, JsonSchema, ToolParameters } from "./tools/schema";
export { createTransport, type HeadersOption, type Protocol, type Transport, type TransportConfig } from "./transport";
export * from "./types";
