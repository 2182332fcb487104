import { type OutboxItemState, type SubagentStatus, shallowEqual, type ToolCallStatus } from "@tandem/react";
import { createContext, type ReactNode, useContext, useRef } from "react";

/** Token counts as the Usage part sums them; a count nobody reported is missing. */
export interface UsageSummary {
  input?: number;
  output?: number;
  total?: number;
}

/**
 * Every word @tandem/ui shows or announces. The English defaults are the DOM contract (tests
 * and screen readers find parts by them); give `<Chat labels>` or `<LabelsProvider value>` a
 * partial object to translate or reword any of them.
 */
export interface ChatLabels {
  /** The default welcome in an empty thread. */
  welcome: string;
  /** The composer's textbox (its accessible name). */
  message: string;
  placeholder: string;
  send: string;
  stop: string;
  /** The transcript (`role="log"`). */
  conversation: string;
  jumpToLatest: string;
  /** Announced when a run starts. */
  agentReplying: string;
  /** Announced when a run goes on after the user answered. */
  agentContinuing: string;
  replyFinished: string;
  awaitingInput: string;
  /** Announced on an error; `message` is the error's, when it has one. */
  runError: (message: string | undefined) => string;
  retry: string;
  suggestions: string;
  stepsInProgress: string;
  reasoning: string;
  thinking: string;
  /** An attached image without a name of its own. */
  attachedImage: string;
  /** An attachment that cannot be shown, by its content type ("audio", "document"…). */
  attachment: (type: string) => string;
  /** A progress bar's name when the report has no message. */
  progress: string;
  /** A tool card's progress bar name when the report has no message. */
  toolProgress: (toolName: string) => string;
  /** A progress bar's value as read out. */
  percent: (percent: number) => string;
  /** A tool call's group. */
  toolCall: (toolName: string) => string;
  /** A tool call's status as shown on its card ("Running", "Done"…). */
  toolStatus: (status: ToolCallStatus) => string;
  arguments: string;
  result: string;
  /** A confirmation's name and title; the tool's name is emphasised where it appears. */
  confirm: (toolName: string) => string;
  reasonOptional: string;
  approve: string;
  reject: string;
  /** A subagent's group. */
  subagent: (name: string) => string;
  /** The word before a subagent's name in its group's header. */
  subagentKind: string;
  /** A subagent's status as shown in its group's header ("Working"…). */
  subagentStatus: (status: SubagentStatus) => string;
  /** An interrupt's title when it gives no reason. */
  interrupt: string;
  /** The free-form answer field of an interrupt without a response schema. */
  interruptResponse: string;
  /** The empty choice of an optional select. */
  choose: string;
  resolve: string;
  cancel: string;
  fieldRequired: string;
  fieldInteger: string;
  fieldNumber: string;
  fieldJson: string;
  tokenUsage: string;
  /** The usage line of the last run, given its summary. */
  usageLastRun: (summary: string) => string;
  /** The usage line of the whole thread, given its summary. */
  usageThread: (summary: string) => string;
  /** Token counts as one phrase; a missing count is left out. */
  usageSummary: (usage: UsageSummary) => string;
  unnamedModel: string;
  /** A code block's language when it names none. */
  code: string;
  copy: string;
  copied: string;
  /** The thread list (`role="navigation"`). */
  threads: string;
  newThread: string;
  /** A thread without a title yet (nothing asked in it). */
  untitledThread: string;
  /** The inline rename box. */
  threadTitle: string;
  /** The rename button of a thread, given its title. */
  renameThread: (title: string) => string;
  /** The delete button of a thread, given its title. */
  deleteThread: (title: string) => string;
  /** The inline question before a thread is deleted. */
  confirmDeleteThread: (title: string) => string;
  /** A thread in the list while a run goes on in it (its button's `aria-description`; a dot shows it). */
  threadRunning: string;
  /** The button that confirms the deletion. */
  delete: string;
  /** A message's toolbar (Copy, Edit or Regenerate, the branch picker). */
  messageActions: string;
  edit: string;
  /** The textbox that edits a sent message. */
  editMessage: string;
  save: string;
  regenerate: string;
  /** The branch picker's group and buttons; `version` is announced when the version changes (1-based). */
  versions: string;
  previousVersion: string;
  nextVersion: string;
  /** "Version N of M", read out when the version shown changes. */
  version: (index: number, count: number) => string;
  /** The composer's file picker (button and input). */
  attachFiles: string;
  /** The list of pending attachments. */
  attachments: string;
  /** The Remove button of a pending attachment, given its file name. */
  removeAttachment: (fileName: string) => string;
  /** Shown over the composer while files are dragged onto it. */
  dropFiles: string;
  /** An attachment being uploaded. */
  uploading: string;
  /** Why a file was refused; `limit` is a size such as "20 MB". */
  fileTooLarge: (fileName: string, limit: string) => string;
  /** Why files were refused when a message would carry more than `max`. */
  tooManyFiles: (max: number) => string;
  /** Why a file was refused when the agent (or the app) does not take its kind. */
  fileNotAccepted: (fileName: string) => string;
  /** The agent (or its protocol) takes no files of this kind, said before sending. */
  attachmentsNotSupported: (kinds: string) => string;
  /** Why a file could not be attached (its upload or reading failed); `message` is the error's. */
  attachmentFailed: (fileName: string, message: string) => string;
  /** The thread list's status line when threads cannot be saved; `message` says why. */
  cannotSave: (message: string) => string;
  /** Shown and announced while a dropped reply's connection is being restored. */
  reconnecting: string;
  /** Shown and announced while this tab follows a reply another tab or device runs (it owns the run). */
  following: string;
  /** The thumbs-up toggle on a reply. */
  goodResponse: string;
  /** The thumbs-down toggle on a reply; it opens a short form for a comment. */
  badResponse: string;
  /** The comment form after a thumbs down, and its textbox. */
  feedbackForm: string;
  feedbackComment: string;
  sendFeedback: string;
  /** The composer's microphone toggle. */
  dictate: string;
  /** Why dictation stopped or could not start, by the recognizer's error code ("not-allowed", "no-speech"…). */
  dictationError: (code: string) => string;
  /** A confirmation's button that opens (and closes) the form editing the tool call's arguments. */
  editArguments: string;
  /** The JSON text field for arguments the form cannot draw. */
  argumentsJson: string;
  /** The list of changes made to the arguments, shown before approving. */
  changes: string;
  /** Said instead of the list when the edited arguments equal the agent's. */
  noChanges: string;
  /** An interrupt's time left, given in whole seconds. */
  expiresIn: (seconds: number) => string;
  /** An interrupt whose time ran out (it goes to the agent as cancelled). */
  expired: string;
  /**
   * An interrupt answered while others are still open: the answer waits to go to the agent
   * with theirs ("Approved", "Rejected", "Answered", "Cancelled").
   */
  interruptAnswered: (answer: "approved" | "rejected" | "answered" | "cancelled") => string;
  /** Approves every open approval at once. */
  approveAll: string;
  /** Rejects every open approval at once. */
  rejectAll: string;
  /** The group of Approve all / Reject all. */
  answerAll: string;
  /** Shown and announced when the agent ended its run as cancelled (stopped, not finished). */
  stopped: string;
  /** The list of messages sent but not in the thread yet (the outbox). */
  outbox: string;
  /** An outbox message's state, shown beside it ("Queued", "Waiting for connection", "Not sent"). */
  outboxState: (state: OutboxItemState) => string;
  /**
   * The outbox's status line, given how many messages wait and why the first one does (`held`
   * comes with `failed`: true after an error, false after a Stop).
   */
  outboxStatus: (summary: OutboxSummary) => string;
  /** The button that sends what the outbox holds now. */
  sendNow: string;
  /** The alert shown while the browser is online but the agent cannot be reached (its messages wait and are tried again). */
  agentUnreachable: string;
  /** The Remove button of an outbox message (its visible text is `remove`), given the message's text. */
  removeQueued: (text: string) => string;
  /** The visible text of an outbox message's Remove button. */
  remove: string;
  /** Shown, with Retry, where a part of the chat could not be loaded (its code is fetched on first use). */
  partLoadFailed: string;
  /** Shown, with Retry and the part's text, where a part of a message failed to draw (it threw, or went over a budget). */
  partFailed: string;
  /** Said when picked files could not be taken because what handles files could not be loaded (picking them again retries). */
  attachmentsNotLoaded: string;
}

