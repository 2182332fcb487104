// The one table of the parts <Chat> is built from (the top of @tandem/ui's parts: it imports
// them; they import only the registry below them). What many apps never show is a chunk of its
// own, loaded on first use or when the agent's state says it soon will be (see lazyPart): a
// confirmation, an interrupt, a second version, an edit, an activity, a subagent, reasoning, a
// queued message, usage, suggestions, a tool call, an error, a file. An app that imports a part
// by name gets it eagerly, as before; `<Chat components>` replaces any of them.
import { type ThreadState, useAgent, useBranches } from "@tandem/react";
import { forwardRef, type PropsWithoutRef } from "react";
import type { AttachmentChipsProps } from "../composer/AttachmentChips.js";
import { Composer } from "../composer/Composer.js";
import { ComposerDictate } from "../composer/ComposerDictate.js";
import type { InterruptConfirmationProps } from "../interrupts/InterruptConfirmation.js";
import type { InterruptPromptProps } from "../interrupts/InterruptPrompt.js";
import type { InterruptsProps } from "../interrupts/Interrupts.js";
import { useLabels } from "../labels/labels.js";
import { LazyMarkdown } from "../markdown/LazyMarkdown.js";
import type { ActivityProps } from "../messages/Activity.js";
import type { BranchPickerProps } from "../messages/BranchPicker.js";
import { Message } from "../messages/Message.js";
import { MessageActions } from "../messages/MessageActions.js";
import type { MessageEditorProps } from "../messages/MessageEditor.js";
import { MessageFeedback } from "../messages/MessageFeedback.js";
import { MessageList } from "../messages/MessageList.js";
import { useMessageContext } from "../messages/messageContext.js";
import type { ReasoningProps } from "../messages/Reasoning.js";
import { StatusAnnouncer } from "../messages/StatusAnnouncer.js";
import type { SubagentGroupProps } from "../messages/SubagentGroup.js";
import { UserContent } from "../messages/UserContent.js";
import type { UserFilePartProps } from "../messages/UserFilePart.js";
import type { OutboxProps } from "../outbox/Outbox.js";
import { type ChatComponents, registerDefaultParts } from "../parts/registry.js";
import { Following } from "../status/Following.js";
import { Reconnecting } from "../status/Reconnecting.js";
import type { RunErrorProps } from "../status/RunError.js";
import type { StepsProps } from "../status/Steps.js";
import type { UsageProps } from "../status/Usage.js";
import type { SuggestionsProps } from "../suggestions/Suggestions.js";
import type { ConfirmationProps } from "../tools/Confirmation.js";
import type { ToolCallProps } from "../tools/ToolCall.js";
import type { ToolCallCardProps } from "../tools/ToolCallCard.js";
import { type LazyPart, lazyPart, PartLoadError } from "../util/lazyPart.js";

/** A part shown only while the agent's state says so: nothing, and no chunk, until then. */
function shownWhile<P extends object, E>(Loaded: LazyPart<P, E>, shown: (state: ThreadState) => boolean): LazyPart<P, E> {
  const Part = forwardRef<E, P>(function ShownWhile(props, ref) {
    return useAgent(shown) ? <Loaded {...(props as PropsWithoutRef<P>)} ref={ref} /> : null;
  });
  return Object.assign(Part, { preload: Loaded.preload, loaded: Loaded.loaded }) as unknown as LazyPart<P, E>;
}

/** Approve / Reject for a tool call that waits for a person (loads as such a call streams in). */
export const LazyConfirmation = lazyPart<ConfirmationProps, HTMLFieldSetElement>(() =>
  import("../tools/Confirmation.js").then((m) => m.Confirmation),
);

/** An interrupt's form (loads with the interrupts). */
export const LazyInterruptPrompt = lazyPart<InterruptPromptProps, HTMLFormElement>(() =>
  import("../interrupts/InterruptPrompt.js").then((m) => m.InterruptPrompt),
);

/** An approval interrupt: loads with the first one, so a chat whose agent never asks ships none of it. */
export const LazyInterruptConfirmation = lazyPart<InterruptConfirmationProps, HTMLFieldSetElement>(() =>
  import("../interrupts/InterruptConfirmation.js").then((m) => m.InterruptConfirmation),
);

const LoadedInterrupts = lazyPart<InterruptsProps, HTMLDivElement>(() =>
  Promise.all([import("../interrupts/Interrupts.js"), LazyInterruptPrompt.preload()]).then(([m]) => m.Interrupts),
);

/** The open interrupts; nothing, and no chunk, until the first one. */
export const LazyInterrupts = shownWhile(LoadedInterrupts, (s) => s.interrupts.length > 0);

const LoadedBranchPicker = lazyPart<BranchPickerProps, HTMLFieldSetElement>(() =>
  import("../messages/BranchPicker.js").then((m) => m.BranchPicker),
);

/** The branch picker of a message row; nothing, and no chunk, until the row's turn has a second version. */
export const LazyBranchPicker = Object.assign(
  forwardRef<HTMLFieldSetElement, BranchPickerProps>(function LazyBranchPicker(props, ref) {
    const { message } = useMessageContext("BranchPicker");
    const versions = useBranches(message.id).count;
    return versions < 2 ? null : <LoadedBranchPicker {...props} ref={ref} />;
  }),
  { preload: LoadedBranchPicker.preload, loaded: LoadedBranchPicker.loaded },
);

