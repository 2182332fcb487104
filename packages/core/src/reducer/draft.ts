import type { Message, ToolCall } from "@ag-ui/core";
import type { ThreadState } from "../types.js";

/**
 * Copy-on-write view of a ThreadState for one batch of events.
 *
 * Each container (the message array, a message, a tool call list) is copied at most once per
 * batch, however many events touch it, so a frame of 100 tokens costs one array copy, not 100.
 * Everything the batch does not touch keeps its identity.
 */
export class Draft {
  readonly state: ThreadState;
  private readonly owned = new WeakSet<object>();

  constructor(base: ThreadState) {
    this.state = { ...base };
  }

  get messages(): Message[] {
    return this.own("messages");
  }

  /** A field of the state that this batch may mutate in place (arrays and records). */
  own<K extends "messages" | "steps" | "interrupts" | "runToolCallIds" | "toolCallStatus">(key: K): ThreadState[K] {
    const value = this.state[key];
    if (this.owned.has(value)) return value;
    const copy = (Array.isArray(value) ? [...value] : { ...value }) as ThreadState[K];
    this.owned.add(copy);
    this.state[key] = copy;
    return copy;
  }

  /** Message at `index`, copied once so it can be mutated. */
  message(index: number): Message {
    const messages = this.messages;
    const current = messages[index]!;
    if (this.owned.has(current)) return current;
    const copy = { ...current } as Message;
    this.owned.add(copy);
    messages[index] = copy;
    return copy;
  }

  /** Tool call `toolCallId` of the (already owned) assistant message, copied once. */
  toolCall(message: Message & { toolCalls?: ToolCall[] }, toolCallId: string): ToolCall | undefined {
    let calls = message.toolCalls;
    if (!calls) return undefined;
    if (!this.owned.has(calls)) {
      calls = [...calls];
      this.owned.add(calls);
      message.toolCalls = calls;
    }
    const i = calls.findIndex((c) => c.id === toolCallId);
    if (i < 0) return undefined;
    const current = calls[i]!;
    if (this.owned.has(current)) return current;
    const copy: ToolCall = { ...current, function: { ...current.function } };
    this.owned.add(copy);
    calls[i] = copy;
    return copy;
  }

  /** Marks a freshly built object as owned by this batch. */
  adopt<T extends object>(value: T): T {
    this.owned.add(value);
    return value;
  }
}

/** Index of the message with `id`, searching from the end where streaming happens. */
export function findMessageIndex(messages: readonly Message[], id: string): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.id === id) return i;
  return -1;
}

/** The tool call with this id, searching from the newest message. */
export function findToolCall(messages: readonly Message[], toolCallId: string): ToolCall | undefined {
  const owner = findToolCallOwner(messages, toolCallId);
  if (owner < 0) return undefined;
  return (messages[owner] as { toolCalls: ToolCall[] }).toolCalls.find((c) => c.id === toolCallId);
}

/** Index of the assistant message that holds tool call `toolCallId`, from the end. */
export function findToolCallOwner(messages: readonly Message[], toolCallId: string): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === "assistant" && m.toolCalls?.some((c) => c.id === toolCallId)) return i;
  }
  return -1;
}
