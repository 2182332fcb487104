import { type Message as AgentMessage, readToolProgress, useMessage, useToolCall } from "@tandem/react";
import {
  type ComponentPropsWithoutRef,
  type ComponentType,
  type ForwardedRef,
  forwardRef,
  memo,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { preloadPart, useChatComponents, usePart } from "../parts/registry.js";
import { cx } from "../util/cx.js";
import { pretty } from "../util/json.js";
import { PartBoundary } from "../util/PartBoundary.js";
import type { ActivityProps } from "./Activity.js";
import { MessageContext } from "./messageContext.js";
import { NearViewContext } from "./nearView.js";

/** Props of `<Message>`: a `<div>`'s props, plus the id of the message to show and whether it streams. */
export interface MessageProps extends Omit<ComponentPropsWithoutRef<"div">, "id" | "children"> {
  /** The message's id (not the element's: the row carries it as `data-message-id`). */
  id: string;
  /** The agent is still writing this message (the list knows which one). */
  streaming?: boolean;
}

type RowProps = Omit<MessageProps, "id"> & { message: AgentMessage; rowRef: ForwardedRef<HTMLDivElement> };

/** Roles that are not shown: tool results appear in their call's card; system text is not chat. */
const HIDDEN = new Set(["tool", "system", "developer"]);

/**
 * One row of the transcript, subscribed to its own message only: a streamed token re-renders
 * this row and nothing else. Its toolbar shows, and a reply's Markdown is parsed, once the row
 * has come within a screen of the view (at once in a short thread; until then the reply is its
 * plain text). The row has `data-state="streaming|complete"`, while the agent
 * writes it `data-streaming` and `aria-busy`, and while the user edits it `data-editing`.
 */
export const Message = memo(
  forwardRef<HTMLDivElement, MessageProps>(function Message({ id, streaming = false, ...rest }, ref) {
    const message = useMessage(id);
    const Markdown = usePart("Markdown");
    const Reasoning = usePart("Reasoning");
    const Activity = usePart("Activity");
    const UserContent = usePart("UserContent");
    const ToolCall = usePart("ToolCall");
    const MessageActions = usePart("MessageActions");
    const MessageEditor = usePart("MessageEditor");
    const BranchPicker = usePart("BranchPicker");
    // The app's own Markdown part draws every reply; the default parses a reply once it nears the view.
    const ownMarkdown = useChatComponents().Markdown !== undefined;
    const [editing, setEditing] = useState(false);
    const near = useContext(NearViewContext);
    const editTrigger = useRef<HTMLButtonElement | null>(null);
    const wasEditing = useRef(false);
    useEffect(() => {
      // Cancelling an edit puts focus back on Edit (saving replaces the row, and focus goes on to the composer).
      if (wasEditing.current && !editing) editTrigger.current?.focus();
      // Saving an edit makes a second version: its picker loads while the user types.
      if (editing) preloadPart("BranchPicker").catch(() => undefined);
      wasEditing.current = editing;
    }, [editing]);
    // While the agent writes this row nothing reads the context (its actions show once it is
    // done), and a new value on every token made React search the whole reply for readers each
    // frame (0.5 ms a frame at 10,000 tokens): the value follows the message once it is complete.
    // biome-ignore lint/correctness/useExhaustiveDependencies: the message's id stands for it while it streams
    const context = useMemo(() => message && { message, editing, setEditing, editTrigger }, [streaming ? message?.id : message, editing]);
    if (!message || !context || HIDDEN.has(message.role)) return null;
    if (message.role === "activity") {
      const toolCallId = readToolProgress(message)?.toolCallId;
      if (toolCallId !== undefined) return <ToolProgressRow {...rest} message={message} toolCallId={toolCallId} rowRef={ref} />;
    }

    let body: ReactNode;
    switch (message.role) {
      case "user":
        body = editing ? <MessageEditor /> : <UserContent content={message.content} />;
        break;
      case "assistant": {
        const text = typeof message.content === "string" ? message.content : "";
        body = (
          <>
            {text !== "" &&
              (near || ownMarkdown ? (
                // A reply whose Markdown fails to draw shows its source text; more text streamed in tries again.
                <PartBoundary resetKey={text} text={text}>
                  <Markdown complete={!streaming}>{text}</Markdown>
                </PartBoundary>
              ) : (
                // Far from the view, the text as it is: a long thread's replies are parsed as they come near, not all at once.
                <div className="tandem-markdown tandem-markdown--plain">{text}</div>
              ))}
            {message.toolCalls?.map((call) => (
              <PartBoundary key={call.id} resetKey={call.function.arguments} text={call.function.arguments}>
                <ToolCall toolCallId={call.id} />
              </PartBoundary>
            ))}
          </>
        );
        break;
      }
      case "reasoning":
        body = (
          <PartBoundary resetKey={message.content} text={message.content}>
            <Reasoning text={message.content} streaming={streaming} />
          </PartBoundary>
        );
        break;
      case "activity":
        body = <SafeActivity Activity={Activity} message={message} />;
        break;
      default:
        return null;
    }
    const acts = message.role === "user" || message.role === "assistant";
    return (
      <MessageContext.Provider value={context}>
        <MessageRow {...rest} message={message} streaming={streaming} rowRef={ref} data-editing={editing ? "" : undefined}>
          {body}
          {!streaming && !editing && near && (acts ? <MessageActions /> : <BranchPicker />)}
        </MessageRow>
      </MessageContext.Provider>
    );
  }),
);

function MessageRow({ message, className, streaming = false, rowRef, children, ...rest }: RowProps & { children: ReactNode }) {
  return (
    <div
      data-testid="message"
      data-role={message.role}
      data-message-id={message.id}
      data-state={streaming ? "streaming" : "complete"}
      data-streaming={streaming ? "" : undefined}
      aria-busy={streaming || undefined}
      {...rest}
      ref={rowRef}
      className={cx("tandem-message", `tandem-message--${message.role}`, className)}
    >
      {children}
    </div>
  );
}

/** Tool progress is drawn on its call's card; a row of its own only when that call is not in the thread. */
function ToolProgressRow({
  message,
  toolCallId,
  ...rest
}: RowProps & { message: Extract<AgentMessage, { role: "activity" }>; toolCallId: string }) {
  const call = useToolCall(toolCallId);
  const Activity = usePart("Activity");
  if (call) return null;
  return (
    <MessageRow {...rest} message={message}>
      <SafeActivity Activity={Activity} message={message} />
    </MessageRow>
  );
}

/**
 * An activity (an app's renderer, an A2UI surface, an MCP app…) in its boundary: if it fails to
 * draw, its content as JSON text, drawn again when the content changes.
 */
function SafeActivity({
  Activity,
  message,
}: {
  Activity: ComponentType<ActivityProps>;
  message: Extract<AgentMessage, { role: "activity" }>;
}) {
  return (
    <PartBoundary resetKey={message.content} text={() => pretty(message.content)}>
      <Activity messageId={message.id} activityType={message.activityType} content={message.content} />
    </PartBoundary>
  );
}

declare module "../parts/registry.js" {
  interface ChatParts {
    /** One row of the transcript. */
    Message: MessageProps;
  }
}
