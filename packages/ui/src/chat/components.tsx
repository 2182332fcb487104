import { shallowEqual } from "@tandem/react";
import { type ComponentType, createContext, type ReactNode, useContext, useRef } from "react";
import type { ComposerProps } from "../composer/Composer.js";
import type { InterruptConfirmationProps } from "../interrupts/InterruptConfirmation.js";
import type { InterruptPromptProps } from "../interrupts/InterruptPrompt.js";
import type { InterruptsProps } from "../interrupts/Interrupts.js";
import type { MarkdownProps } from "../markdown/types.js";
import type { ActivityProps } from "../messages/Activity.js";
import type { MessageProps } from "../messages/Message.js";
import type { MessageActionsProps } from "../messages/MessageActions.js";
import type { MessageListProps } from "../messages/MessageList.js";
import type { ReasoningProps } from "../messages/Reasoning.js";
import type { StatusAnnouncerProps } from "../messages/StatusAnnouncer.js";
import type { SubagentGroupProps } from "../messages/SubagentGroup.js";
import type { UserContentProps } from "../messages/UserContent.js";
import type { OutboxProps } from "../outbox/Outbox.js";
import type { RunErrorProps } from "../status/RunError.js";
import type { StepsProps } from "../status/Steps.js";
import type { UsageProps } from "../status/Usage.js";
import type { SuggestionsProps } from "../suggestions/Suggestions.js";
import type { ConfirmationProps } from "../tools/Confirmation.js";
import type { ToolCallProps } from "../tools/ToolCall.js";
import type { ToolCallCardProps } from "../tools/ToolCallCard.js";

/** Every part <Chat> is built from; pass any of them to replace the default. */
export interface ChatComponents {
  MessageList: ComponentType<MessageListProps>;
  Message: ComponentType<MessageProps>;
  UserContent: ComponentType<UserContentProps>;
  /** A message's toolbar: branch picker, Copy, Edit or Regenerate. */
  MessageActions: ComponentType<MessageActionsProps>;
  Markdown: ComponentType<MarkdownProps>;
  Reasoning: ComponentType<ReasoningProps>;
  Activity: ComponentType<ActivityProps>;
  /** A subagent's group in the transcript, holding its messages. */
  SubagentGroup: ComponentType<SubagentGroupProps>;
  /** The whole tool call slot: custom render, confirmation or card. */
  ToolCall: ComponentType<ToolCallProps>;
  /** The default card inside a tool call slot. */
  ToolCallCard: ComponentType<ToolCallCardProps>;
  Confirmation: ComponentType<ConfirmationProps>;
  Interrupts: ComponentType<InterruptsProps>;
  InterruptPrompt: ComponentType<InterruptPromptProps>;
  Steps: ComponentType<StepsProps>;
  RunError: ComponentType<RunErrorProps>;
  Suggestions: ComponentType<SuggestionsProps>;
  Composer: ComponentType<ComposerProps>;
  StatusAnnouncer: ComponentType<StatusAnnouncerProps>;
  /** The token usage footer (`<Chat showUsage>`). */
  Usage: ComponentType<UsageProps>;
  /** An approval interrupt (bound to a tool call, or asking for `approved`): Approve, Reject, Edit arguments. */
  InterruptConfirmation: ComponentType<InterruptConfirmationProps>;
  /** Messages sent while the agent replies or offline, above the composer. */
  Outbox: ComponentType<OutboxProps>;
}

const ComponentsContext = createContext<Partial<ChatComponents>>({});

/** Replaces parts for everything below it (what <Chat components> does). */
export function ChatComponentsProvider({ value, children }: { value: Partial<ChatComponents> | undefined; children?: ReactNode }) {
  const outer = useContext(ComponentsContext);
  const last = useRef<{
    outer: Partial<ChatComponents>;
    value: Partial<ChatComponents> | undefined;
    merged: Partial<ChatComponents>;
  } | null>(null);
  // An inline `components={{...}}` is a new object per render: keep the context value stable
  // while its entries are the same, or every message row would re-render with the root.
  if (!last.current || last.current.outer !== outer || !shallowEqual(last.current.value, value)) {
    last.current = { outer, value, merged: value ? { ...outer, ...value } : outer };
  }
  return <ComponentsContext.Provider value={last.current.merged}>{children}</ComponentsContext.Provider>;
}

/** The overrides in effect; each part falls back to its own default. */
export function useChatComponents(): Partial<ChatComponents> {
  return useContext(ComponentsContext);
}
