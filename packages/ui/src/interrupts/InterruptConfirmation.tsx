import { approvalTarget, type Interrupt, useAgentClient, useCapabilities } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { useConfirmationKeys } from "../tools/useConfirmationKeys.js";
import { composeEventHandlers } from "../util/composeEventHandlers.js";
import { useComposedRefs } from "../util/composeRefs.js";
import { cx } from "../util/cx.js";
import { pretty } from "../util/json.js";
import type { ArgChange } from "./argsDiff.js";
import { FieldInput } from "./FieldInput.js";
import { humanize } from "./humanize.js";
import { InterruptExpiry } from "./InterruptExpiry.js";
import { type ArgsEditor, useArgsEditor } from "./useArgsEditor.js";
import { useExpiry } from "./useExpiry.js";

/** Props of `<InterruptConfirmation>`: a `<fieldset>`'s props, plus the approval interrupt and how to answer it. */
export interface InterruptConfirmationProps extends Omit<ComponentPropsWithoutRef<"fieldset">, "children"> {
  interrupt: Interrupt;
  /** Called with `{ approved: true | false, editedArgs? }`. */
  onResolve: (payload: { approved: boolean; editedArgs?: Record<string, unknown> }) => void;
  /** Offer "Edit arguments" (approve with edits). */
  editable?: boolean;
}

function Diff({ changes }: { changes: ArgChange[] }) {
  const labels = useLabels();
  return (
    <div className="tandem-args-diff" data-testid="args-diff">
      <p className="tandem-confirmation__label">{labels.changes}</p>
      {changes.length === 0 ? (
        <p>{labels.noChanges}</p>
      ) : (
        <ul>
          {changes.map((c) => (
            <li key={c.key} data-change={c.kind}>
              <code>{c.key}</code>: {c.kind !== "added" && <del>{pretty(c.before)}</del>}
              {c.kind === "changed" && " → "}
              {c.kind !== "removed" && <ins>{pretty(c.after)}</ins>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ArgsForm({ editor, id }: { editor: ArgsEditor; id: string }) {
  const labels = useLabels();
  const problemId = `${id}-problem`;
  let body: ReactNode;
  if (editor.fields) {
    body = editor.fields.map((field) => <FieldInput key={field.name} field={field} form={editor} id={`${id}-${field.name}`} />);
  } else {
    body = (
      <div className="tandem-field">
        <label htmlFor={`${id}-json`}>{labels.argumentsJson}</label>
        <textarea
          id={`${id}-json`}
          value={editor.text}
          aria-invalid={editor.problem ? true : undefined}
          aria-describedby={editor.problem ? problemId : undefined}
          onChange={(e) => editor.setText(e.target.value)}
        />
      </div>
    );
  }
  return (
    <div className="tandem-args-form" data-testid="args-form">
      {body}
      {editor.problem && (
        <p id={problemId} role="alert" className="tandem-field__error">
          {editor.problem}
        </p>
      )}
      {editor.changes && <Diff changes={editor.changes} />}
    </div>
  );
}

/**
 * The default look of an approval interrupt (bound to a tool call, or asking for an `approved`
 * boolean): a group named like a tool confirmation, with the call's arguments, Approve and
 * Reject, and where allowed "Edit arguments" (a form from the tool's JSON Schema, validated,
 * the change shown as a diff; Approve then sends `editedArgs`, the full arguments). It takes
 * focus when it appears and Escape rejects. With `expiresAt` it shows the time left; once
 * expired it says so and cannot be answered.
 */
export const InterruptConfirmation = forwardRef<HTMLFieldSetElement, InterruptConfirmationProps>(function InterruptConfirmation(
  { interrupt, onResolve, editable = false, className, onKeyDown, ...rest },
  ref,
) {
  const labels = useLabels();
  const client = useAgentClient();
  const capabilities = useCapabilities();
  // biome-ignore lint/correctness/useExhaustiveDependencies: capabilities may name the tool's schema once they load.
  const target = useMemo(() => approvalTarget(interrupt, client.state, client.tools), [interrupt, client, capabilities]);
  const editor = useArgsEditor(target);
  const expiry = useExpiry(interrupt);
  const [answered, setAnswered] = useState(false);
  const pending = !answered && !expiry.expired;
  const approveRef = useRef<HTMLButtonElement | null>(null);
  const formId = useId();
  const answer = (payload: { approved: boolean; editedArgs?: Record<string, unknown> }) => {
    if (!pending) return;
    setAnswered(true);
    onResolve(payload);
  };
  const reject = () => answer({ approved: false });
  const approve = async () => {
    if (!pending) return;
    if (!editor.editing) return answer({ approved: true });
    const edited = await editor.check();
    if (edited) answer({ approved: true, editedArgs: edited });
  };
  const keys = useConfirmationKeys({ pending, onReject: reject, initialFocus: approveRef });
  const refs = useComposedRefs(ref, keys.ref);
  const title = target.toolName ? labels.confirm(target.toolName) : humanize(interrupt.reason, labels.interrupt);
  const editing = editor.editing;
  const container = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (editing) container.current?.querySelector<HTMLElement>("input, select, textarea")?.focus();
  }, [editing]);
  const buttonProps = (off: boolean) => ({ disabled: off, "data-disabled": off ? "" : undefined });
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
      {target.toolCallId && (
        <div className="tandem-confirmation__arguments">
          <p className="tandem-confirmation__label">{labels.arguments}</p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: long arguments scroll; a keyboard must reach them (axe's scrollable-region-focusable) */}
          <pre className="tandem-confirmation__args" tabIndex={0}>
            {pretty(target.args)}
          </pre>
        </div>
      )}
      <InterruptExpiry expiry={expiry} />
      <div ref={container}>{editing && pending && <ArgsForm editor={editor} id={formId} />}</div>
      <div className="tandem-confirmation__actions">
        <button
          ref={approveRef}
          type="button"
          className="tandem-button tandem-button--primary"
          {...buttonProps(!pending)}
          onClick={() => void approve()}
        >
          {labels.approve}
        </button>
        <button type="button" className="tandem-button" {...buttonProps(!pending)} onClick={reject}>
          {labels.reject}
        </button>
        {editable && (
          <button type="button" className="tandem-button" aria-expanded={editing} {...buttonProps(!pending)} onClick={editor.toggle}>
            {labels.editArguments}
          </button>
        )}
      </div>
    </fieldset>
  );
});
