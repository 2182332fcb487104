// The default parts <Chat> loads on first use: each renders only when something happens that
// many apps never see (a confirmation, an interrupt, a second version, an edit, an activity, a
// subagent, reasoning, a queued message, usage, suggestions, a tool call, an error), so the first load does not carry
// them. Each is a chunk of its own (see lazyPart); an app that imports a part by name gets it
// eagerly, as before.
import { useAgent, useBranches } from "@tandem/react";
import { forwardRef } from "react";
import type { InterruptsProps } from "../interrupts/Interrupts.js";
import type { ActivityProps } from "../messages/Activity.js";
import type { BranchPickerProps } from "../messages/BranchPicker.js";
import type { MessageEditorProps } from "../messages/MessageEditor.js";
import { useMessageContext } from "../messages/messageContext.js";
import type { ReasoningProps } from "../messages/Reasoning.js";
import type { SubagentGroupProps } from "../messages/SubagentGroup.js";
import type { OutboxProps } from "../outbox/Outbox.js";
import type { RunErrorProps } from "../status/RunError.js";
import type { UsageProps } from "../status/Usage.js";
import type { SuggestionsProps } from "../suggestions/Suggestions.js";
import type { ConfirmationProps } from "../tools/Confirmation.js";
import type { ToolCallCardProps } from "../tools/ToolCallCard.js";
import { lazyPart } from "../util/lazyPart.js";

/** Approve / Reject for a tool call that waits for a person (loads as such a call streams in). */
export const LazyConfirmation = lazyPart<ConfirmationProps, HTMLFieldSetElement>(() =>
  import("../tools/Confirmation.js").then((m) => m.Confirmation),
);

const LoadedInterrupts = lazyPart<InterruptsProps, HTMLDivElement>(() => import("../interrupts/Interrupts.js").then((m) => m.Interrupts));

/** The open interrupts; nothing, and no chunk, until the first one. */
export const LazyInterrupts = Object.assign(
  forwardRef<HTMLDivElement, InterruptsProps>(function LazyInterrupts(props, ref) {
    const open = useAgent((s) => s.interrupts.length > 0);
    return open ? <LoadedInterrupts {...props} ref={ref} /> : null;
  }),
  { preload: LoadedInterrupts.preload },
);

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

/** The form editing a user message (loads when Edit is pressed). */
export const LazyMessageEditor = lazyPart<MessageEditorProps, HTMLFormElement>(() =>
  import("../messages/MessageEditor.js").then((m) => m.MessageEditor),
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

/** A tool call's default card (preloaded as the first run starts: a reply may call a tool). */
export const LazyToolCallCard = lazyPart<ToolCallCardProps, HTMLDivElement>(() =>
  import("../tools/ToolCallCard.js").then((m) => m.ToolCallCard),
);

const LoadedRunError = lazyPart<RunErrorProps, HTMLDivElement>(() => import("../status/RunError.js").then((m) => m.RunError));

/**
 * The run's error; nothing until there is one. Preloaded as the chat mounts: an error often
 * comes when the network is gone, and its alert must not need the network then.
 */
export const LazyRunError = Object.assign(
  forwardRef<HTMLDivElement, RunErrorProps>(function LazyRunError(props, ref) {
    const failed = useAgent((s) => s.status === "error");
    return failed ? <LoadedRunError {...props} ref={ref} /> : null;
  }),
  { preload: LoadedRunError.preload },
);