/** Where the editor could not be loaded: why, Retry, and Cancel, which leaves editing and shows the message again. */
function EditorUnavailable({ retry }: { retry: () => void }) {
  const { setEditing } = useMessageContext("MessageEditor");
  const labels = useLabels();
  return (
    <div className="tandem-message-editor">
      <PartLoadError retry={retry} />
      <button type="button" className="tandem-button" onClick={() => setEditing(false)}>
        {labels.cancel}
      </button>
    </div>
  );
}

/** The form editing a user message (loads as the pointer or focus reaches Edit, or when it is pressed). */
export const LazyMessageEditor = lazyPart<MessageEditorProps, HTMLFormElement>(
  () => import("../messages/MessageEditor.js").then((m) => m.MessageEditor),
  EditorUnavailable,
);

/** An activity message (a renderer registered for its type, progress, or its content). */
export const LazyActivity = lazyPart<ActivityProps, HTMLDivElement>(() => import("../messages/Activity.js").then((m) => m.Activity));

/** A reasoning message. */
export const LazyReasoning = lazyPart<ReasoningProps, HTMLDetailsElement>(() =>
  import("../messages/Reasoning.js").then((m) => m.Reasoning),
);

/** A subagent's group in the transcript. */
export const LazySubagentGroup = lazyPart<SubagentGroupProps, HTMLFieldSetElement>(() =>
  import("../messages/SubagentGroup.js").then((m) => m.SubagentGroup),
);

/** The outbox above the composer (always rendered, so it loads just after the first paint: its status line is in the page before it speaks; empty, it takes no room). */
export const LazyOutbox = lazyPart<OutboxProps, HTMLDivElement>(() => import("../outbox/Outbox.js").then((m) => m.Outbox));

/** The token usage footer (`<Chat showUsage>`). */
export const LazyUsage = lazyPart<UsageProps, HTMLElement>(() => import("../status/Usage.js").then((m) => m.Usage));

/** The preset prompts of an empty thread (`<Chat suggestions>`). */
export const LazySuggestions = lazyPart<SuggestionsProps, HTMLFieldSetElement>(() =>
  import("../suggestions/Suggestions.js").then((m) => m.Suggestions),
);

/** The default card of a tool call (loads with the slot). */
export const LazyToolCallCard = lazyPart<ToolCallCardProps, HTMLDivElement>(() =>
  import("../tools/ToolCallCard.js").then((m) => m.ToolCallCard),
);

/** A tool call's slot, with its default card (preloaded as the first run starts: a reply may call a tool). */
export const LazyToolCall = lazyPart<ToolCallProps, HTMLFieldSetElement>(() =>
  Promise.all([import("../tools/ToolCall.js"), LazyToolCallCard.preload()]).then(([m]) => m.ToolCall),
);

const LoadedRunError = lazyPart<RunErrorProps, HTMLDivElement>(() => import("../status/RunError.js").then((m) => m.RunError));

/**
 * The run's error; nothing until there is one. Preloaded as the chat mounts: an error often
 * comes when the network is gone, and its alert must not need the network then.
 */
export const LazyRunError = shownWhile(LoadedRunError, (s) => s.status === "error");

const LoadedSteps = lazyPart<StepsProps, HTMLUListElement>(() => import("../status/Steps.js").then((m) => m.Steps));

/** The steps the agent works on; nothing, and no chunk, until an agent reports one while it runs. */
export const LazySteps = shownWhile(LoadedSteps, (s) => s.status === "running" && s.steps.some((step) => step.status === "running"));

/** A file the user sent, in the transcript (preloaded with the composer's file handling). */
export const LazyUserFilePart = lazyPart<UserFilePartProps, never>(() => import("../messages/UserFilePart.js").then((m) => m.UserFilePart));

/** The files' chips in the composer's list (preloaded with the file handling). */
export const LazyAttachmentChips = lazyPart<AttachmentChipsProps, never>(() =>
  import("../composer/AttachmentChips.js").then((m) => m.AttachmentChips),
);

/**
 * The default of every part, by name: the table `<Chat components>` replaces entries of. Each
 * `Lazy*` entry is a chunk of its own (`preload()` fetches it).
 */
export const defaultParts: ChatComponents = {
  MessageList,
  Message,
  UserContent,
  MessageActions,
  Markdown: LazyMarkdown,
  Reasoning: LazyReasoning,
  Activity: LazyActivity,
  SubagentGroup: LazySubagentGroup,
  ToolCall: LazyToolCall,
  ToolCallCard: LazyToolCallCard,
  Confirmation: LazyConfirmation,
  Interrupts: LazyInterrupts,
  InterruptPrompt: LazyInterruptPrompt,
  InterruptConfirmation: LazyInterruptConfirmation,
  Steps: LazySteps,
  RunError: LazyRunError,
  Suggestions: LazySuggestions,
  Composer,
  StatusAnnouncer,
  Usage: LazyUsage,
  Outbox: LazyOutbox,
  BranchPicker: LazyBranchPicker,
  MessageEditor: LazyMessageEditor,
  MessageFeedback,
  UserFilePart: LazyUserFilePart,
  AttachmentChips: LazyAttachmentChips,
  ComposerDictate,
  Following,
  Reconnecting,
};

registerDefaultParts(defaultParts);

/** Loads every default part that is a chunk of its own; settles when all are in. */
export function preloadDefaultParts(): Promise<void> {
  return Promise.all(Object.values(defaultParts).map((part) => (part as { preload?: () => Promise<void> }).preload?.())).then(
    () => undefined,
  );
}
