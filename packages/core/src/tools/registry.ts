import type { Tool } from "@ag-ui/core";
import { type InferArgs, type ToolParameters, toJsonSchema } from "./schema.js";

/** What a tool handler gets besides its arguments. */
export interface ToolHandlerContext {
  /** The id of the call being run. */
  toolCallId: string;
  /** Aborted when the user stops the run. */
  signal: AbortSignal;
}

/** A tool the agent may call that runs in the browser. */
export interface FrontendTool<P extends ToolParameters = ToolParameters> {
  name: string;
  description?: string;
  parameters?: P;
  /** Runs the call; its result goes back to the agent. Without one the call waits for `respond`. */
  handler?: (args: InferArgs<P>, context: ToolHandlerContext) => unknown;
  /** Start a follow-up run once the result is in (default true). */
  followUp?: boolean;
}

/** Tools by name; the latest registration of a name wins until it is removed. */
export class ToolRegistry {
  private readonly tools = new Map<string, FrontendTool[]>();
  private readonly listeners = new Set<() => void>();

  register(tool: FrontendTool): () => void {
    const stack = this.tools.get(tool.name) ?? [];
    stack.push(tool);
    this.tools.set(tool.name, stack);
    this.emit();
    return () => {
      const i = stack.indexOf(tool);
      if (i >= 0) stack.splice(i, 1);
      if (stack.length === 0 && this.tools.get(tool.name) === stack) this.tools.delete(tool.name);
      this.emit();
    };
  }

  get(name: string): FrontendTool | undefined {
    return this.tools.get(name)?.at(-1);
  }

  /** The tool definitions sent with a run. */
  definitions(): Tool[] {
    return [...this.tools.keys()].map((name) => {
      const tool = this.get(name)!;
      return { name, description: tool.description ?? "", parameters: toJsonSchema(tool.parameters) };
    });
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
