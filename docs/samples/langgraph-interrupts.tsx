import { AgentProvider, useInterrupt } from "@tandem/react";
import { Chat, InterruptPrompt } from "@tandem/ui";

// #region provider
// The URL of your server's endpoint that runs @ag-ui/langgraph's LangGraphAgent (see the server above).
export const WithLangGraph = () => (
  <AgentProvider url="http://localhost:8000/agent">
    <Chat />
  </AgentProvider>
);
// #endregion provider

// #region render
/** What a LangGraph interrupt() was called with, as the graph sent it (kept beside the prompt drawn from it). */
const graphValue = (metadata: Record<string, unknown> | undefined) => (metadata?.langgraph as { raw?: unknown } | undefined)?.raw;

export function LangGraphQuestions() {
  useInterrupt({
    render: ({ interrupt, resolve, cancel }) => {
      const value = graphValue(interrupt.metadata);
      // interrupt({ kind: "confirm", message }) in the graph: Yes / No, sent back as true / false.
      if (typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "confirm") {
        return (
          <fieldset aria-label="Agent question">
            <p>{interrupt.message}</p>
            <button type="button" onClick={() => resolve(true)}>
              Yes
            </button>
            <button type="button" onClick={() => resolve(false)}>
              No
            </button>
          </fieldset>
        );
      }
      // Anything else: Tandem's own prompt (a form from responseSchema, or a text answer).
      return <InterruptPrompt interrupt={interrupt} onResolve={resolve} onCancel={cancel} />;
    },
  });
  return null;
}
// #endregion render
