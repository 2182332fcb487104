import { useComposedRefs } from "@radix-ui/react-compose-refs";
import { type AgentClient, type UseBranches, useAgent, useAgentClient, useBranches } from "@tandem/react";
import { type ComponentPropsWithoutRef, createContext, forwardRef, useContext, useEffect, useId, useRef } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import { NextIcon, PreviousIcon } from "../util/icons.js";
import { ActionButton, type PartButtonProps } from "../util/Primitive.js";
import { useMessageContext } from "./messageContext.js";

interface BranchPickerContextValue extends UseBranches {
  /** A run streams: versions cannot change now. */
  locked: boolean;
  /** Switches, keeping focus on the picker: the version shown is a new row with a new picker. */
  go(part: "previous" | "next"): void;
  /** The "Version N of M" text, which describes the buttons: read out as focus lands on one. */
  countId: string;
}

type Part = "previous" | "next";

/** The picker button a switch was made from, for the picker of the version shown to take focus. */
let switchedFrom: { client: AgentClient; fork: string; part: Part } | null = null;

const BranchPickerContext = createContext<BranchPickerContextValue | null>(null);

function usePicker(part: string): BranchPickerContextValue {
  const value = useContext(BranchPickerContext);
  if (!value) throw new Error(`<${part}> must be inside <BranchPicker>.`);
  return value;
}

/** Props of `<BranchPicker>`: a `<fieldset>`'s props. */
export interface BranchPickerProps extends ComponentPropsWithoutRef<"fieldset"> {}

/**
 * Pages through the versions of a turn (an edited question, a regenerated reply): a group
 * `data-testid="branch-picker"` holding BranchPickerPrevious, BranchPickerCount and
 * BranchPickerNext, or the `children` you compose from them. Rendered only when the row's
 * message begins a turn with more than one version. Switching never runs the agent.
 */
export const BranchPicker = forwardRef<HTMLFieldSetElement, BranchPickerProps>(function BranchPicker(
  { className, children, ...rest },
  ref,
) {
  const { message } = useMessageContext("BranchPicker");
  const branches = useBranches(message.id);
  if (branches.count < 2) return null;
  return (
    <Picker {...rest} ref={ref} className={className} branches={branches}>
      {children}
    </Picker>
  );
});

/** The picker itself, apart so that only turns with versions follow the run status. */
const Picker = forwardRef<HTMLFieldSetElement, BranchPickerProps & { branches: UseBranches }>(function Picker(
  { branches, className, children, ...rest },
  ref,
) {
  const labels = useLabels();
  // No switching while a run streams, here or in the tab that owns it.
  const locked = useAgent((s) => s.status === "running" || s.following);
  const client = useAgentClient();
  const own = useRef<HTMLFieldSetElement>(null);
  const refs = useComposedRefs(ref, own);
  const countId = useId();
  const go = (part: Part) => {
    switchedFrom = { client, fork: branches.fork ?? "", part };
    if (part === "previous") branches.previous();
    else branches.next();
  };
  useEffect(() => {
    const from = switchedFrom;
    if (!from || from.client !== client || from.fork !== branches.fork) return;
    switchedFrom = null;
    const active = document.activeElement;
    // Focus was on the picker of the version left, which is gone: it goes on here, on the same
    // button, or the other one at either end.
    if (active && active !== document.body) return;
    const buttons = [...(own.current?.querySelectorAll<HTMLButtonElement>("button[data-part]:not(:disabled)") ?? [])];
    (buttons.find((b) => b.dataset.part === from.part) ?? buttons[0])?.focus();
  }, [client, branches.fork]);
  return (
    <BranchPickerContext.Provider value={{ ...branches, locked, go, countId }}>
      <fieldset
        aria-label={labels.versions}
        data-testid="branch-picker"
        data-state={locked ? "locked" : "idle"}
        {...rest}
        ref={refs}
        className={cx("tandem-branch-picker", className)}
      >
        {children ?? (
          <>
            <BranchPickerPrevious />
            <BranchPickerCount />
            <BranchPickerNext />
          </>
        )}
      </fieldset>
    </BranchPickerContext.Provider>
  );
});

/** Previous or Next: one step through the versions, described by "Version N of M". */
const BranchPickerStep = forwardRef<HTMLButtonElement, PartButtonProps & { part: Part }>(function BranchPickerStep(
  { part, ...props },
  ref,
) {
  const { index, count, go, locked, countId } = usePicker(part === "previous" ? "BranchPickerPrevious" : "BranchPickerNext");
  const labels = useLabels();
  const name = part === "previous" ? labels.previousVersion : labels.nextVersion;
  const atEnd = part === "previous" ? index === 0 : index >= count - 1;
  return (
    <ActionButton
      aria-describedby={countId}
      {...props}
      ref={ref}
      action={() => go(part)}
      data-part={part}
      off={locked || atEnd}
      label={part === "previous" ? PreviousIcon : NextIcon}
      aria-label={props["aria-label"] ?? name}
      title={props.title ?? name}
      classes={`tandem-button tandem-button--ghost tandem-branch-picker__${part}`}
    />
  );
});

/** Shows the version before this one; disabled at the first version and while a run streams. */
export const BranchPickerPrevious = forwardRef<HTMLButtonElement, PartButtonProps>(function BranchPickerPrevious(props, ref) {
  return <BranchPickerStep {...props} ref={ref} part="previous" />;
});

/** Shows the version after this one; disabled at the last version and while a run streams. */
export const BranchPickerNext = forwardRef<HTMLButtonElement, PartButtonProps>(function BranchPickerNext(props, ref) {
  return <BranchPickerStep {...props} ref={ref} part="next" />;
});

/** Props of `<BranchPickerCount>`: a `<span>`'s props. */
export interface BranchPickerCountProps extends ComponentPropsWithoutRef<"span"> {}

/** `N / M` on screen; "Version N of M" read out when it changes. */
export const BranchPickerCount = forwardRef<HTMLSpanElement, BranchPickerCountProps>(function BranchPickerCount(
  { className, ...rest },
  ref,
) {
  const { index, count, countId } = usePicker("BranchPickerCount");
  const labels = useLabels();
  return (
    <span {...rest} ref={ref} className={cx("tandem-branch-picker__count", className)}>
      <span aria-hidden="true">{`${index + 1} / ${count}`}</span>
      <span id={countId} className="tandem-visually-hidden" aria-live="polite">
        {labels.version(index + 1, count)}
      </span>
    </span>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** The versions of a turn: previous, "2 / 3", next (shown once a turn has a second version). */
    BranchPicker: BranchPickerProps;
  }
}
