// The LangGraph.js graph behind the LangGraph runtime (langgraph.mjs): one node that asks the
// person through LangGraph's interrupt() when the message calls for it, then answers through a
// scripted chat model (@langchain/core's FakeListChatModel, streamed a character at a time).
//   "… name …"   interrupt("What is your name?"), a plain question; replies "Nice to meet you, <answer>."
//                (an answer that is not text, such as the adapter's cancelled marker: "You did not tell me your name.")
//   "… seat …"   interrupt({ message, responseSchema }), a question with a form; replies "You picked the <seat> seat."
//   anything else   "You said: <text>."
import { AIMessage } from "@langchain/core/messages";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { interrupt, MessagesAnnotation, StateGraph } from "@langchain/langgraph";
import { textOf } from "./script.mjs";

const SEAT = {
  message: "Window or aisle?",
  responseSchema: {
    type: "object",
    properties: { seat: { type: "string", enum: ["window", "aisle"], description: "Where you sit" } },
    required: ["seat"],
  },
};

// #region ask
/** What the agent says to the last human message; asks the person first when it needs to. */
function replyTo(said) {
  // interrupt() pauses the run here; on resume the node runs again and interrupt() returns the answer.
  if (/name/i.test(said)) {
    const name = interrupt("What is your name?");
    return typeof name === "string" ? `Nice to meet you, ${name}.` : "You did not tell me your name.";
  }
  if (/seat/i.test(said)) {
    const answer = interrupt(SEAT);
    return answer?.__agui_cancelled__ ? "You did not pick a seat." : `You picked the ${answer.seat} seat.`;
  }
  return `You said: ${said}.`;
}
// #endregion ask

async function agent(state, config) {
  const said = textOf(state.messages.findLast((m) => m._getType?.() === "human" || m.type === "human")).trim();
  const model = new FakeListChatModel({ responses: [replyTo(said)] });
  const reply = await model.invoke(state.messages, config);
  return { messages: [new AIMessage({ id: reply.id, content: reply.content })] };
}

export const graph = new StateGraph(MessagesAnnotation).addNode("agent", agent).addEdge("__start__", "agent").compile();
