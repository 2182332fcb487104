import { useAgent, useMessageIds } from "@tandem/react";
import { type ComponentType, memo, type ReactNode } from "react";
import { useChatComponents } from "../chat/components.js";
import { cx } from "../util/cx.js";
import { Message as DefaultMessage, type MessageProps } from "./Message.js";
import { useAutoScroll } from "./useAutoScroll.js";

export interface MessageListProps {
  className?: string;
  /** Shown while the thread has no messages (a welcome). */
  empty?: ReactNode;
  /** Rendered after the messages, inside the scrolling transcript (interrupts, steps). */
  children?: ReactNode;
}

/** Rows re-render only when their own message changes, even when the list gains a row. */
const Row = memo(function Row({ id, streaming, Message }: { id: string; streaming: boolean; Message: ComponentType<MessageProps> }) {
  return <Message id={id} streaming={streaming} />;
});

/**
 * Rows go in blocks of this many. When one row updates, React revisits every sibling of that
 * row; in blocks, that is the row's block and the list of blocks, not the whole thread, so a
 * token costs the same at 10 messages or 10,000 (see BENCHMARKS.md).
 */
const BLOCK = 50;

interface BlockProps {
  ids: readonly string[];
  streamingId: string | undefined;
  Message: ComponentType<MessageProps>;
}

const Block = memo(
  function Block({ ids, streamingId, Message }: BlockProps) {
    return ids.map((id) => <Row key={id} id={id} streaming={id === streamingId} Message={Message} />);
  },
  (a, b) =>
    a.streamingId === b.streamingId && a.Message === b.Message && a.ids.length === b.ids.length && a.ids.every((id, i) => id === b.ids[i]),
);

/**
 * The transcript: a `role="log"` that is not live (tokens are not read out; the status region
 * announces runs), follows the stream while the reader is at the bottom, and offers
 * "Jump to latest" when they have scrolled up.
 */
export function MessageList({ className, empty, children }: MessageListProps) {
  const ids = useMessageIds();
  // One subscription for the whole list, rather than one per row: which message is being written.
  const streamingId = useAgent((s) => (s.status === "running" ? s.messages.at(-1)?.id : undefined));
  const { Message = DefaultMessage } = useChatComponents();
  const { ref, atBottom, scrollToBottom } = useAutoScroll<HTMLDivElement>();
  return (
    <div className={cx("tandem-message-list", className)}>
      <div ref={ref} role="log" aria-live="off" aria-label="Conversation" tabIndex={0} className="tandem-message-list__scroller">
        {ids.length === 0 && empty}
        {Array.from({ length: Math.ceil(ids.length / BLOCK) }, (_, b) => {
          const block = ids.slice(b * BLOCK, (b + 1) * BLOCK);
          return (
            <Block
              key={b}
              ids={block}
              streamingId={streamingId !== undefined && block.includes(streamingId) ? streamingId : undefined}
              Message={Message}
            />
          );
        })}
        {children}
      </div>
      {!atBottom && (
        <button type="button" className="tandem-jump-to-latest" onClick={scrollToBottom}>
          Jump to latest
        </button>
      )}
    </div>
  );
}
