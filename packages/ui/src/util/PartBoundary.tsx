import { Component, type ErrorInfo, Fragment, type ReactNode } from "react";
import { useLabels } from "../labels/labels.js";
import { PartFailed, type PartFailedProps } from "./PartFailed.js";

/** A part that failed to draw, said with the labels' `partFailed` unless told otherwise. */
function Failed({ message, ...rest }: PartFailedProps) {
  const labels = useLabels();
  return <PartFailed {...rest} message={message ?? labels.partFailed} />;
}

/** Props of {@link PartBoundary}. */
export interface PartBoundaryProps {
  /** The part: agent content (a reply's Markdown, a tool call's view, an activity, reasoning…). */
  children?: ReactNode;
  /**
   * The part's raw text, shown as plain text if it fails (a reply's Markdown source, a tool
   * call's arguments and result as JSON); a function is called only then.
   */
  text?: string | (() => string);
  /** Why it failed, said to the user; the labels' `partFailed` when left out. */
  message?: ReactNode;
  /**
   * The part's input: when it changes (more text streamed in, a tool call's result arrived),
   * a part that failed is rendered again. Compared with `Object.is`.
   */
  resetKey?: unknown;
}

interface State {
  failed: boolean;
  resetKey: unknown;
  /** Bumped by Retry, so the part mounts afresh. */
  attempt: number;
}

/**
 * The error boundary around each part of a message that draws agent content: a part that
 * throws while it renders (hostile or malformed content, an app's renderer with a bug) shows
 * `<PartFailed>` in its place, with its raw text and Retry (which renders it again), and the
 * chat around it stays mounted (DESIGN §4). It resets when its `resetKey` changes. The one
 * boundary of the kit: every part that draws agent data is wrapped in it.
 */
export class PartBoundary extends Component<PartBoundaryProps, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: PartBoundaryProps, state: State): Partial<State> | null {
    return Object.is(props.resetKey, state.resetKey) ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn("[tandem] a part of a message failed to draw:", error, info.componentStack);
  }

  #retry = (): void => this.setState((state) => ({ failed: false, attempt: state.attempt + 1 }));

  override render(): ReactNode {
    const { children, text, message } = this.props;
    if (!this.state.failed) return <Fragment key={this.state.attempt}>{children}</Fragment>;
    let raw: string | undefined;
    try {
      raw = typeof text === "function" ? text() : text;
    } catch {
      raw = undefined;
    }
    return <Failed message={message} retry={this.#retry} text={raw} />;
  }
}
