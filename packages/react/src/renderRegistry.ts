import type { Interrupt, ToolCallStatus } from "@tandem/core";
import type { ReactNode } from "react";

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

export type ToolRender<Args = any, Result = unknown> = (props: ToolRenderProps<Args, Result>) => ReactNode;

export interface InterruptRenderProps {
  interrupt: Interrupt;
  resolve: (payload?: unknown) => void;
  cancel: () => void;
}

export type InterruptRender = (props: InterruptRenderProps) => ReactNode;

/** Renderers by tool name ("*" for any), and for interrupts. The latest registration wins. */
export class RenderRegistry {
  private readonly tools = new Map<string, ToolRender[]>();
  private readonly interrupts: InterruptRender[] = [];
  private readonly listeners = new Set<() => void>();
  private version = 0;

  addTool(name: string, render: ToolRender): () => void {
    const stack = this.tools.get(name) ?? [];
    this.tools.set(name, stack);
    return this.add(stack, render);
  }

  addInterrupt(render: InterruptRender): () => void {
    return this.add(this.interrupts, render);
  }

  /** The render for `name`, else the catch-all "*" one unless `exact`. */
  tool(name: string, exact = false): ToolRender | undefined {
    return this.tools.get(name)?.at(-1) ?? (exact ? undefined : this.tools.get("*")?.at(-1));
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
