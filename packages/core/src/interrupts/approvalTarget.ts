import type { Interrupt } from "@ag-ui/core";
import { findToolCall } from "../reducer/draft.js";
import type { ToolRegistry } from "../tools/registry.js";
import { type JsonSchema, toJsonSchema } from "../tools/schema.js";
import type { ThreadState } from "../types.js";
import { editedArgsSchema } from "./approval.js";

/** What an approval is about: the tool call, its arguments, and the schema an edit of them must follow. */
export interface ApprovalTarget {
  toolCallId?: string;
  /** The tool's name, when the interrupt is bound to a call in the thread. */
  toolName?: string;
  /** The call's arguments as the agent gave them (`{}` when unknown or not JSON). */
  args: Record<string, unknown>;
  /**
   * The JSON Schema of the arguments: `responseSchema.properties.editedArgs`, else the
   * registered frontend tool's parameters, else the parameters the agent advertises for it
   * (`capabilities.tools.items`); undefined when none says.
   */
  schema?: JsonSchema;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function parse(text: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? "");
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

/** The tool call an approval interrupt is about, with what editing its arguments needs. */
export function approvalTarget(interrupt: Interrupt, state: ThreadState, tools: ToolRegistry): ApprovalTarget {
  const toolCallId = interrupt.toolCallId || undefined;
  const call = toolCallId ? findToolCall(state.messages, toolCallId) : undefined;
  const toolName = call?.function.name;
  const tool = toolName ? tools.get(toolName) : undefined;
  const advertised = state.capabilities?.tools?.items?.find((t) => t.name === toolName)?.parameters;
  const schema = editedArgsSchema(interrupt) ?? (tool ? toJsonSchema(tool.parameters) : isObject(advertised) ? advertised : undefined);
  return {
    ...(toolCallId && { toolCallId }),
    ...(toolName && { toolName }),
    args: parse(call?.function.arguments),
    ...(schema && { schema }),
  };
}
