import { useAgent, useMessageIds } from "@tandem/react";
import { type ReactNode, useEffect } from "react";
import { Composer as DefaultComposer } from "../composer/Composer.js";
import { Interrupts as DefaultInterrupts } from "../interrupts/Interrupts.js";
import { preloadMarkdown } from "../markdown/LazyMarkdown.js";
import { MessageList as DefaultMessageList } from "../messages/MessageList.js";
import { StatusAnnouncer as DefaultStatusAnnouncer } from "../messages/StatusAnnouncer.js";
import { RunError as DefaultRunError } from "../status/RunError.js";
import { Steps as DefaultSteps } from "../status/Steps.js";
import { Usage as DefaultUsage } from "../status/Usage.js";
import { Suggestions as DefaultSuggestions, type Suggestion } from "../suggestions/Suggestions.js";
import { ConfirmationFocusProvider } from "../tools/confirmationFocus.js";
import { cx } from "../util/cx.js";
import { type ChatComponents, ChatComponentsProvider, useChatComponents } from "./components.js";

export type ChatTheme = "light" | "dark" | "system";

export interface ChatProps {
  className?: string;
  /** "system" (default) follows the operating system's light or dark preference. */
  theme?: ChatTheme;
  placeholder?: string;
  /** Preset prompts, shown while the thread is empty. */
  suggestions?: readonly Suggestion[];
  /** Replace any part. */
  components?: Partial<ChatComponents>;
  /** Shown in the empty transcript. */
  welcome?: ReactNode;
  /** Show the token usage the agent reports (last run and thread) under the composer. Off by default. */
  showUsage?: boolean;
}

const DEFAULT_WELCOME = <p className="tandem-welcome__text">How can I help?</p>;

/** The whole chat: transcript, tool calls, confirmations, interrupts, errors and composer. */
export function Chat({ components, ...props }: ChatProps) {
  return (
    <ChatComponentsProvider value={components}>
      <ConfirmationFocusProvider>
        <ChatLayout {...props} />
      </ConfirmationFocusProvider>
    </ChatComponentsProvider>
  );
}

function ChatLayout({
  className,
  theme = "system",
  placeholder,
  suggestions,
  welcome = DEFAULT_WELCOME,
  showUsage = false,
}: Omit<ChatProps, "components">) {
  const running = useAgent((s) => s.status === "running");
  const empty = useMessageIds().length === 0;
  const {
    MessageList = DefaultMessageList,
    Interrupts = DefaultInterrupts,
    Steps = DefaultSteps,
    RunError = DefaultRunError,
    Suggestions = DefaultSuggestions,
    Composer = DefaultComposer,
    StatusAnnouncer = DefaultStatusAnnouncer,
    Usage = DefaultUsage,
  } = useChatComponents();

  useEffect(() => {
    // Fetch the Markdown renderer while the user types, not when the first reply arrives.
    preloadMarkdown().catch(() => undefined);
  }, []);

  return (
    <div
      className={cx("tandem", "tandem-chat", className)}
      data-testid="tandem-chat"
      data-running={running ? "true" : "false"}
      data-theme={theme}
    >
      <MessageList empty={welcome != null && <div className="tandem-welcome">{welcome}</div>}>
        <Interrupts />
        <Steps />
      </MessageList>
      <RunError />
      {empty && suggestions && suggestions.length > 0 && <Suggestions suggestions={suggestions} />}
      <Composer {...(placeholder !== undefined && { placeholder })} />
      {showUsage && <Usage />}
      <StatusAnnouncer />
    </div>
  );
}
