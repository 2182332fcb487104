import { type ComponentType, createContext, type ReactNode, useContext, useRef } from "react";
import type { ComposerProps } from "../composer/Composer";
import type { InterruptPromptProps } from "../interrupts/InterruptPrompt";
import type { InterruptsProps } from "../interrupts/Interrupts";
import type { MarkdownProps } from "../markdown/types";
import type { ActivityProps } from "../messages/Activity";
import type { MessageProps } from "../messages/Message";
import type { MessageListProps } from "../messages/MessageList";
import type { ReasoningProps } from "../messages/Reasoning";
import type { StatusAnnouncerProps } from "../messages/StatusAnnouncer";
import type { UserContentProps } from "../messages/UserContent";
import type { RunErrorProps } from "../status/RunError";
import type { StepsProps } from "../status/Steps";
import type { SuggestionsProps } from "../suggestions/Suggestions";
import type { ConfirmationProps } from "../tools/Confirmation";
import type { ToolCallProps } from "../tools/ToolCall";
import type { ToolCallCardProps } from "../tools/ToolCallCard";

/** Every part <Chat> is built from; pass any of them to replace the default. */
export interface ChatComponents {
  MessageList: ComponentType<MessageListProps>;
  Message: ComponentType<MessageProps>;
  UserContent: ComponentType<UserContentProps>;
  Markdown: ComponentType<MarkdownProps>;
  Reasoning: ComponentType<ReasoningProps>;
  Activity: ComponentType<ActivityProps>;
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
}

const ComponentsContext = createContext<Partial<ChatComponents>>({});

/** Replaces parts for everything below it (what <Chat components> does). */
export function ChatComponentsProvider({ value, children }: { value: Partial<ChatComponents> | undefined; children?: ReactNode }) {
  const outer = useContext(ComponentsContext);
  const last = useRef<{ outer: Partial<ChatComponents>; value: Partial<ChatComponents> | undefined; merged: Partial<ChatComponents> } | null>(null);
  // An inline `components={{...}}` is a new object per render: keep the context value stable
  // while its entries are the same, or every message row would re-render with the root.
  if (!last.current || last.current.outer !== outer || !sameEntries(last.current.value, value)) {
    last.current = { outer, value, merged: value ? { ...outer, ...value } : outer };
  }
  return <ComponentsContext.Provider value={last.current.merged}>{children}</ComponentsContext.Provider>;
}

/** The overrides in effect; each part falls back to its own default. */
export function useChatComponents(): Partial<ChatComponents> {
  return useContext(ComponentsContext);
}

function sameEntries(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
