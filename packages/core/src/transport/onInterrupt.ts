import { type BaseEvent, type CustomEvent, EventType, type Interrupt, type RunFinishedEvent } from "@ag-ui/core";
import { v4 as randomUUID } from "uuid";
import { isObject } from "../util/isObject.js";
import { RESUME_VIA } from "./langGraphInterrupts.js";

/**
 * LangGraph's interrupts the way `@ag-ui/langgraph` reports them with its default settings: a
 * `CUSTOM` event named `on_interrupt` per `interrupt()` (its value the interrupt's value: a
 * string as it is, anything else as JSON text, the LangGraph interrupt in `rawEvent`), then a
 * `RUN_FINISHED` without an outcome. Here they become AG-UI 1.0 interrupts, drawn and answered
 * like any other; what marks them is `metadata.langgraph.resumeVia` (answered in
 * `./langGraphInterrupts.ts`). Loaded with the validation pipeline, which applies
 * `onInterruptOutcome` to every run's events.
 */
const ON_INTERRUPT = "on_interrupt";

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : undefined);

function warn(message: string): void {
  console.warn(`[tandem] on_interrupt: ${message}`);
}

/** The interrupt's value: JSON text parsed; other text is the question itself (the adapter sends a string value as it is). */
function readValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch (error) {
    if (/^\s*[[{]/.test(value)) warn(`the value looks like JSON but does not parse (${(error as Error).message}); it is shown as text`);
    return value;
  }
}

/** A JSON Schema for the answer, from the value's `responseSchema` (or `response_schema`), or the value when it is one. */
function schemaOf(value: Json): Json | undefined {
  const schema = value.responseSchema ?? value.response_schema;
  if (schema === undefined) return value.type === "object" && isObject(value.properties) ? value : undefined;
  if (isObject(schema)) return schema;
  warn(`responseSchema is not a JSON Schema object (${JSON.stringify(schema)}); the answer is free text`);
  return undefined;
}

/** The interrupt a `CUSTOM` `on_interrupt` event stands for. Nothing of the value is lost: it is kept in `metadata.langgraph.raw`. */
export function interruptFromOnInterrupt(event: Pick<CustomEvent, "value" | "rawEvent">): Interrupt {
  const value = readValue(event.value);
  const raw = isObject(event.rawEvent) ? event.rawEvent : {};
  const fields = isObject(value) ? value : {};
  const responseSchema = isObject(value) ? schemaOf(value) : undefined;
  const message =
    typeof value === "string"
      ? value
      : (text(fields.message) ??
        text(fields.question) ??
        (responseSchema || value === undefined || value === null ? undefined : JSON.stringify(value)));
  const toolCallId = text(fields.toolCallId) ?? text(fields.tool_call_id);
  const expiresAt = text(fields.expiresAt) ?? text(fields.expires_at);
  const { ns, resumable, when } = raw;
  return {
    // LangGraph's own id, when the server passed the adapter's rawEvent on: a resume of several is keyed by it.
    id: text(raw.id) ?? randomUUID(),
    reason: text(fields.reason) ?? "langgraph:interrupt",
    ...(message !== undefined && { message }),
    ...(toolCallId !== undefined && { toolCallId }),
    ...(responseSchema !== undefined && { responseSchema }),
    ...(expiresAt !== undefined && { expiresAt }),
    metadata: {
      langgraph: {
        raw: value ?? null,
        ...(ns !== undefined && { ns }),
        ...(resumable !== undefined && { resumable }),
        ...(when !== undefined && { when }),
        resumeVia: RESUME_VIA,
      },
    },
  };
}

/**
 * For one run's events: keeps the `on_interrupt` interrupts and gives the `RUN_FINISHED` that
 * ends the run them as its interrupt outcome. A `RUN_FINISHED` that has an outcome already
 * (the adapter also set to emit 1.0 outcomes) is left as it is, and answered the 1.0 way.
 */
export function onInterruptOutcome(): (event: BaseEvent) => BaseEvent {
  let found: Interrupt[] = [];
  return (event) => {
    if (event.type === EventType.CUSTOM && (event as CustomEvent).name === ON_INTERRUPT) {
      found.push(interruptFromOnInterrupt(event as CustomEvent));
    } else if (event.type === EventType.RUN_STARTED) {
      found = [];
    } else if (event.type === EventType.RUN_FINISHED && found.length > 0) {
      const interrupts = found;
      found = [];
      const finished = event as RunFinishedEvent;
      if (!finished.outcome) return { ...finished, outcome: { type: "interrupt", interrupts } } as BaseEvent;
    }
    return event;
  };
}
