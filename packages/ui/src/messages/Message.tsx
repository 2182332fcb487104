import { type Message as AgentMessage, useMessage, useToolCall } from "@tandem/react";
import type { ReactNode } from "react";
import { memo } from "react";
import { useChatComponents } from "../chat/components.js";
import { Markdown as LazyMarkdown } from "../markdown/LazyMarkdown.js";
import { toolProgressCallId } from "../tools/progress.js";
import { ToolCall as DefaultToolCall } from "../tools/ToolCall.js";
import { cx } from "../util/cx.js";
import { Activity as DefaultActivity } from "./Activity.js";
import { Reasoning as DefaultReasoning } from "./Reasoning.js";
import { UserContent as DefaultUserContent } from "./UserContent.js";

export interface MessageProps {
  id: string;
  className?: string;
  /** The agent is still writing this message (the list knows which one). */
  streaming?: boolean;
}

/** Roles that are not shown: tool results appear in their call's card; system text is not chat. */
const HIDDEN = new Set(["tool", "system", "developer"]);

/**
 * One row of the transcript, subscribed to its own message only: a streamed token re-renders
 * this row and nothing else.
 */
export const Message = memo(function Message({ id, className, streaming = false }: MessageProps) {
  const message = useMessage(id);
  const {
    Markdown = LazyMarkdown,
    Reasoning = DefaultReasoning,
    Activity = DefaultActivity,
    UserContent = DefaultUserContent,
    ToolCall = DefaultToolCall,
  } = useChatComponents();
  if (!message || HIDDEN.has(message.role)) return null;
  if (message.role === "activity" && toolProgressCallId(message) !== undefined)
    return <ToolProgressRow message={message} className={className} />;

  let body: ReactNode;
  switch (message.role) {
    case "user":
      body = <UserContent content={message.content} />;
      break;
    case "assistant": {
      const text = typeof message.content === "string" ? message.content : "";
      body = (
        <>
          {text !== "" && <Markdown>{text}</Markdown>}
          {message.toolCalls?.map((call) => (
            <ToolCall key={call.id} toolCallId={call.id} />
          ))}
        </>
      );
      break;
    }
    case "reasoning":
      body = <Reasoning text={message.content} streaming={streaming} />;
      break;
    case "activity":
      body = <Activity activityType={message.activityType} content={message.content} />;
      break;
    default:
      return null;
  }
  return (
    <MessageRow message={message} className={className} streaming={streaming}>
      {body}
    </MessageRow>
  );
});

function MessageRow({
  message,
  className,
  streaming,
  children,
}: {
  message: AgentMessage;
  className?: string | undefined;
  streaming?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cx("tandem-message", `tandem-message--${message.role}`, className)}
      data-testid="message"
      data-role={message.role}
      data-message-id={message.id}
      aria-busy={streaming || undefined}
    >
      {children}
    </div>
  );
}

/** Tool progress is drawn on its call's card; a row of its own only when that call is not in the thread. */
function ToolProgressRow({ message, className }: { message: Extract<AgentMessage, { role: "activity" }>; className?: string | undefined }) {
  const call = useToolCall(toolProgressCallId(message)!);
  const { Activity = DefaultActivity } = useChatComponents();
  if (call) return null;
  return (
    <MessageRow message={message} className={className}>
      <Activity activityType={message.activityType} content={message.content} />
    </MessageRow>
  );
}
