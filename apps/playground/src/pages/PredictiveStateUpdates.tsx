import { useAgent, useAgentClient, useAgentState, useHumanInTheLoop } from "@tandem/react";
import { Chat } from "@tandem/ui";
import { useEffect, useState } from "react";

interface Prediction {
  state_key: string;
  tool: string;
  tool_argument: string;
}

/** PredictState tells which tool argument streams into which state key. */
function usePredictions(): Prediction[] {
  const client = useAgentClient();
  const [predictions, setPredictions] = useState<Prediction[]>([]);
  useEffect(
    () =>
      client.onEvent((event) => {
        const e = event as { type: string; name?: string; value?: unknown };
        if (e.type === "CUSTOM" && e.name === "PredictState" && Array.isArray(e.value)) setPredictions(e.value as Prediction[]);
      }),
    [client],
  );
  return predictions;
}

/** The document as the agent is writing it: the streamed argument until it is confirmed or rejected. */
function usePredictedDocument(): { document: string; predicted: boolean } {
  const [state] = useAgentState<{ document?: string } | null>();
  const predictions = usePredictions();
  const { toolCalls } = useAgent();
  const saved = state?.document ?? "";
  const rule = predictions.find((p) => p.state_key === "document");
  if (!rule) return { document: saved, predicted: false };
  const writeIndex = toolCalls.findLastIndex((c) => c.name === rule.tool);
  if (writeIndex < 0) return { document: saved, predicted: false };
  const confirm = toolCalls.slice(writeIndex).find((c) => c.name === "confirm_changes");
  if (confirm && (confirm.status === "complete" || confirm.status === "error")) return { document: saved, predicted: false };
  const value = (toolCalls[writeIndex]!.args as Record<string, unknown> | undefined)?.[rule.tool_argument];
  return typeof value === "string" ? { document: value, predicted: true } : { document: saved, predicted: false };
}

function DocumentView() {
  const { document, predicted } = usePredictedDocument();
  return (
    <article className="pg-card pg-document" aria-label="Document" aria-busy={predicted}>
      <div data-testid="document" data-predicted={predicted ? "true" : "false"}>
        {document || <span className="pg-muted">The document is empty. Ask the agent to write something.</span>}
      </div>
    </article>
  );
}

/** Streams write_document's argument into the document; confirm_changes keeps or discards it. */
export default function PredictiveStateUpdates() {
  const [, setState] = useAgentState<{ document?: string } | null>();
  const { toolCalls } = useAgent();
  useHumanInTheLoop({
    name: "confirm_changes",
    description: "Ask the user to keep or discard the document you just wrote.",
    parameters: { type: "object", properties: {} },
    render: ({ respond, status }) => {
      const answer = (approved: boolean) => {
        if (approved) {
          const written = toolCalls.findLast((c) => c.name === "write_document");
          const document = (written?.args as { document?: string } | undefined)?.document;
          if (document !== undefined) setState((s) => ({ ...(s ?? {}), document }));
        }
        respond?.({ approved });
      };
      return (
        <div role="group" aria-label="Confirm changes" className="pg-card">
          <p>{status === "awaiting-input" ? "Keep the new document?" : "Answered."}</p>
          <div className="pg-actions">
            <button type="button" disabled={!respond} onClick={() => answer(true)}>
              Approve
            </button>
            <button type="button" disabled={!respond} onClick={() => answer(false)}>
              Reject
            </button>
          </div>
        </div>
      );
    },
  });
  return (
    <>
      <DocumentView />
      <Chat suggestions={[{ label: "Write", prompt: "write a short story about a lighthouse" }]} />
    </>
  );
}
