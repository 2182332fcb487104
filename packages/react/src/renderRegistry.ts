import type { Interrupt, Metadata, ToolCallStatus } from "@tandem/core";
import type { ReactNode } from "react";

/** What a tool call's renderer gets: the call's id, name, status, arguments so far, and its outcome. */
// biome-ignore lint/suspicious/noExplicitAny: an untyped tool's arguments are read freely (`args?.city`); typed tools infer theirs
export interface ToolRenderProps<Args = Record<string, any>, Result = unknown> {
  toolCallId: string;
  name: string;
  status: ToolCallStatus;
  /** Partial while the arguments stream; `undefined` before anything parses. */
  args: Partial<Args> | undefined;
  result?: Result;
  error?: string;
  /** Present while a human-in-the-loop call waits: answers it and lets the agent go on. */
  respond?: (result: unknown) => void;
}

/** Draws a tool call in the thread (registered with `useFrontendTool`, `useHumanInTheLoop` or `useToolRenderer`). */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds renders typed for any arguments (parameters are contravariant)
export type ToolRender<Args = any, Result = unknown> = (props: ToolRenderProps<Args, Result>) => ReactNode;

/** What an interrupt's renderer gets: the interrupt and the two ways to answer it. */
export interface InterruptRenderProps {
  interrupt: Interrupt;
  /** Answers the interrupt with `payload` (and `metadata` for its resume entry); the run resumes once every open interrupt is answered. */
  resolve: (payload?: unknown, metadata?: Metadata) => void;
  /** Declines the interrupt (with `metadata` for its resume entry); the run resumes once every open interrupt is answered. */
  cancel: (metadata?: Metadata) => void;
}

/** Draws a pending interrupt (registered with `useInterrupt`). */
export type InterruptRender = (props: InterruptRenderProps) => ReactNode;

/** What an activity message's renderer gets: its id, type and current content. */
export interface ActivityRenderProps<Content = Record<string, unknown>> {
  /** The activity message's id. */
  messageId: string;
  activityType: string;
  /** The activity's content as the agent last sent it (snapshots replace it, deltas patch it). */
  content: Content;
}

/** Draws an activity message of one type (registered with `useActivityRenderer`). */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds renders typed for any content (parameters are contravariant)
export type ActivityRender<Content = any> = (props: ActivityRenderProps<Content>) => ReactNode;

/** Renderers by tool name and by activity type ("*" for any), and for interrupts. The latest registration wins. */
export class RenderRegistry {
  private readonly tools = new Map<string, ToolRender[]>();
  private readonly activities = new Map<string, ActivityRender[]>();
  private readonly interrupts: InterruptRender[] = [];
  private readonly listeners = new Set<() => void>();
  private version = 0;

  addTool(name: string, render: ToolRender): () => void {
    const stack = this.tools.get(name) ?? [];
    this.tools.set(name, stack);
    return this.add(stack, render);
  }

  addActivity(type: string, render: ActivityRender): () => void {
    const stack = this.activities.get(type) ?? [];
    this.activities.set(type, stack);
    return this.add(stack, render);
  }

  addInterrupt(render: InterruptRender): () => void {
    return this.add(this.interrupts, render);
  }

  /** The render for `name`, else the catch-all "*" one unless `exact`. */
  tool(name: string, exact = false): ToolRender | undefined {
    return latest(this.tools, name, exact);
  }

  /** The render for an activity type, else the catch-all "*" one unless `exact`. */
  activity(type: string, exact = false): ActivityRender | undefined {
    return latest(this.activities, type, exact);
  }

  interrupt(): InterruptRender | undefined {
    return this.interrupts.at(-1);
  }

  /** Changes whenever a renderer is added or removed (a snapshot for useSyncExternalStore). */
  getVersion = (): number => this.version;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private add<T>(stack: T[], item: T): () => void {
    stack.push(item);
    this.emit();
    return () => {
      const i = stack.indexOf(item);
      if (i >= 0) stack.splice(i, 1);
      this.emit();
    };
  }

  private emit(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

function latest<T>(stacks: Map<string, T[]>, key: string, exact: boolean): T | undefined {
  return stacks.get(key)?.at(-1) ?? (exact ? undefined : stacks.get("*")?.at(-1));
}
