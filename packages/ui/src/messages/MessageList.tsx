import { type SubagentView, useAgent, useAgentClient, useMessageIds, useSubagents } from "@tandem/react";
import { type ComponentPropsWithoutRef, type ComponentType, forwardRef, memo, type ReactNode, useMemo, useRef } from "react";
import { useLabels } from "../labels/labels.js";
import { usePart } from "../parts/registry.js";
import { cx } from "../util/cx.js";
import { ClickActionsContext, useClickActions } from "../util/delegatedClick.js";
import { PartBoundary } from "../util/PartBoundary.js";
import { type Entry, holds, layoutTranscript, sameEntries, sameIds } from "./layout.js";
import type { MessageProps } from "./Message.js";
import {
  NearViewContext,
  NearViewObserverContext,
  RowsSchedulerContext,
  useMountedRows,
  useNearView,
  useNearViewObserver,
  useRowsScheduler,
} from "./nearView.js";
import type { SubagentGroupProps } from "./SubagentGroup.js";
import { useAutoScroll } from "./useAutoScroll.js";

/** Props of `<MessageList>`: a `<div>`'s props, plus what to show while the thread is empty. */
export interface MessageListProps extends ComponentPropsWithoutRef<"div"> {
  /** Shown while the thread has no messages (a welcome). */
  empty?: ReactNode;
  /** Rendered after the messages, inside the scrolling transcript (interrupts, steps). */
  children?: ReactNode;
}

/** Rows re-render only when their own message changes, even when the list gains a row. */
const Row = memo(function Row({ id, streaming, Message }: { id: string; streaming: boolean; Message: ComponentType<MessageProps> }) {
  return <Message id={id} streaming={streaming} />;
});

interface Parts {
  Message: ComponentType<MessageProps>;
  SubagentGroup: ComponentType<SubagentGroupProps>;
  /** Subagents by id; one the thread never announced (attribution without SUBAGENT_STARTED) is missing. */
  subagents: ReadonlyMap<string, SubagentView>;
}

interface BlockProps {
  ids: readonly string[];
  streamingId: string | undefined;
  Message: ComponentType<MessageProps>;
  /** Near the view from the start (the last blocks: a thread opens at its end). */
  nearAtFirst: boolean;
}

/**
 * A block out of view is neither laid out nor painted, nor walked by the browser's pre-paint on
 * each frame (`content-visibility: auto`): at 5,000 messages that walk was 24 ms a frame. It
 * stays in the DOM and the accessibility tree, so find-in-page, focus and screen readers reach
 * every row. Its height until first drawn is an estimate, then the height it had (`auto`). Inline,
 * not in the stylesheet: the cost it saves does not depend on how the app styles the chat.
 */
const blockStyle = (rows: number, mounted: boolean) =>
  ({
    contentVisibility: "auto",
    containIntrinsicBlockSize: `auto ${rows * ROW_ESTIMATE}px`,
    ...(!mounted && { blockSize: rows * ROW_ESTIMATE }),
  }) as const;

/** The height a row is taken to have until it is drawn (while its block waits to mount, or out of view). */
const ROW_ESTIMATE = 100;

/**
 * A block of rows is an element of its own, so the browser lays out and paints a streamed token
 * in its block and the list of blocks, not among every row of the thread (at 1,000 messages a
 * frame's layout went from 17 to 1.4 ms; see BENCHMARKS.md).
 */
const Block = memo(
  function Block({ ids, streamingId, Message, nearAtFirst }: BlockProps) {
    const [near, ref] = useNearView<HTMLDivElement>(nearAtFirst);
    const mounted = useMountedRows(near);
    return (
      <div ref={ref} className="tandem-message-list__rows" style={blockStyle(ids.length, mounted)}>
        {mounted && (
          <NearViewContext.Provider value={near}>
            {ids.map((id) => (
              <Row key={id} id={id} streaming={id === streamingId} Message={Message} />
            ))}
          </NearViewContext.Provider>
        )}
      </div>
    );
  },
  (a, b) => a.streamingId === b.streamingId && a.Message === b.Message && sameIds(a.ids, b.ids),
);

interface EntriesProps {
  entries: readonly Entry[];
  streamingId: string | undefined;
  parts: Parts;
  /** Inside a group that is near the view from the start. */
  nearAtFirst?: boolean;
}

/** How many entries at the end of the thread are near the view from the start. */
const NEAR_AT_FIRST = 2;

function Entries({ entries, streamingId, parts, nearAtFirst = false }: EntriesProps) {
  return entries.map((entry, i) => {
    const near = nearAtFirst || i >= entries.length - NEAR_AT_FIRST;
    return entry.kind === "rows" ? (
      <Block
        key={entry.key}
        ids={entry.ids}
        streamingId={streamingId !== undefined && entry.ids.includes(streamingId) ? streamingId : undefined}
        Message={parts.Message}
        nearAtFirst={near}
      />
    ) : (
      <Group
        key={entry.key}
        id={entry.id}
        entries={entry.entries}
        streamingId={holds(entry.entries, streamingId) ? streamingId : undefined}
        parts={parts}
        nearAtFirst={near}
      />
    );
  });
}

