// @tandem/ui: <Chat> and every part it is built from. Markdown is loaded lazily from
// `@tandem/ui/markdown`; styles come from `@tandem/ui/styles.css`.
export { Chat, type ChatProps, type ChatTheme } from "./chat/Chat";
export { ChatComponentsProvider, useChatComponents, type ChatComponents } from "./chat/components";

export { MessageList, type MessageListProps } from "./messages/MessageList";
export { Message, type MessageProps } from "./messages/Message";
export { UserContent, type UserContentProps } from "./messages/UserContent";
export { Reasoning, type ReasoningProps } from "./messages/Reasoning";
export { Activity, ProgressBar, type ActivityProps, type ProgressBarProps } from "./messages/Activity";
export { StatusAnnouncer, type StatusAnnouncerProps } from "./messages/StatusAnnouncer";
export { useRunAnnouncement } from "./messages/useRunAnnouncement";
export { useAutoScroll, type AutoScroll } from "./messages/useAutoScroll";

export { Markdown, preloadMarkdown } from "./markdown/LazyMarkdown";
export type { MarkdownProps } from "./markdown/types";

export { ToolCall, type ToolCallProps } from "./tools/ToolCall";
export { ToolCallCard, useDisclosure, type ToolCallCardProps } from "./tools/ToolCallCard";
export { Confirmation, type ConfirmationProps } from "./tools/Confirmation";
export { useConfirmation, type ConfirmationAnswer, type UseConfirmation } from "./tools/useConfirmation";

export { Interrupts, type InterruptsProps } from "./interrupts/Interrupts";
export { InterruptPrompt, type InterruptPromptProps } from "./interrupts/InterruptPrompt";
export { useInterruptForm, type InterruptForm } from "./interrupts/useInterruptForm";

export { Steps, type StepsProps } from "./status/Steps";
export { RunError, type RunErrorProps } from "./status/RunError";
export { Suggestions, type Suggestion, type SuggestionsProps } from "./suggestions/Suggestions";
export { Composer, type ComposerProps } from "./composer/Composer";
export { useComposer, type UseComposer } from "./composer/useComposer";
