/**
 * What the kit did with a frame or an answer it could not take as it came: refused it (dropped
 * it, or ended the run), repaired it (changed it into what AG-UI 1.0 says), reordered it, dropped
 * a copy of one it had applied already (`deduplicated`, when a stream is resumed), stripped what
 * a version boundary does not know, or met an answer to a request that was not the one expected.
 */
export type DiagnosticAction = "refused" | "repaired" | "reordered" | "deduplicated" | "stripped" | "unexpected-answer";

/** A rule the kit holds frames and answers to: what it does when one breaks it, where the rule is written, what it did instead. */
export interface DiagnosticRule {
  action: DiagnosticAction;
  /** The rule, in a few words: what a frame or an answer must be. */
  summary: string;
  /** The AG-UI spec section, or the page of Tandem's docs, that says so. */
  link: string;
  /** What the kit did instead, unless the report says more precisely. */
  instead: string;
}

const AG_UI = "https://docs.ag-ui.com";
/** Tandem's guide, where a rule is Tandem's own or a dialect's (the pages are in the repository's `docs/guide`). */
const GUIDE = "https://github.com/tandem-ui/tandem/blob/main/docs/guide";

const ENDED = "Ended the run with an error; the reply so far stays, with Retry.";
const TRUNCATED = "Ended the run as truncated: the reply stays as far as it got, with Retry.";
const IGNORED = "Ignored the event; the run went on.";
const PATCH_KEPT = "Refused the whole patch: what it would have changed is kept as it was.";

/**
 * Every rule a diagnostic can name, by id: the one table of what the kit refuses, repairs,
 * de-duplicates or strips, and of the answers it does not expect (docs/guide/inspector.md lists
 * it). Loaded only where diagnostics are on, and with the validation pipeline.
 */
