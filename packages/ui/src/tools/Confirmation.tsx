import { composeEventHandlers } from "@radix-ui/primitive";
import { useComposedRefs } from "@radix-ui/react-compose-refs";
import type { ToolCallView } from "@tandem/react";
import { type ComponentPropsWithoutRef, createContext, forwardRef, type ReactNode, useContext, useEffect, useId, useState } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import { argsText } from "../util/json.js";
import { ActionButton, type PartButtonProps } from "../util/Primitive.js";
import { type UseConfirmation, useConfirmation } from "./useConfirmation.js";

interface ConfirmationContextValue extends UseConfirmation {
  call: ToolCallView;
  descriptionId: string;
  /** ConfirmationDescription says it is on screen, so the group is described by it. */
  setDescribed: (described: boolean) => void;
}

const ConfirmationContext = createContext<ConfirmationContextValue | null>(null);

function useConfirmationContext(part: string): ConfirmationContextValue {
  const value = useContext(ConfirmationContext);
  if (!value) throw new Error(`<${part}> must be inside <Confirmation>.`);
  return value;
}

/** The label's text with the tool's name emphasised where it appears. */
function emphasise(text: string, name: string): ReactNode {
  const at = name === "" ? -1 : text.indexOf(name);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <strong>{name}</strong>
      {text.slice(at + name.length)}
    </>
  );
}

/** Props of `<Confirmation>`: a `<fieldset>`'s props, plus the tool call waiting for an answer. */
export interface ConfirmationProps extends ComponentPropsWithoutRef<"fieldset"> {
  call: ToolCallView;
}

/**
 * The default approval for a human-in-the-loop tool with no render of its own: a group named
 * `Allow the agent to run <name>?` (`data-state="pending|answered"`, `data-answered` once
 * answered) with ConfirmationTitle, ConfirmationDescription, ConfirmationArgs, ConfirmationReason
 * and Approve / Reject, or the `children` you compose from them. It takes focus when it appears
 * (ConfirmationApprove first), Escape rejects, and focus moves on once it is answered.
 */
export const Confirmation = forwardRef<HTMLFieldSetElement, ConfirmationProps>(function Confirmation(
  { call, className, children, onKeyDown, ...rest },
  ref,
) {
  const confirmation = useConfirmation(call);
  const { description, answered, keys } = confirmation;
  const labels = useLabels();
  const descriptionId = useId();
  // The default layout shows the description whenever there is one: described from the first render.
  const [described, setDescribed] = useState(children === undefined && description !== undefined);
  const refs = useComposedRefs(ref, keys.ref);
  return (
    <ConfirmationContext.Provider value={{ ...confirmation, call, descriptionId, setDescribed }}>
      <fieldset
        aria-label={labels.confirm(call.name)}
        aria-describedby={described ? descriptionId : undefined}
        data-state={answered ? "answered" : "pending"}
        data-answered={answered ? "" : undefined}
        data-tandem-confirmation=""
        {...rest}
        ref={refs}
        className={cx("tandem-confirmation", className)}
        onKeyDown={composeEventHandlers(onKeyDown, keys.onKeyDown)}
      >
        {children ?? (
          <>
            <ConfirmationTitle />
            <ConfirmationDescription />
            <ConfirmationArgs />
            <ConfirmationReason />
            <div className="tandem-confirmation__actions">
              <ConfirmationApprove />
              <ConfirmationReject />
            </div>
          </>
        )}
      </fieldset>
    </ConfirmationContext.Provider>
  );
});

/** Props of `<ConfirmationTitle>`: a `<p>`'s props. */
export interface ConfirmationTitleProps extends ComponentPropsWithoutRef<"p"> {}

/** "Allow the agent to run **name**?" (the `confirm` label), or your `children`. */
export const ConfirmationTitle = forwardRef<HTMLParagraphElement, ConfirmationTitleProps>(function ConfirmationTitle(
  { className, children, ...rest },
  ref,
) {
  const { call } = useConfirmationContext("ConfirmationTitle");
  const labels = useLabels();
  return (
    <p {...rest} ref={ref} className={cx("tandem-confirmation__title", className)}>
      {children ?? emphasise(labels.confirm(call.name), call.name)}
    </p>
  );
});