/** A subagent's group; like a block, it renders again only when what it holds changed. */
const Group = memo(
  function Group({ id, entries, streamingId, parts, nearAtFirst }: EntriesProps & { id: string }) {
    const running = useAgent((s) => !parts.subagents.has(id) && s.status === "running");
    const subagent = parts.subagents.get(id) ?? { id, name: id, status: running ? "running" : "finished" };
    const { SubagentGroup } = parts;
    return (
      // A group that fails to draw says so in its place; its messages have boundaries of their own.
      <PartBoundary resetKey={subagent} text={subagent.name}>
        <SubagentGroup subagent={subagent}>
          <Entries entries={entries} streamingId={streamingId} parts={parts} nearAtFirst={nearAtFirst} />
        </SubagentGroup>
      </PartBoundary>
    );
  },
  (a, b) =>
    a.id === b.id &&
    a.streamingId === b.streamingId &&
    a.parts.Message === b.parts.Message &&
    a.parts.SubagentGroup === b.parts.SubagentGroup &&
    a.parts.subagents.get(a.id) === b.parts.subagents.get(b.id) &&
    sameEntries(a.entries, b.entries),
);

/**
 * The transcript: a `role="log"` that is not live (tokens are not read out; the status region
 * announces runs), follows the stream while the reader is at the bottom, and offers
 * "Jump to latest" when they have scrolled up. A subagent's messages go in its group
 * (`SubagentGroup`); the supervisor's stay at the top level.
 */
export const MessageList = forwardRef<HTMLDivElement, MessageListProps>(function MessageList({ className, empty, children, ...rest }, ref) {
  const client = useAgentClient();
  const labels = useLabels();
  const ids = useMessageIds();
  const subagents = useSubagents();
  // One subscription for the whole list, rather than one per row: which message is being written.
  const streamingId = useAgent((s) => (s.status === "running" ? s.messages.at(-1)?.id : undefined));
  const Message = usePart("Message");
  const SubagentGroup = usePart("SubagentGroup");
  const { ref: scroller, atBottom, scrollToBottom } = useAutoScroll<HTMLDivElement>();
  const clicks = useClickActions();
  const nearView = useNearViewObserver();
  const rows = useRowsScheduler(nearView !== null);

  // Where each subagent started: how many messages the thread had when it first appeared here.
  // Subagents already in the thread when the list mounted have no anchor (their first message places them).
  const anchors = useRef<Map<string, number> | null>(null);
  if (anchors.current === null) anchors.current = new Map(subagents.map((s) => [s.id, Number.POSITIVE_INFINITY]));
  for (const s of subagents) if (!anchors.current.has(s.id)) anchors.current.set(s.id, ids.length);

  // A message's subagent is set when it opens and never changes, so the layout follows the ids and the subagents.
  const entries = useMemo(
    () => layoutTranscript(ids, (id) => client.messages.get(id)?.subagentRunId ?? undefined, subagents, anchors.current!),
    [ids, subagents, client],
  );
  const parts = useMemo<Parts>(
    () => ({ Message, SubagentGroup, subagents: new Map(subagents.map((s) => [s.id, s])) }),
    [Message, SubagentGroup, subagents],
  );

  return (
    <div {...rest} ref={ref} className={cx("tandem-message-list", className)}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are its buttons', which Enter and Space click too */}
      <div
        ref={scroller}
        role="log"
        aria-live="off"
        aria-label={labels.conversation}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so the keyboard can scroll it (WCAG 2.1.1, axe's scrollable-region-focusable)
        tabIndex={0}
        className="tandem-message-list__scroller"
        // The rows' buttons register their actions here: one listener for the transcript, none per row.
        onClick={clicks.onClick}
      >
        <ClickActionsContext.Provider value={clicks.actions}>
          <NearViewObserverContext.Provider value={nearView}>
            <RowsSchedulerContext.Provider value={rows}>
              {ids.length === 0 && empty}
              <Entries entries={entries} streamingId={streamingId} parts={parts} />
              {children}
            </RowsSchedulerContext.Provider>
          </NearViewObserverContext.Provider>
        </ClickActionsContext.Provider>
      </div>
      {!atBottom && (
        <button type="button" className="tandem-jump-to-latest" onClick={scrollToBottom}>
          {labels.jumpToLatest}
        </button>
      )}
    </div>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** The transcript: its rows, the empty view, and what the chat puts below the last message. */
    MessageList: MessageListProps;
  }
}
