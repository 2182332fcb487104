import { composeEventHandlers } from "@radix-ui/primitive";
import { useComposedRefs } from "@radix-ui/react-compose-refs";
import { isObject } from "@tandem/core";
import { type Interrupt, useAgent, useAgentClient, useToolCall } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef, useEffect, useId, useRef, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { useConfirmationKeys } from "../tools/useConfirmationKeys.js";
import { cx } from "../util/cx.js";
import { pretty } from "../util/json.js";
import { lazyPart } from "../util/lazyPart.js";
import type { ArgsEditPanelProps, CheckEdit } from "./ArgsEditPanel.js";
import { argsDiff } from "./argsDiff.js";
import { humanize } from "./humanize.js";
import { InterruptExpiry } from "./InterruptExpiry.js";
import { useExpiry } from "./useExpiry.js";

/** Props of `<InterruptConfirmation>`: a `<fieldset>`'s props, plus the approval interrupt and how to answer it. */
export interface InterruptConfirmationProps extends Omit<ComponentPropsWithoutRef<"fieldset">, "children"> {
  interrupt: Interrupt;
  /** Called with `{ approved: true | false, editedArgs? }`. */
  onResolve: (payload: { approved: boolean; editedArgs?: Record<string, unknown> }) => void;
  /** Offer "Edit arguments" (approve with edits). */
  editable?: boolean;
}

// The edit form loads on first use: most approvals are answered without it.
// A part like the others: its failure view offers Retry, and "Edit arguments" stays for another try.
const ArgsEditPanel = lazyPart<ArgsEditPanelProps, never>(() => import("./ArgsEditPanel.js").then((m) => m.default));

/**
 * The default look of an approval interrupt (bound to a tool call, or asking for an `approved`
 * boolean): a group named like a tool confirmation, with the call's arguments, Approve and
 * Reject, and where allowed "Edit arguments" (a form from the arguments' JSON Schema,
 * validated, the change shown as a diff; Approve then sends `editedArgs`, the full arguments).
 * It takes focus when it appears and Escape rejects. With `expiresAt` it shows the time left;
 * once expired it says so and cannot be answered.
 */
export const InterruptConfirmation = forwardRef<HTMLFieldSetElement, InterruptConfirmationProps>(function InterruptConfirmation(
  { interrupt, onResolve, editable = false, className, onKeyDown, ...rest },
  ref,
) {
  const labels = useLabels();
  const call = useToolCall(interrupt.toolCallId ?? "");
  const args = isObject(call?.args) ? call.args : {};
  const expiry = useExpiry(interrupt);
  const client = useAgentClient();
  // Edited arguments live in core, stored with the thread: after a reload the form opens with them.
  const draft = useAgent((s) => (Object.hasOwn(s.decisions.drafts, interrupt.id) ? s.decisions.drafts[interrupt.id] : undefined));
  const [answered, setAnswered] = useState(false);
  const [editing, setEditing] = useState(draft !== undefined);
  const pending = !answered && !expiry.expired;
  const approveRef = useRef<HTMLButtonElement | null>(null);
  const checkRef = useRef<CheckEdit | null>(null);
  const formId = useId();
  useEffect(() => {
    if (editable) ArgsEditPanel.preload().catch(() => undefined);
  }, [editable]);
  const answer = (payload: { approved: boolean; editedArgs?: Record<string, unknown> }) => {
    if (!pending) return;
    setAnswered(true);
    onResolve(payload);
  };
  const reject = () => answer({ approved: false });
  const approve = async () => {
    if (!pending) return;
    if (!editing) return answer({ approved: true });
    const edited = await checkRef.current?.();
    // An edit that changed nothing is a plain approval.
    if (edited) answer(argsDiff(args, edited).length === 0 ? { approved: true } : { approved: true, editedArgs: edited });
  };
  const keys = useConfirmationKeys({ pending, onReject: reject, initialFocus: approveRef });
  const refs = useComposedRefs(ref, keys.ref);
  const title = call ? labels.confirm(call.name) : humanize(interrupt.reason, labels.interrupt);
  const off = { disabled: !pending, "data-disabled": pending ? undefined : "" };
  return (
    <fieldset
      aria-label={title}
      data-interrupt-id={interrupt.id}
      data-state={answered ? "answered" : expiry.expired ? "expired" : "pending"}
      data-tandem-confirmation=""
      {...rest}
      ref={refs}
      className={cx("tandem-confirmation", "tandem-interrupt-confirmation", className)}
      onKeyDown={composeEventHandlers(onKeyDown, keys.onKeyDown)}
    >
      <p className="tandem-confirmation__title">{title}</p>
      {interrupt.message && <p className="tandem-confirmation__description">{interrupt.message}</p>}
      {call && (
        <div className="tandem-confirmation__arguments">
          <p className="tandem-confirmation__label">{labels.arguments}</p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: long arguments scroll; a keyboard must reach them (axe's scrollable-region-focusable) */}
          <pre className="tandem-confirmation__args" tabIndex={0}>
            {pretty(args)}
          </pre>
        </div>
      )}
      <InterruptExpiry expiry={expiry} />
      {editing && pending && (
        <ArgsEditPanel interrupt={interrupt} toolName={call?.name} args={args} draft={draft} checkRef={checkRef} id={formId} />
      )}
      <div className="tandem-confirmation__actions">
        <button ref={approveRef} type="button" className="tandem-button tandem-button--primary" {...off} onClick={() => void approve()}>
          {labels.approve}
        </button>
        <button type="button" className="tandem-button" {...off} onClick={reject}>
          {labels.reject}
        </button>
        {editable && (
          <button
            type="button"
            className="tandem-button"
            aria-expanded={editing}
            {...off}
            onClick={() => {
              // Closing the form drops the edit: Approve then sends the arguments as they were.
              if (editing) client.setInterruptDraft(interrupt.id, null);
              setEditing(!editing);
            }}
          >
            {labels.editArguments}
          </button>
        )}
      </div>
    </fieldset>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** An approval interrupt (bound to a tool call, or asking for `approved`): Approve, Reject, Edit arguments. */
    InterruptConfirmation: InterruptConfirmationProps;
  }
}
