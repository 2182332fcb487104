// @ts-check
// The LangGraph.js graph behind the LangGraph runtime (langgraph.mjs): an agent node and a tools
// node, the usual tool loop. The agent asks the person through LangGraph's interrupt() when the
// message calls for it; otherwise a scripted chat model answers (script.mjs's reply, streamed a
// token at a time, its tool calls as tool_call_chunks):
//   "… name …"   interrupt("What is your name?"), a plain question; replies "Nice to meet you, <answer>."
//                (an answer that is not text, such as the adapter's cancelled marker: "You did not tell me your name.")
//   "… seat …"   interrupt({ message, responseSchema }), a question with a form; replies "You picked the <seat> seat."
//   anything else   what script.mjs says: a story held for Stop, the page's frontend tools (which
//                @ag-ui/langgraph puts in the state's `tools`), get_weather and set_recipe (server
//                tools, run by the tools node; set_recipe writes the shared state's `recipe`), a
//                failure that succeeds on Retry
// The graph runs on LangGraph's API server in the tests' process, which loads this file by path,
// so the model's memory (what failed once, the tests' hold) is langgraph.mjs's, found through
// globalThis.
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, AIMessageChunk, ToolMessage } from "@langchain/core/messages";
import { ChatGenerationChunk } from "@langchain/core/outputs";
import { tool } from "@langchain/core/tools";
import { Annotation, Command, END, interrupt, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { z } from "zod";
import { deltasOf, nextId, reply, textOf, weatherIn } from "./script.mjs";

/** Where langgraph.mjs puts the scripted model's memory for this graph. */
export const MEMORY = Symbol.for("tandem.e2e.langgraph.memory");

const SEAT = {
  message: "Window or aisle?",
  responseSchema: {
    type: "object",
    properties: { seat: { type: "string", enum: ["window", "aisle"], description: "Where you sit" } },
    required: ["seat"],
  },
};

// #region ask
/** What the agent says when it needs the person first, or undefined. */
function askFirst(/** @type {string} */ said) {
  // interrupt() pauses the run here; on resume the node runs again and interrupt() returns the answer.
  if (/name/i.test(said)) {
    const name = interrupt("What is your name?");
    return typeof name === "string" ? `Nice to meet you, ${name}.` : "You did not tell me your name.";
  }
  if (/seat/i.test(said)) {
    const answer = interrupt(SEAT);
    return answer?.__agui_cancelled__ ? "You did not pick a seat." : `You picked the ${answer.seat} seat.`;
  }
  return undefined;
}
// #endregion ask

/**
 * LangChain messages as the AI SDK prompt script.mjs reads (a tool message named after the call it answers).
 * @param {import("@langchain/core/messages").BaseMessage[]} messages
 */
function promptOf(messages) {
  const names = new Map();
  return messages.map((m) => {
    const type = m.getType();
    for (const call of /** @type {AIMessage} */ (m).tool_calls ?? []) names.set(call.id, call.name);
    if (type === "tool") {
      const id = /** @type {ToolMessage} */ (m).tool_call_id;
      return { role: "tool", content: [{ type: "tool-result", toolCallId: id, toolName: names.get(id), output: { value: textOf(m) } }] };
    }
    return { role: type === "human" ? "user" : type === "ai" ? "assistant" : type, content: textOf(m) };
  });
}

/** A chat model that says what script.mjs says, to the tools it is bound to. */
class ScriptedChatModel extends BaseChatModel {
  /** @param {string[]} [offered] the names of the tools it is bound to */
  constructor(offered = []) {
    super({});
    this.offered = offered;
  }
  _llmType() {
    return "scripted";
  }
  /** @param {Array<{ name?: string, function?: { name: string } }>} tools */
  bindTools(tools) {
    return new ScriptedChatModel(tools.map((t) => t.name ?? t.function?.name ?? ""));
  }
  /**
   * @param {import("@langchain/core/messages").BaseMessage[]} messages
   * @param {this["ParsedCallOptions"]} options
   * @param {import("@langchain/core/callbacks/manager").CallbackManagerForLLMRun} [runManager]
   * @returns {AsyncGenerator<ChatGenerationChunk>}
   */
  async *_streamResponseChunks(messages, options, runManager) {
    const memory = /** @type {import("./script.mjs").Memory} */ (/** @type {any} */ (globalThis)[MEMORY]);
    /** @type {ChatGenerationChunk[]} */
    const chunks = [];
    for (const part of reply(promptOf(messages), memory, this.offered)) {
      if ("error" in part) throw new Error(part.error);
      if ("tool" in part) {
        // As a provider streams a call: its name and id first, then its arguments.
        const id = nextId("call");
        for (const call of [
          { name: part.tool, id, args: "", index: 0 },
          { args: JSON.stringify(part.args), index: 0 },
        ])
          chunks.push(
            new ChatGenerationChunk({
              text: "",
              message: new AIMessageChunk({ content: "", tool_call_chunks: [{ ...call, type: "tool_call_chunk" }] }),
            }),
          );
        continue;
      }
      for await (const text of deltasOf(part, options.signal)) {
        const chunk = new ChatGenerationChunk({ text, message: new AIMessageChunk({ content: text }) });
        yield chunk;
        // What LangGraph's event stream (and so @ag-ui/langgraph) reads of a streamed model call.
        await runManager?.handleLLMNewToken(text, undefined, undefined, undefined, undefined, { chunk });
      }
    }
    for (const chunk of chunks) {
      yield chunk;
      await runManager?.handleLLMNewToken("", undefined, undefined, undefined, undefined, { chunk });
    }
  }
  /**
   * @param {import("@langchain/core/messages").BaseMessage[]} messages
   * @param {this["ParsedCallOptions"]} options
   * @param {import("@langchain/core/callbacks/manager").CallbackManagerForLLMRun} [runManager]
   */
  async _generate(messages, options, runManager) {
    /** @type {AIMessageChunk | undefined} */
    let whole;
    for await (const chunk of this._streamResponseChunks(messages, options, runManager))
      whole = whole ? whole.concat(/** @type {AIMessageChunk} */ (chunk.message)) : /** @type {AIMessageChunk} */ (chunk.message);
    const message = new AIMessage({ content: whole?.content ?? "", tool_calls: whole?.tool_calls ?? [] });
    return { generations: [{ text: textOf(message), message }] };
  }
}

/** The graph's server tools: the tools node runs them. */
const serverTools = [
  tool(async ({ city }) => weatherIn(city), {
    name: "get_weather",
    description: "The weather in a city.",
    schema: z.object({ city: z.string() }),
  }),
  // The shared state: the recipe the tool is given becomes the state's `recipe`.
  tool(
    async ({ recipe }, config) =>
      new Command({
        update: { recipe, messages: [new ToolMessage({ tool_call_id: config.toolCall?.id ?? "", name: "set_recipe", content: "ok" })] },
      }),
    { name: "set_recipe", description: "Replace the shared recipe.", schema: z.object({ recipe: z.any() }) },
  ),
];
/** @type {Set<string>} */
const serverToolNames = new Set(serverTools.map((t) => t.name));

const State = Annotation.Root({
  ...MessagesAnnotation.spec,
  /** The shared state the page edits (the shared-state page's recipe). */
  recipe: Annotation(),
  /** The page's frontend tools, as @ag-ui/langgraph puts them in the state. */
  tools: Annotation(),
});

/** @param {typeof State.State} state @param {import("@langchain/core/runnables").RunnableConfig} config */
async function agent(state, config) {
  const last = state.messages.at(-1);
  const said = last?.getType() === "human" ? textOf(last).trim() : "";
  const asked = said ? askFirst(said) : undefined;
  if (asked !== undefined) return { messages: [new AIMessage({ id: nextId("ai"), content: asked })] };
  const frontendTools = /** @type {Array<{ name: string }>} */ (state.tools ?? []);
  const model = new ScriptedChatModel().bindTools([...serverTools, ...frontendTools]);
  return { messages: [await model.invoke(state.messages, config)] };
}

/** After the agent: its server tool calls go to the run_tools node; anything else (text, a frontend tool call) ends the run. */
function next(/** @type {typeof State.State} */ state) {
  const calls = /** @type {AIMessage} */ (state.messages.at(-1))?.tool_calls ?? [];
  return calls.length > 0 && calls.every((call) => serverToolNames.has(call.name)) ? "run_tools" : END;
}

export const graph = new StateGraph(State)
  .addNode("agent", agent)
  .addNode("run_tools", new ToolNode(serverTools))
  .addEdge(START, "agent")
  .addConditionalEdges("agent", next, ["run_tools", END])
  .addEdge("run_tools", "agent")
  .compile();
