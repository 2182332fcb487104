// The default parts <Chat> loads on first use: each renders only when something happens that
// many apps never see (a confirmation, an interrupt, a second version, an edit, an activity, a
// subagent, reasoning, a queued message, usage, suggestions, a tool call, an error), so the first load does not carry
// them. Each is a chunk of its own (see lazyPart); an app that imports a part by name gets it
// eagerly, as before.
import { type ThreadState, useAgent, useBranches } from "@tandem/react";
import { forwardRef, type PropsWithoutRef } from "react";
import type { InterruptsProps } from "../interrupts/Interrupts.js";
import { useLabels } from "../labels/labels.js";
import type { ActivityProps } from "../messages/Activity.js";
import type { BranchPickerProps } from "../messages/BranchPicker.js";
import type { MessageEditorProps } from "../messages/MessageEditor.js";
import { useMessageContext } from "../messages/messageContext.js";
import type { ReasoningProps } from "../messages/Reasoning.js";
import type { SubagentGroupProps } from "../messages/SubagentGroup.js";
import type { UserFilePartProps } from "../messages/UserFilePart.js";
import type { OutboxProps } from "../outbox/Outbox.js";
import type { RunErrorProps } from "../status/RunError.js";
import type { StepsProps } from "../status/Steps.js";
import type { UsageProps } from "../status/Usage.js";
import type { SuggestionsProps } from "../suggestions/Suggestions.js";
import type { ConfirmationProps } from "../tools/Confirmation.js";
import type { ToolCallProps } from "../tools/ToolCall.js";
import { type LazyPart, lazyPart, PartLoadError } from "../util/lazyPart.js";

/** A part shown only while the agent's state says so: nothing, and no chunk, until then. */
function shownWhile<P extends object, E>(Loaded: LazyPart<P, E>, shown: (state: ThreadState) => boolean): LazyPart<P, E> {
  const Part = forwardRef<E, P>(function ShownWhile(props, ref) {
    return useAgent(shown) ? <Loaded {...(props as PropsWithoutRef<P>)} ref={ref} /> : null;
  });
  return Object.assign(Part, { preload: Loaded.preload }) as unknown as LazyPart<P, E>;
}

/** Approve / Reject for a tool call that waits for a person (loads as such a call streams in). */
export const LazyConfirmation = lazyPart<ConfirmationProps, HTMLFieldSetElement>(() =>
  import("../tools/Confirmation.js").then((m) => m.Confirmation),
);

const LoadedInterrupts = lazyPart<InterruptsProps, HTMLDivElement>(() => import("../interrupts/Interrupts.js").then((m) => m.Interrupts));

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
  { preload: LoadedBranchPicker.preload },
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

/** A tool call's slot, with its default card (preloaded as the first run starts: a reply may call a tool). */
export const LazyToolCall = lazyPart<ToolCallProps, HTMLFieldSetElement>(() => import("../tools/ToolCall.js").then((m) => m.ToolCall));

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
