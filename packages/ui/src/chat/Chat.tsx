import { useAgent, useMessageIds } from "@tandem/react";
import { type ComponentPropsWithoutRef, type ForwardedRef, forwardRef, type ReactNode, useEffect } from "react";
import type { AttachmentOptions } from "../composer/useAttachments.js";
import type { InterruptOptions } from "../interrupts/Interrupts.js";
import { type ChatLabels, LabelsProvider, useLabels } from "../labels/labels.js";
import { preloadMarkdown } from "../markdown/LazyMarkdown.js";
import { type ChatComponents, ChatComponentsProvider, usePart } from "../parts/registry.js";
import { Stopped } from "../status/Stopped.js";
import type { Suggestion } from "../suggestions/Suggestions.js";
import { ConfirmationFocusProvider } from "../tools/confirmationFocus.js";
import { cx } from "../util/cx.js";
import "./defaultParts.js";
import { usePreloadParts } from "./usePreloadParts.js";

/** The color scheme: light, dark, or the operating system's preference (`"system"`). */
export type ChatTheme = "light" | "dark" | "system";

/** Props of `<Chat>`: a `<div>`'s props (for the root), plus the theme, suggestions, parts, labels and attachment options. */
export interface ChatProps extends Omit<ComponentPropsWithoutRef<"div">, "children" | "placeholder"> {
  /** "system" (default) follows the operating system's light or dark preference. */
  theme?: ChatTheme;
  placeholder?: string;
  /** Preset prompts, shown while the thread is empty. */
  suggestions?: readonly Suggestion[];
  /** Replace any part. */
  components?: Partial<ChatComponents>;
  /** Shown in the empty transcript (default: the `welcome` label); `null` shows nothing. */
  welcome?: ReactNode;
  /** Show the token usage the agent reports (last run and thread) under the composer. Off by default. */
  showUsage?: boolean;
  /** Words to use instead of the English defaults (any subset); see `ChatLabels`. */
  labels?: Partial<ChatLabels>;
  /** The composer's attachments: limits and an upload adapter, or `false` for none (see `<Composer attachments>`). */
  attachments?: AttachmentOptions | false;
  /** Approve with edits per tool, and "Approve all" / "Reject all" (see `InterruptOptions`). */
  interrupts?: InterruptOptions;
}

/**
 * The whole chat: transcript, tool calls, confirmations, interrupts, errors and composer. The
 * root has `data-state="idle|running|awaiting-input|error"` (and `data-running`, and
 * `data-following="true"` while another tab owns the run and this one follows it); other props
 * go to the root element, and a ref reaches it.
 */
export const Chat = forwardRef<HTMLDivElement, ChatProps>(function Chat({ components, labels, ...props }, ref) {
  return (
    <ChatComponentsProvider value={components}>
      <LabelsProvider value={labels}>
        <ConfirmationFocusProvider>
          <ChatLayout {...props} rootRef={ref} />
        </ConfirmationFocusProvider>
      </LabelsProvider>
    </ChatComponentsProvider>
  );
});

function ChatLayout({
  className,
  theme = "system",
  placeholder,
  suggestions,
  welcome,
  showUsage = false,
  attachments,
  interrupts,
  rootRef,
  ...rest
}: Omit<ChatProps, "components" | "labels"> & { rootRef: ForwardedRef<HTMLDivElement> }) {
  const status = useAgent((s) => s.status);
  const following = useAgent((s) => s.following);
  const empty = useMessageIds().length === 0;
  const labels = useLabels();
  const shownWelcome = welcome === undefined ? <p className="tandem-welcome__text">{labels.welcome}</p> : welcome;
  const MessageList = usePart("MessageList");
  const Interrupts = usePart("Interrupts");
  const Steps = usePart("Steps");
  const RunError = usePart("RunError");
  const Suggestions = usePart("Suggestions");
  const Composer = usePart("Composer");
  const StatusAnnouncer = usePart("StatusAnnouncer");
  const Usage = usePart("Usage");
  const Outbox = usePart("Outbox");
  const Reconnecting = usePart("Reconnecting");
  const Following = usePart("Following");

  useEffect(() => {
    // Fetch the Markdown renderer while the user types, not when the first reply arrives.
    preloadMarkdown().catch(() => undefined);
  }, []);
  usePreloadParts();

  return (
    <div
      data-testid="tandem-chat"
      data-state={status}
      data-running={status === "running" ? "true" : "false"}
      data-following={following ? "true" : "false"}
      data-theme={theme}
      {...rest}
      ref={rootRef}
      className={cx("tandem", "tandem-chat", className)}
    >
      <MessageList empty={shownWelcome != null && <div className="tandem-welcome">{shownWelcome}</div>}>
        <Interrupts {...interrupts} />
        <Steps />
        <Stopped />
        <Reconnecting />
        <Following />
      </MessageList>
      <RunError />
      {empty && suggestions && suggestions.length > 0 && <Suggestions suggestions={suggestions} />}
      <Outbox />
      <Composer {...(placeholder !== undefined && { placeholder })} {...(attachments !== undefined && { attachments })} />
      {showUsage && <Usage />}
      <StatusAnnouncer />
    </div>
  );
}
