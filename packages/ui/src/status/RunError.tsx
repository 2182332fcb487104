import { type AgentError, useAgent } from "@tandem/react";
import { type ComponentPropsWithoutRef, createContext, forwardRef, useContext } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import { ActionButton, type PartButtonProps } from "../util/Primitive.js";

const RunErrorContext = createContext<{ error: AgentError; retry: () => void } | null>(null);

function useRunErrorContext(part: string) {
  const value = useContext(RunErrorContext);
  if (!value) throw new Error(`<${part}> must be inside <RunError>.`);
  return value;
}

/** Props of `<RunError>`: a `<div>`'s props. */
export interface RunErrorProps extends ComponentPropsWithoutRef<"div"> {}

/**
 * The run's error as an alert (`data-kind` is the error's kind) holding RunErrorMessage and
 * RunErrorRetry, or the `children` you compose from them. Nothing while there is no error.
 */
export const RunError = forwardRef<HTMLDivElement, RunErrorProps>(function RunError({ className, children, ...rest }, ref) {
  const error = useAgent((s) => (s.status === "error" ? s.error : null));
  const { retry } = useAgent();
  if (!error) return null;
  return (
    <RunErrorContext.Provider value={{ error, retry: () => void retry() }}>
      <div role="alert" data-kind={error.kind} {...rest} ref={ref} className={cx("tandem-run-error", className)}>
        {children ?? (
          <>
            <RunErrorMessage />
            <RunErrorRetry />
          </>
        )}
      </div>
    </RunErrorContext.Provider>
  );
});

/** Props of `<RunErrorMessage>`: a `<p>`'s props. */
export interface RunErrorMessageProps extends ComponentPropsWithoutRef<"p"> {}

/** The error's message (or your `children` in its place). */
export const RunErrorMessage = forwardRef<HTMLParagraphElement, RunErrorMessageProps>(function RunErrorMessage(
  { className, children, ...rest },
  ref,
) {
  const { error } = useRunErrorContext("RunErrorMessage");
  return (
    <p {...rest} ref={ref} className={cx("tandem-run-error__message", className)}>
      {children ?? error.message}
    </p>
  );
});

/** Props of `<RunErrorRetry>`: a button's props, and `asChild`. */
export interface RunErrorRetryProps extends PartButtonProps {}

/** Runs the agent again (`retry()`). */
export const RunErrorRetry = forwardRef<HTMLButtonElement, RunErrorRetryProps>(function RunErrorRetry(props, ref) {
  const { retry } = useRunErrorContext("RunErrorRetry");
  const labels = useLabels();
  return <ActionButton {...props} ref={ref} action={retry} label={labels.retry} classes="tandem-button" />;
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** The run's error, with Retry. */
    RunError: RunErrorProps;
  }
}
