import {
  type Interrupt,
  isApproval,
  type Metadata,
  type ResumeEntry,
  useAgent,
  useAgentClient,
  useCapabilities,
  useInterruptRender,
} from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef, Suspense } from "react";
import { useLabels } from "../labels/labels.js";
import { usePart } from "../parts/registry.js";
import { cx } from "../util/cx.js";
import { keyOf, RenderHost } from "../util/RenderHost.js";
import { humanize } from "./humanize.js";

/** How the chat lets people answer interrupts, beyond one Approve or Reject at a time. */
export interface InterruptOptions {
  /**
   * Offer "Edit arguments" on approvals (approve with edits): `true` for every tool, or the
   * names of the tools that allow it. Offered anyway where the agent advertises
   * `humanInTheLoop.approveWithEdits`, or asks for `editedArgs` in the interrupt's `responseSchema`.
   */
  approveWithEdits?: boolean | readonly string[];
  /** Offer "Approve all" and "Reject all" when two or more approvals are open. */
  answerAll?: boolean;
}

/** Props of `<Interrupts>`: a `<div>`'s props, plus the interrupt options. */
export interface InterruptsProps extends Omit<ComponentPropsWithoutRef<"div">, "children">, InterruptOptions {}

const NONE: Interrupt[] = [];

/** How an answer reads: an approval's verdict, else resolved or cancelled. */
function answerKind(interrupt: Interrupt, entry: ResumeEntry): "approved" | "rejected" | "answered" | "cancelled" {
  if (entry.status === "cancelled") return "cancelled";
  if (!isApproval(interrupt)) return "answered";
  return (entry.payload as { approved?: unknown } | undefined)?.approved === true ? "approved" : "rejected";
}

/**
 * Every pending interrupt: the useInterrupt render when one is registered, else an approval
 * (InterruptConfirmation) or a form (InterruptPrompt). However many are open, the agent hears
 * the answers together, in one resume.
 */
export const Interrupts = forwardRef<HTMLDivElement, InterruptsProps>(function Interrupts(
  { className, approveWithEdits, answerAll = false, ...rest },
  ref,
) {
  const interrupts = useAgent((s) => (s.interrupts.length === 0 ? NONE : s.interrupts));
  // Answers given while others are open wait in core (stored with the thread) until all are in.
  const answered = useAgent((s) => s.decisions.answered);
  const { resolveInterrupt, cancelInterrupt } = useAgent();
  const client = useAgentClient();
  const capabilities = useCapabilities();
  const render = useInterruptRender();
  const labels = useLabels();
  const InterruptPrompt = usePart("InterruptPrompt");
  const InterruptConfirmation = usePart("InterruptConfirmation");
  if (interrupts.length === 0 && answered.length === 0) return null;
  // A failed answer (e.g. the interrupt is gone) is reported by the thread's error; the actions never reject.
  const resolve =
    (id: string) =>
    (...answer: [payload?: unknown, metadata?: Metadata]) =>
      void resolveInterrupt(id, ...answer);
  const cancel =
    (id: string) =>
    (...metadata: [metadata?: Metadata]) =>
      void cancelInterrupt(id, ...metadata);
  const agentAllowsEdits = capabilities?.humanInTheLoop?.approveWithEdits === true;
  const editable = (interrupt: Interrupt) => {
    if (agentAllowsEdits || approveWithEdits === true || interrupt.responseSchema?.properties?.editedArgs !== undefined) return true;
    if (!Array.isArray(approveWithEdits) || !interrupt.toolCallId) return false;
    const name = client.selectToolCalls(client.state).find((c) => c.id === interrupt.toolCallId)?.name;
    return name !== undefined && approveWithEdits.includes(name);
  };
  const open = (i: Interrupt) => (client.interruptDeadline(i) ?? Number.POSITIVE_INFINITY) > Date.now();
  const approvals = render ? [] : interrupts.filter((i) => isApproval(i) && open(i));
  const answerEach = (approved: boolean) => {
    for (const i of approvals) void resolveInterrupt(i.id, { approved });
  };
  return (
    <div {...rest} ref={ref} className={cx("tandem-interrupts", className)}>
      {answerAll && approvals.length > 1 && (
        <fieldset aria-label={labels.answerAll} className="tandem-interrupts__all">
          <button type="button" className="tandem-button tandem-button--primary" onClick={() => answerEach(true)}>
            {labels.approveAll}
          </button>
          <button type="button" className="tandem-button" onClick={() => answerEach(false)}>
            {labels.rejectAll}
          </button>
        </fieldset>
      )}
      {answered.map(({ interrupt, entry }) => (
        <p
          key={interrupt.id}
          className="tandem-interrupt-answered"
          data-testid="interrupt-answered"
          data-interrupt-id={interrupt.id}
          data-state="answered"
        >
          {interrupt.message ?? humanize(interrupt.reason, labels.interrupt)}: {labels.interruptAnswered(answerKind(interrupt, entry))}
        </p>
      ))}
      {interrupts.map((interrupt) =>
        render ? (
          <RenderHost
            key={`${interrupt.id}:${keyOf(render)}`}
            render={render}
            props={{ interrupt, resolve: resolve(interrupt.id), cancel: cancel(interrupt.id) }}
          />
        ) : isApproval(interrupt) ? (
          // Suspense for an app's own part, should it suspend (the default does not).
          <Suspense key={interrupt.id} fallback={null}>
            <InterruptConfirmation interrupt={interrupt} onResolve={resolve(interrupt.id)} editable={editable(interrupt)} />
          </Suspense>
        ) : (
          <InterruptPrompt key={interrupt.id} interrupt={interrupt} onResolve={resolve(interrupt.id)} onCancel={cancel(interrupt.id)} />
        ),
      )}
    </div>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** The open interrupts, answered together. */
    Interrupts: InterruptsProps;
  }
}
