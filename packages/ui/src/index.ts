// @tandem/ui: <Chat> and every part it is built from. Markdown is loaded lazily from
// `@tandem/ui/markdown`; styles come from `@tandem/ui/styles.css`.
export { Chat, type ChatProps, type ChatTheme } from "./chat/Chat.js";
export { ChatComponentsProvider, useChatComponents, type ChatComponents } from "./chat/components.js";

export { MessageList, type MessageListProps } from "./messages/MessageList.js";
export { Message, type MessageProps } from "./messages/Message.js";
export { UserContent, type UserContentProps } from "./messages/UserContent.js";
export { Reasoning, type ReasoningProps } from "./messages/Reasoning.js";
export { Activity, ProgressBar, type ActivityProps, type ProgressBarProps } from "./messages/Activity.js";
export { StatusAnnouncer, type StatusAnnouncerProps } from "./messages/StatusAnnouncer.js";
export { useRunAnnouncement } from "./messages/useRunAnnouncement.js";
export { useAutoScroll, type AutoScroll } from "./messages/useAutoScroll.js";

export { Markdown, preloadMarkdown } from "./markdown/LazyMarkdown.js";
export type { MarkdownProps } from "./markdown/types.js";

export { ToolCall, type ToolCallProps } from "./tools/ToolCall.js";
export { ToolCallCard, useDisclosure, type ToolCallCardProps } from "./tools/ToolCallCard.js";
export { Confirmation, type ConfirmationProps } from "./tools/Confirmation.js";
export { useConfirmation, type ConfirmationAnswer, type UseConfirmation } from "./tools/useConfirmation.js";

export { Interrupts, type InterruptsProps } from "./interrupts/Interrupts.js";
export { InterruptPrompt, type InterruptPromptProps } from "./interrupts/InterruptPrompt.js";
export { useInterruptForm, type InterruptForm } from "./interrupts/useInterruptForm.js";

export { Steps, type StepsProps } from "./status/Steps.js";
export { RunError, type RunErrorProps } from "./status/RunError.js";
export { Suggestions, type Suggestion, type SuggestionsProps } from "./suggestions/Suggestions.js";
export { Composer, type ComposerProps } from "./composer/Composer.js";
export { useComposer, type UseComposer } from "./composer/useComposer.js";