/** What the outbox's status line says: how many messages wait, and why the first one does. */
export interface OutboxSummary {
  count: number;
  state: OutboxItemState;
  /** A `held` outbox: the run failed (true) or was stopped (false). */
  failed: boolean;
}

const TOOL_STATUS: Record<ToolCallStatus, string> = {
  streaming: "Preparing",
  executing: "Running",
  "awaiting-input": "Waiting for you",
  complete: "Done",
  error: "Failed",
};

const OUTBOX_STATE: Record<OutboxItemState, string> = {
  queued: "Queued",
  waiting: "Waiting for connection",
  unreachable: "Not sent yet",
  held: "Not sent",
};

function outboxStatus({ count, state, failed }: OutboxSummary): string {
  const messages = count === 1 ? "1 message" : `${count} messages`;
  if (state === "queued") return `${messages} will be sent when the agent finishes.`;
  if (state === "waiting") return `Waiting for connection: ${messages} will be sent when you are back online.`;
  if (state === "unreachable") return `Trying again: ${messages} will be sent when the agent answers.`;
  return `${failed ? "The reply failed" : "Stopped"}: ${messages} not sent.`;
}

const SUBAGENT_STATUS: Record<SubagentStatus, string> = {
  running: "Working",
  finished: "Done",
  suspended: "Paused",
  failed: "Failed",
};

