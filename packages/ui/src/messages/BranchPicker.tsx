import { type UseBranches, useAgent, useBranches } from "@tandem/react";
import { type ComponentPropsWithoutRef, createContext, forwardRef, useContext } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import { NextIcon, PreviousIcon } from "../util/icons.js";
import { ActionButton, type PartButtonProps } from "../util/Primitive.js";
import { useMessageContext } from "./messageContext.js";

interface BranchPickerContextValue extends UseBranches {
  /** A run streams: versions cannot change now. */
  locked: boolean;
}

const BranchPickerContext = createContext<BranchPickerContextValue | null>(null);

function usePicker(part: string): BranchPickerContextValue {
  const value = useContext(BranchPickerContext);
  if (!value) throw new Error(`<${part}> must be inside <BranchPicker>.`);
  return value;
}

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
  const locked = useAgent((s) => s.status === "running");
  return (
    <BranchPickerContext.Provider value={{ ...branches, locked }}>
      <fieldset
        aria-label={labels.versions}
        data-testid="branch-picker"
        data-state={locked ? "locked" : "idle"}
        {...rest}
        ref={ref}
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

export const BranchPickerPrevious = forwardRef<HTMLButtonElement, PartButtonProps>(function BranchPickerPrevious(props, ref) {
  const { index, previous, locked } = usePicker("BranchPickerPrevious");
  const labels = useLabels();
  return (
    <ActionButton
      {...props}
      ref={ref}
      action={previous}
      off={locked || index === 0}
      label={<PreviousIcon />}
      aria-label={props["aria-label"] ?? labels.previousVersion}
      title={props.title ?? labels.previousVersion}
      classes="tandem-button tandem-button--ghost tandem-branch-picker__previous"
    />
  );
});

export const BranchPickerNext = forwardRef<HTMLButtonElement, PartButtonProps>(function BranchPickerNext(props, ref) {
  const { index, count, next, locked } = usePicker("BranchPickerNext");
  const labels = useLabels();
  return (
    <ActionButton
      {...props}
      ref={ref}
      action={next}
      off={locked || index >= count - 1}
      label={<NextIcon />}
      aria-label={props["aria-label"] ?? labels.nextVersion}
      title={props.title ?? labels.nextVersion}
      classes="tandem-button tandem-button--ghost tandem-branch-picker__next"
    />
  );
});

export interface BranchPickerCountProps extends ComponentPropsWithoutRef<"span"> {}

/** `N / M` on screen; "Version N of M" read out when it changes. */
export const BranchPickerCount = forwardRef<HTMLSpanElement, BranchPickerCountProps>(function BranchPickerCount(
  { className, ...rest },
  ref,
) {
  const { index, count } = usePicker("BranchPickerCount");
  const labels = useLabels();
  return (
    <span {...rest} ref={ref} className={cx("tandem-branch-picker__count", className)}>
      <span aria-hidden="true">{`${index + 1} / ${count}`}</span>
      <span className="tandem-visually-hidden" aria-live="polite">
        {labels.version(index + 1, count)}
      </span>
    </span>
  );
});
