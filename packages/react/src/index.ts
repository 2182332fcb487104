/**
 * React bindings of Tandem: AgentProvider and the hooks.
 *
 * @module @tandem/react
 */
"use client";
// A client module for React Server Components (Next.js App Router): a Server Component imports
// AgentProvider and the hooks from here as client references. What server code needs (recordThread,
// the storages, AgentClient, the types) it imports from @tandem/core, which carries no directive.

export type * from "@tandem/core";
export {
  applyPatch,
  isApproval,
  RECORDING_VERSION,
  readToolProgress,
  recordThread,
  requestThroughAgent,
  validateArgs,
} from "@tandem/core";
export { AgentProvider, type AgentProviderProps } from "./AgentProvider.js";
export { useAgentClient } from "./context.js";
export type { InterruptRender, InterruptRenderProps, ToolRender, ToolRenderProps } from "./renderRegistry.js";
export { type ActivityRender, type ActivityRenderProps, useActivityRender, useActivityRenderer } from "./useActivityRenderer.js";
export { type AgentActions, type AgentView, type UseAgentResult, useAgent } from "./useAgent.js";
export { useAgentEvent } from "./useAgentEvent.js";
export { type SetAgentState, useAgentState } from "./useAgentState.js";
export { type UseBranches, useBranches } from "./useBranches.js";
export { useCapabilities } from "./useCapabilities.js";
export { useComposerDraft, useComposerRuntime } from "./useComposerDraft.js";
export { type UseFeedback, useFeedback } from "./useFeedback.js";
export { type FrontendToolOptions, type HumanInTheLoopOptions, useFrontendTool, useHumanInTheLoop } from "./useFrontendTool.js";
export { useInterrupt, useInterruptRender } from "./useInterrupt.js";
export { useLatest } from "./useLatest.js";
export { useMessage, useMessageIds } from "./useMessages.js";
export { type UseOutbox, useOutbox } from "./useOutbox.js";
export { shallowEqual, useStoreSelector } from "./useStoreSelector.js";
export { useSubagents } from "./useSubagents.js";
export { type UseThreads, useThreads } from "./useThreads.js";
export { type UseToolCallResult, useToolCall } from "./useToolCall.js";
export { useToolRender, useToolRenderer } from "./useToolRenderer.js";
export { type Usage, useUsage } from "./useUsage.js";