function usageSummary({ input, output, total }: UsageSummary): string {
  const parts = [input !== undefined && `${input.toLocaleString()} in`, output !== undefined && `${output.toLocaleString()} out`].filter(
    Boolean,
  );
  const head = total !== undefined ? `${total.toLocaleString()} tokens` : "tokens";
  return parts.length > 0 ? `${head} (${parts.join(", ")})` : head;
}

function dictationError(code: string): string {
  if (code === "not-allowed" || code === "service-not-allowed") return "Dictation needs permission to use the microphone.";
  if (code === "no-speech") return "No speech was heard. Press Dictate to try again.";
  if (code === "audio-capture") return "No microphone was found.";
  if (code === "network") return "Dictation needs a network connection.";
  return "Dictation stopped.";
}

/** The English labels. */
export const defaultLabels: ChatLabels = {
  welcome: "How can I help?",
  message: "Message",
  placeholder: "Message the agent…",
  send: "Send",
  stop: "Stop",
  conversation: "Conversation",
  jumpToLatest: "Jump to latest",
  agentReplying: "Agent is replying…",
  agentContinuing: "Agent is continuing…",
  replyFinished: "Reply finished",
  awaitingInput: "The agent is waiting for your input",
  runError: (message) => `Error: ${message ?? "the agent could not reply"}`,
  retry: "Retry",
  suggestions: "Suggestions",
  stepsInProgress: "Steps in progress",
  reasoning: "Reasoning",
  thinking: "Thinking…",
  attachedImage: "Attached image",
  attachment: (type) => `Attached ${type}`,
  progress: "Tool progress",
  toolProgress: (toolName) => `${toolName} progress`,
  percent: (percent) => `${percent}%`,
  toolCall: (toolName) => `Tool call: ${toolName}`,
  toolStatus: (status) => TOOL_STATUS[status],
  arguments: "Arguments",
  result: "Result",
  confirm: (toolName) => `Allow the agent to run ${toolName}?`,
  reasonOptional: "Reason (optional)",
  approve: "Approve",
  reject: "Reject",
  subagent: (name) => `Subagent: ${name}`,
  subagentKind: "Subagent",
  subagentStatus: (status) => SUBAGENT_STATUS[status],
  interrupt: "The agent needs your input",
  interruptResponse: "Response (JSON or text, optional)",
  choose: "Choose…",
  resolve: "Resolve",
  cancel: "Cancel",
  fieldRequired: "Required",
  fieldInteger: "Enter a whole number",
  fieldNumber: "Enter a number",
  fieldJson: "Enter valid JSON",
  tokenUsage: "Token usage",
  usageLastRun: (summary) => `Last run: ${summary}`,
  usageThread: (summary) => `Thread: ${summary}`,
  usageSummary,
  unnamedModel: "Unnamed model",
  code: "code",
  copy: "Copy",
  copied: "Copied",
  threads: "Threads",
  newThread: "New thread",
  untitledThread: "Untitled",
  threadTitle: "Thread title",
  renameThread: (title) => `Rename ${title}`,
  deleteThread: (title) => `Delete ${title}`,
  confirmDeleteThread: (title) => `Delete “${title}”?`,
  threadRunning: "Running",
  delete: "Delete",
  messageActions: "Message actions",
  edit: "Edit",
  editMessage: "Edit message",
  save: "Save",
  regenerate: "Regenerate",
  versions: "Versions",
  previousVersion: "Previous version",
  nextVersion: "Next version",
  version: (index, count) => `Version ${index} of ${count}`,
  attachFiles: "Attach files",
  attachments: "Attachments",
  removeAttachment: (fileName) => `Remove ${fileName}`,
  dropFiles: "Drop files to attach",
  uploading: "Uploading…",
  fileTooLarge: (fileName, limit) => `${fileName} is larger than ${limit}, the most one file can be.`,
  tooManyFiles: (max) => `At most ${max} files can go with one message.`,
  fileNotAccepted: (fileName) => `${fileName} is not a kind of file this agent can read.`,
  attachmentsNotSupported: (kinds) => `This agent cannot receive ${kinds}; remove them to send.`,
  attachmentFailed: (fileName, message) => `${fileName} could not be attached: ${message}`,
  cannotSave: (message) => message,
  editArguments: "Edit arguments",
  argumentsJson: "Arguments (JSON)",
  changes: "Changes",
  noChanges: "No changes",
  expiresIn: (seconds) => {
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = seconds % 60;
    return h > 0 ? `Expires in ${h} h ${m} min` : `Expires in ${m}:${String(s).padStart(2, "0")}`;
  },
  expired: "This request has expired and can no longer be answered.",
  interruptAnswered: (answer) =>
    `${{ approved: "Approved", rejected: "Rejected", answered: "Answered", cancelled: "Cancelled" }[answer]}; sent with the other answers`,
  approveAll: "Approve all",
  rejectAll: "Reject all",
  answerAll: "Answer all requests",
  stopped: "Stopped",
  outbox: "Messages to send",
  outboxState: (state) => OUTBOX_STATE[state],
  outboxStatus,
  sendNow: "Send now",
  agentUnreachable: "The agent can't be reached. Your message is kept and will be sent when it answers.",
  removeQueued: (text) => `Remove queued message: ${text}`,
  remove: "Remove",
  partLoadFailed: "This part of the chat could not be loaded.",
  partFailed: "This part of the reply could not be shown.",
  attachmentsNotLoaded: "The files could not be attached: what handles them could not be loaded. Try again.",
  goodResponse: "Good response",
  badResponse: "Bad response",
  feedbackForm: "Feedback",
  feedbackComment: "What went wrong? (optional)",
  sendFeedback: "Send feedback",
  dictate: "Dictate",
  dictationError,
  reconnecting: "Reconnecting…",
  following: "Following a reply running elsewhere",
};

