import type { Interrupt, Message, ResumeEntry, RunAgentInput } from "@ag-ui/core";
import { isObject } from "../util/isObject.js";

/*
 * LangGraph's interrupts the way `@ag-ui/langgraph` reports them with its default settings: the
 * answers go back as `forwardedProps.command.resume` (`CommandResume`, used by the run loop when
 * it builds a request). The other direction, reading the `on_interrupt` events, is in
 * `./onInterrupt.ts`: it loads with the validation pipeline, so an app's first load does not
 * carry it.
 */

/**
 * Where an `on_interrupt` interrupt's answer goes: the adapter takes it as
 * `forwardedProps.command.resume`. Such an interrupt says so in `metadata.langgraph.resumeVia`.
 */
export const RESUME_VIA = "forwardedProps.command.resume";
/** What @ag-ui/langgraph itself sends a graph for a cancelled interrupt (its DEFAULT_RESUME_SENTINEL_CANCELLED). */
const CANCELLED = "__agui_cancelled__";

/** True for an interrupt that is answered as `forwardedProps.command.resume` (one from `on_interrupt`). */
export function resumesViaCommand(interrupt: Interrupt): boolean {
  const langgraph = interrupt.metadata?.langgraph;
  return isObject(langgraph) && langgraph.resumeVia === RESUME_VIA;
}

/** What the graph's `interrupt()` returns for one answer: the payload (null for none), or the adapter's cancelled marker. */
function commandValue(entry: ResumeEntry): unknown {
  return entry.status === "resolved" ? (entry.payload ?? null) : { [CANCELLED]: true, interrupt_id: entry.interruptId };
}

/**
 * Routes answers to `on_interrupt` interrupts into `forwardedProps.command.resume` (one answer as
 * it is; several as LangGraph's map of interrupt id to answer), the rest staying in `resume`.
 * `note` the open interrupts when they are answered or abandoned; `route` when the run is built.
 */
export class CommandResume {
  /** Kept after their run, so a Retry of it routes the same answers the same way. */
  private readonly ids = new Set<string>();
  /** The last run built resumed the graph through the command. */
  private resumedLast = false;

  /** Remembers which of these interrupts are answered through the command. */
  note(interrupts: readonly Interrupt[]): void {
    for (const interrupt of interrupts) if (resumesViaCommand(interrupt)) this.ids.add(interrupt.id);
  }

  /** The run's `resume` and `forwardedProps`, with the noted interrupts' answers moved into the command. */
  route(
    resume: ResumeEntry[],
    forwardedProps: Record<string, unknown>,
  ): { resume: ResumeEntry[]; forwardedProps: Record<string, unknown> } {
    const viaCommand = resume.filter((entry) => this.ids.has(entry.interruptId));
    this.resumedLast = viaCommand.length > 0;
    if (viaCommand.length === 0) return { resume, forwardedProps };
    const value =
      viaCommand.length === 1 ? commandValue(viaCommand[0]!) : Object.fromEntries(viaCommand.map((e) => [e.interruptId, commandValue(e)]));
    const command = isObject(forwardedProps.command) ? forwardedProps.command : {};
    return {
      resume: resume.filter((entry) => !viaCommand.includes(entry)),
      forwardedProps: { ...forwardedProps, command: { ...command, resume: value } },
    };
  }

  /**
   * A message sent while the interrupt was open goes in the run that resumes the graph (as
   * cancelled), but LangGraph ignores a resumed run's input and the adapter's snapshot then
   * leaves the message out: the user messages of `input` missing from `messages` after the run,
   * to put back and send again in a run of their own.
   */
  unheard(input: RunAgentInput, messages: readonly Message[]): Message[] {
    if (!this.resumedLast) return [];
    const kept = new Set(messages.map((m) => m.id));
    return input.messages.filter((m) => m.role === "user" && !kept.has(m.id));
  }
}