/** Props of `<ConfirmationDescription>`: a `<p>`'s props. */
export interface ConfirmationDescriptionProps extends ComponentPropsWithoutRef<"p"> {}

/** What the tool says it does (from its registration), or your `children`; it describes the group. Nothing when neither. */
export const ConfirmationDescription = forwardRef<HTMLParagraphElement, ConfirmationDescriptionProps>(function ConfirmationDescription(
  { className, children, ...rest },
  ref,
) {
  const { description, descriptionId, setDescribed } = useConfirmationContext("ConfirmationDescription");
  const content = children ?? description;
  const shown = content !== undefined && content !== null && content !== "";
  useEffect(() => {
    if (!shown) return;
    setDescribed(true);
    return () => setDescribed(false);
  }, [shown, setDescribed]);
  if (!shown) return null;
  return (
    <p id={descriptionId} {...rest} ref={ref} className={cx("tandem-confirmation__description", className)}>
      {content}
    </p>
  );
});

/** Props of `<ConfirmationArgs>`: a `<div>`'s props. */
export interface ConfirmationArgsProps extends Omit<ComponentPropsWithoutRef<"div">, "children"> {}

/** The call's arguments as pretty JSON, under the `arguments` label. */
export const ConfirmationArgs = forwardRef<HTMLDivElement, ConfirmationArgsProps>(function ConfirmationArgs({ className, ...rest }, ref) {
  const { call } = useConfirmationContext("ConfirmationArgs");
  const labels = useLabels();
  return (
    <div {...rest} ref={ref} className={cx("tandem-confirmation__arguments", className)}>
      <p className="tandem-confirmation__label">{labels.arguments}</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: long arguments scroll; a keyboard must reach them (axe's scrollable-region-focusable) */}
      <pre className="tandem-confirmation__args" tabIndex={0}>
        {argsText(call.args, call.argsText)}
      </pre>
    </div>
  );
});

/** Props of `<ConfirmationReason>`: a `<div>`'s props. */
export interface ConfirmationReasonProps extends Omit<ComponentPropsWithoutRef<"div">, "children"> {}

/** The optional reason sent with Reject (a text field named by the `reasonOptional` label). */
export const ConfirmationReason = forwardRef<HTMLDivElement, ConfirmationReasonProps>(function ConfirmationReason(
  { className, ...rest },
  ref,
) {
  const { reason, setReason, answered } = useConfirmationContext("ConfirmationReason");
  const labels = useLabels();
  const id = useId();
  return (
    <div {...rest} ref={ref} className={cx("tandem-confirmation__reason", className)}>
      <label htmlFor={id}>{labels.reasonOptional}</label>
      <input id={id} type="text" value={reason} disabled={answered} onChange={(e) => setReason(e.target.value)} />
    </div>
  );
});

/** Props of `<ConfirmationApprove>` and `<ConfirmationReject>`: a button's props, and `asChild`. */
export interface ConfirmationButtonProps extends PartButtonProps {}

/** Approves (`{ approved: true }`); it takes focus when the confirmation appears. Disabled, with `data-disabled`, once answered. */
export const ConfirmationApprove = forwardRef<HTMLButtonElement, ConfirmationButtonProps>(function ConfirmationApprove(props, ref) {
  const { approve, answered, focusRef } = useConfirmationContext("ConfirmationApprove");
  const labels = useLabels();
  const refs = useComposedRefs(ref, focusRef);
  return (
    <ActionButton
      {...props}
      ref={refs}
      action={approve}
      off={answered}
      label={labels.approve}
      classes="tandem-button tandem-button--primary"
    />
  );
});

/** Rejects (`{ approved: false, reason? }`), as Escape does. Disabled, with `data-disabled`, once answered. */
export const ConfirmationReject = forwardRef<HTMLButtonElement, ConfirmationButtonProps>(function ConfirmationReject(props, ref) {
  const { reject, answered } = useConfirmationContext("ConfirmationReject");
  const labels = useLabels();
  return <ActionButton {...props} ref={ref} action={reject} off={answered} label={labels.reject} classes="tandem-button" />;
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** Approve / Reject for a tool call that waits for a person. */
    Confirmation: ConfirmationProps;
  }
}
