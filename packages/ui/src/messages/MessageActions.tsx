import { composeEventHandlers } from "@radix-ui/primitive";
import { useComposedRefs } from "@radix-ui/react-compose-refs";
import { useAgentClient } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { useLabels } from "../labels/labels.js";
import { partLoaded, preloadPart, usePart } from "../parts/registry.js";
import { useConfirmationFocusRegistry } from "../tools/confirmationFocus.js";
import { cx } from "../util/cx.js";
import { CheckIcon, CopyIcon, EditIcon, RegenerateIcon } from "../util/icons.js";
import { ActionButton, type PartButtonProps } from "../util/Primitive.js";
import { useCopy } from "../util/useCopy.js";
import { textOfMessage, useMessageContext } from "./messageContext.js";

/** Props of `<MessageActions>`: a `<fieldset>`'s props. */
export interface MessageActionsProps extends ComponentPropsWithoutRef<"fieldset"> {}

/**
 * A message's toolbar: the branch picker, then Copy and Edit (user) or Regenerate (assistant)
 * and, where the app takes feedback, MessageFeedback; or the `children` you compose from those parts. Not shown while the message streams or is
 * being edited.
 */
export const MessageActions = forwardRef<HTMLFieldSetElement, MessageActionsProps>(function MessageActions(
  { className, children, ...rest },
  ref,
) {
  const { message } = useMessageContext("MessageActions");
  const labels = useLabels();
  const role = message.role;
  const hasText = textOfMessage(message) !== "";
  const feedback = useAgentClient().feedback.enabled;
  const BranchPicker = usePart("BranchPicker");
  const MessageFeedback = usePart("MessageFeedback");
  return (
    <fieldset aria-label={labels.messageActions} {...rest} ref={ref} className={cx("tandem-message-actions", className)}>
      {children ?? (
        <>
          <BranchPicker />
          {(role === "user" || role === "assistant") && hasText && <MessageCopy />}
          {role === "user" && <MessageEdit />}
          {role === "assistant" && <MessageRegenerate />}
          {role === "assistant" && feedback && <MessageFeedback />}
        </>
      )}
    </fieldset>
  );
});

/** Copies the message's text; says "Copied" for a moment after. */
export const MessageCopy = forwardRef<HTMLButtonElement, PartButtonProps>(function MessageCopy(props, ref) {
  const { message } = useMessageContext("MessageCopy");
  const { copied, copy } = useCopy();
  const labels = useLabels();
  return (
    <ActionButton
      {...props}
      ref={ref}
      action={() => void copy(textOfMessage(message))}
      label={copied ? CheckIcon : CopyIcon}
      aria-label={props["aria-label"] ?? (copied ? labels.copied : labels.copy)}
      title={props.title ?? labels.copy}
      data-state={copied ? "copied" : "idle"}
      classes="tandem-button tandem-button--ghost tandem-message-actions__copy"
    />
  );
});

const preloadEditor = () => void preloadPart("MessageEditor").catch(() => undefined);

/** Opens the message for editing (user messages); saving sends the edit as a new version. */
export const MessageEdit = forwardRef<HTMLButtonElement, PartButtonProps>(function MessageEdit(props, ref) {
  const { setEditing, editTrigger } = useMessageContext("MessageEdit");
  const labels = useLabels();
  const refs = useComposedRefs(ref, editTrigger);
  return (
    <ActionButton
      {...props}
      ref={refs}
      // The message turns into the editor once the editor's code is in (focus stays on Edit till
      // then); if it cannot load, the editor's place says so, with Retry and Cancel.
      action={() => {
        const open = () => setEditing(true);
        if (partLoaded("MessageEditor")) open();
        else preloadPart("MessageEditor").then(open, open);
      }}
      // The editor loads as the pointer or focus reaches Edit, so it opens at once when pressed.
      onPointerEnter={composeEventHandlers(props.onPointerEnter, preloadEditor)}
      onFocus={composeEventHandlers(props.onFocus, preloadEditor)}
      label={EditIcon}
      aria-label={props["aria-label"] ?? labels.edit}
      title={props.title ?? labels.edit}
      classes="tandem-button tandem-button--ghost tandem-message-actions__edit"
    />
  );
});

/** Asks again for this reply as a new version; the old one stays a click away in the branch picker. */
export const MessageRegenerate = forwardRef<HTMLButtonElement, PartButtonProps>(function MessageRegenerate(props, ref) {
  const { message } = useMessageContext("MessageRegenerate");
  // The client, not useAgent(): a subscription to the whole thread in every reply's toolbar woke
  // thousands of rows on each streamed token of a long thread.
  const client = useAgentClient();
  const labels = useLabels();
  const focus = useConfirmationFocusRegistry();
  return (
    <ActionButton
      {...props}
      ref={ref}
      action={() => {
        void client.regenerate(message.id);
        // The new reply is a second version: its picker loads while it streams.
        preloadPart("BranchPicker").catch(() => undefined);
        // This row gives way to the new reply: the conversation goes on from the composer.
        focus.handOff();
      }}
      label={RegenerateIcon}
      aria-label={props["aria-label"] ?? labels.regenerate}
      title={props.title ?? labels.regenerate}
      classes="tandem-button tandem-button--ghost tandem-message-actions__regenerate"
    />
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** A message's toolbar: branch picker, Copy, Edit or Regenerate, feedback. */
    MessageActions: MessageActionsProps;
  }
}