const LabelsContext = createContext<ChatLabels>(defaultLabels);

/**
 * Labels for everything below it, merged over the labels above (the English defaults at the
 * top). `<Chat labels>` does this; use it when composing the parts without `<Chat>`. Keep the
 * object stable (a constant, or memoized) if its functions are made inline: a new one re-renders
 * every part that shows a label.
 */
export function LabelsProvider({ value, children }: { value: Partial<ChatLabels> | undefined; children?: ReactNode }) {
  const outer = useContext(LabelsContext);
  const last = useRef<{ outer: ChatLabels; value: Partial<ChatLabels> | undefined; merged: ChatLabels } | null>(null);
  // An inline `labels={{...}}` is a new object per render: keep the context value while its entries are the same.
  if (!last.current || last.current.outer !== outer || !shallowEqual(last.current.value, value)) {
    last.current = { outer, value, merged: value ? { ...outer, ...definedOnly(value) } : outer };
  }
  return <LabelsContext.Provider value={last.current.merged}>{children}</LabelsContext.Provider>;
}

/** The labels in effect: the nearest LabelsProvider's (or `<Chat labels>`'s) over the English defaults. */
export function useLabels(): ChatLabels {
  return useContext(LabelsContext);
}

/** An entry given as `undefined` keeps the default rather than erasing it. */
function definedOnly(value: Partial<ChatLabels>): Partial<ChatLabels> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
