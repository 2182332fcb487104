/**
 * Ready-made components: <Chat> and every part it is built from.
 *
 * @module @tandem/ui
 */
"use client";
// A client module for React Server Components (Next.js App Router): a Server Component renders <Chat>
// and its parts from here as client references.

// @tandem/ui: <Chat> and every part it is built from. Markdown is loaded lazily from
// `@tandem/ui/markdown`; styles come from `@tandem/ui/styles.css`.
export { Chat, type ChatProps, type ChatTheme } from "./chat/Chat.js";

// The table of default parts registers itself first: every part below finds its sub-parts in it.
import "./chat/defaultParts.js";

export { preloadChat } from "./chat/preloadChat.js";
export {
  Composer,
  ComposerInput,
  type ComposerInputProps,
  type ComposerProps,
  ComposerSend,
  type ComposerSendProps,
  ComposerStop,
  type ComposerStopProps,
} from "./composer/Composer.js";
export {
  ComposerAttachButton,
  type ComposerAttachButtonProps,
  ComposerAttachments,
  type ComposerAttachmentsProps,
} from "./composer/ComposerAttachments.js";
export { ComposerDictate, type ComposerDictateProps } from "./composer/ComposerDictate.js";
export type { AttachmentOptions, PendingAttachment, UseAttachments } from "./composer/useAttachments.js";
export { type UseComposer, type UseComposerOptions, useComposer } from "./composer/useComposer.js";
export { InterruptConfirmation, type InterruptConfirmationProps } from "./interrupts/InterruptConfirmation.js";
export { InterruptPrompt, type InterruptPromptProps } from "./interrupts/InterruptPrompt.js";
export { type InterruptOptions, Interrupts, type InterruptsProps } from "./interrupts/Interrupts.js";
export { type InterruptForm, useInterruptForm } from "./interrupts/useInterruptForm.js";
export { type ChatLabels, defaultLabels, LabelsProvider, type OutboxSummary, type UsageSummary, useLabels } from "./labels/labels.js";
export { type FenceRenderer, type FenceRendererProps, registerFenceRenderer } from "./markdown/fences.js";
export { LazyMarkdown as Markdown, preloadMarkdown } from "./markdown/LazyMarkdown.js";
export type { MarkdownProps } from "./markdown/types.js";
export { Activity, type ActivityProps, ProgressBar, type ProgressBarProps } from "./messages/Activity.js";
export {
  BranchPicker,
  BranchPickerCount,
  type BranchPickerCountProps,
  BranchPickerNext,
  BranchPickerPrevious,
  type BranchPickerProps,
} from "./messages/BranchPicker.js";
export { Message, type MessageProps } from "./messages/Message.js";
export {
  MessageActions,
  type MessageActionsProps,
  MessageCopy,
  MessageEdit,
  MessageRegenerate,
} from "./messages/MessageActions.js";
export { MessageEditor, type MessageEditorProps } from "./messages/MessageEditor.js";
export { MessageFeedback, type MessageFeedbackProps } from "./messages/MessageFeedback.js";
export { MessageList, type MessageListProps } from "./messages/MessageList.js";
export { Reasoning, type ReasoningProps } from "./messages/Reasoning.js";
export { StatusAnnouncer, type StatusAnnouncerProps } from "./messages/StatusAnnouncer.js";
export { SubagentGroup, type SubagentGroupProps } from "./messages/SubagentGroup.js";
export { UserContent, type UserContentProps } from "./messages/UserContent.js";
export { type AutoScroll, useAutoScroll } from "./messages/useAutoScroll.js";
export { useRunAnnouncement } from "./messages/useRunAnnouncement.js";
export { Outbox, type OutboxProps } from "./outbox/Outbox.js";
export {
  type ChatComponents,
  ChatComponentsProvider,
  type ChatParts,
  preloadPart,
  useChatComponents,
  usePart,
} from "./parts/registry.js";
export { Following, type FollowingProps } from "./status/Following.js";
export { Reconnecting, type ReconnectingProps } from "./status/Reconnecting.js";
export {
  RunError,
  RunErrorMessage,
  type RunErrorMessageProps,
  type RunErrorProps,
  RunErrorRetry,
  type RunErrorRetryProps,
} from "./status/RunError.js";
export { Steps, type StepsProps } from "./status/Steps.js";
export { Usage, type UsageProps } from "./status/Usage.js";
export {
  type Suggestion,
  Suggestions,
  SuggestionsItem,
  type SuggestionsItemProps,
  type SuggestionsProps,
} from "./suggestions/Suggestions.js";
export {
  ThreadList,
  ThreadListItem,
  type ThreadListItemProps,
  ThreadListItems,
  type ThreadListItemsProps,
  ThreadListNew,
  type ThreadListNewProps,
  type ThreadListProps,
  ThreadListStatus,
  type ThreadListStatusProps,
} from "./threads/ThreadList.js";
export { type ThreadListEntry, type UseThreadList, useThreadList } from "./threads/useThreadList.js";
export {
  Confirmation,
  ConfirmationApprove,
  ConfirmationArgs,
  type ConfirmationArgsProps,
  type ConfirmationButtonProps,
  ConfirmationDescription,
  type ConfirmationDescriptionProps,
  type ConfirmationProps,
  ConfirmationReason,
  type ConfirmationReasonProps,
  ConfirmationReject,
  ConfirmationTitle,
  type ConfirmationTitleProps,
} from "./tools/Confirmation.js";
export { ConfirmationFocusProvider } from "./tools/confirmationFocus.js";
export { ToolCall, type ToolCallProps } from "./tools/ToolCall.js";
export { ToolCallCard, type ToolCallCardProps, useDisclosure } from "./tools/ToolCallCard.js";
export { type ConfirmationAnswer, type UseConfirmation, useConfirmation } from "./tools/useConfirmation.js";
export { type ConfirmationKeys, type ConfirmationKeysOptions, useConfirmationKeys } from "./tools/useConfirmationKeys.js";