export const DIAGNOSTIC_RULES = {
  // The wire.
  "frame.invalid": {
    action: "refused",
    summary: "Each SSE `data:` of an AG-UI stream is one event: a JSON object with a `type`.",
    link: `${AG_UI}/sdk/js/encoder`,
    instead: ENDED,
  },
  "frame.not-json": {
    action: "refused",
    summary: "Each frame of a JSON dialect's stream is JSON (a trailing `[DONE]` aside).",
    link: `${GUIDE}/agent-server.md#dialects`,
    instead: "Skipped the frame; the run went on.",
  },
  "frame.unknown-protobuf": {
    action: "stripped",
    summary: "A protobuf event is one this build of AG-UI knows.",
    link: `${AG_UI}/sdk/js/proto`,
    instead: "Skipped the event (forward compatibility); the run went on.",
  },
  // The official validation pipeline (@ag-ui/client): the version boundary, enforcement, chunks, order.
  "event.legacy-shape": {
    action: "repaired",
    summary: "Events have their AG-UI 1.0 shape (no THINKING_* events, no null for an absent field, no binary content parts).",
    link: `${AG_UI}/development/updates`,
    instead: "Converted it to its AG-UI 1.0 form.",
  },
  "event.unknown-type": {
    action: "stripped",
    summary: "An event's `type` is one AG-UI 1.0 defines.",
    link: `${AG_UI}/sdk/js/core/events#eventtype-enum`,
    instead: "Dropped the event (forward compatibility); the run went on.",
  },
  "event.unknown-field": {
    action: "stripped",
    summary: "An event carries only the fields AG-UI 1.0 describes for its type.",
    link: `${AG_UI}/sdk/js/core/events#event-schemas`,
    instead: "Removed those fields and applied the rest of the event.",
  },
  "event.schema": {
    action: "refused",
    summary: "Each field AG-UI 1.0 describes holds a value of its type.",
    link: `${AG_UI}/sdk/js/core/events#event-schemas`,
    instead: ENDED,
  },
  "event.chunk": {
    action: "refused",
    summary: "A chunk event continues the open message or tool call, or opens one with its id (and a tool call's name).",
    link: `${AG_UI}/concepts/events#text-message-events`,
    instead: ENDED,
  },
  "event.order": {
    action: "refused",
    summary: "Events come in AG-UI's order: the run starts first, a message or tool call starts before its content and ends once.",
    link: `${AG_UI}/concepts/events#event-flow-patterns`,
    instead: ENDED,
  },
  "interrupt.on-interrupt": {
    action: "repaired",
    summary: "An interrupt ends its run as RUN_FINISHED's `outcome` (AG-UI 1.0), not as a CUSTOM `on_interrupt` event.",
    link: `${GUIDE}/servers.md#langgraph-interrupt-through-ag-uilanggraph`,
    instead: "Gave the run's RUN_FINISHED these interrupts as its outcome.",
  },
  // Dialects.
  "agent-runtime.reasoning-role": {
    action: "repaired",
    summary: 'REASONING_MESSAGE_START says `role: "reasoning"`.',
    link: `${GUIDE}/agent-server.md#dialects`,
    instead: 'Set the role to "reasoning".',
  },
  // Resumed streams.
  "resume.duplicate": {
    action: "deduplicated",
    summary: "A resumed stream goes on after the last event id read.",
    link: `${GUIDE}/resumable-streams.md#the-contract`,
    instead: "Skipped the event: it was applied already.",
  },
  "resume.dropped": {
    action: "unexpected-answer",
    summary: "A run's stream ends with RUN_FINISHED or RUN_ERROR.",
    link: `${GUIDE}/resumable-streams.md#the-contract`,
    instead: "Reconnected with `Last-Event-ID`.",
  },
  "resume.not-continued": {
    action: "unexpected-answer",
    summary: "A request with `Last-Event-ID` is answered with the run's events after that id.",
    link: `${GUIDE}/resumable-streams.md#the-contract`,
    instead: `Applied none of it. ${TRUNCATED}`,
  },
  "resume.gave-up": {
    action: "unexpected-answer",
    summary: "A dropped stream of a run that goes on can be reconnected.",
    link: `${GUIDE}/resumable-streams.md#the-contract`,
    instead: `Stopped reconnecting. ${TRUNCATED}`,
  },
  // Answers to a run's request.
  "request.http": {
    action: "unexpected-answer",
    summary: "A run's request is answered with a 2xx status and its event stream.",
    link: `${AG_UI}/concepts/architecture#standard-http-client`,
    instead: "Ended the run with an HTTP error; the message stays, with Retry.",
  },
  "request.network": {
    action: "unexpected-answer",
    summary: "A run's request reaches the agent, and its answer arrives whole.",
    link: `${AG_UI}/concepts/architecture#standard-http-client`,
    instead: "Ended the run with a connection error; the message waits in the outbox, or stays with Retry.",
  },
  "run.empty": {
    action: "unexpected-answer",
    summary: "A run's answer is a stream of its events, from RUN_STARTED.",
    link: `${AG_UI}/concepts/events#lifecycle-events`,
    instead: TRUNCATED,
  },
  "run.truncated": {
    action: "unexpected-answer",
    summary: "A run's stream ends with RUN_FINISHED or RUN_ERROR.",
    link: `${AG_UI}/concepts/events#lifecycle-events`,
    instead: TRUNCATED,
  },
  // The reducer's guards.
  "patch.forbidden-path": {
    action: "refused",
    summary: "A JSON Patch path never goes through `__proto__`, `constructor` or `prototype`.",
    link: `${GUIDE}/security.md#the-agents-output-is-untrusted`,
    instead: PATCH_KEPT,
  },
  "patch.failed": {
    action: "refused",
    summary: "A JSON Patch (RFC 6902) applies to the document as it is.",
    link: `${AG_UI}/concepts/state#json-patch-format`,
    instead: PATCH_KEPT,
  },
  "activity.unknown-target": {
    action: "refused",
    summary: "An ACTIVITY_DELTA names an activity message the thread has.",
    link: `${AG_UI}/concepts/messages`,
    instead: IGNORED,
  },
  "message.unknown-target": {
    action: "refused",
    summary: "A text or reasoning event names a message the thread has that is not an activity.",
    link: `${AG_UI}/concepts/events#text-message-events`,
    instead: IGNORED,
  },
  "tool-call.unknown-target": {
    action: "refused",
    summary: "TOOL_CALL_ARGS and TOOL_CALL_END name a tool call the thread has.",
    link: `${AG_UI}/concepts/events#tool-call-events`,
    instead: IGNORED,
  },
  "tool-call.parent": {
    action: "repaired",
    summary: "A tool call's `parentMessageId` names an assistant message.",
    link: `${AG_UI}/concepts/events#tool-call-events`,
    instead: "Put the call in an assistant message of its own.",
  },
  "predict-state.shape": {
    action: "refused",
    summary: "PredictState's value is a list of `{ state_key, tool, tool_argument }`.",
    link: `${GUIDE}/agent.md#ag-ui-10-beyond-chat`,
    instead: IGNORED,
  },
} as const satisfies Record<string, DiagnosticRule>;
