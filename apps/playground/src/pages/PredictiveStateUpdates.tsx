import { useAgent, useAgentState, useHumanInTheLoop } from "@tandem/react";
import { Chat, useConfirmationKeys } from "@tandem/ui";
import { useState } from "react";

/**
 * The document is plain shared state. While the agent writes, PredictState points
 * `state.document` at the argument its tool is streaming (whatever the tool and argument are
 * called): core does that, so this page only reads the state.
 */
function DocumentView() {
  const [state] = useAgentState<{ document?: string }>();
  // A prediction is pending: the document is the agent's proposal until it is kept or rejected.
  const proposed = useAgent((s) => s.predictedFrom !== null);
  const document = state?.document ?? "";
  return (
    <article className="pg-card pg-document" aria-label="Document" aria-busy={proposed}>
      {proposed && <p className="pg-muted">Proposed by the agent: keep it or reject it in the chat.</p>}
      <div data-testid="document" data-predicted={proposed ? "true" : "false"}>
        {document || <span className="pg-muted">The document is empty. Ask the agent to write something.</span>}
      </div>
    </article>
  );
}

/** Keep or discard what the agent wrote. Rejecting puts the previous document back (core does it). */
function ConfirmChanges({ respond }: { respond?: (result: unknown) => void }) {
  const [answer, setAnswer] = useState<boolean | null>(null);
  const pending = respond !== undefined && answer === null;
  const decide = (approved: boolean) => {
    setAnswer(approved);
    respond?.({ approved });
  };
  const keys = useConfirmationKeys({ pending, onReject: () => decide(false) });
  return (
    <fieldset aria-label="Confirm changes" className="pg-card" {...keys}>
      <p>{pending ? "Keep the new document?" : answer === false ? "Rejected." : "Answered."}</p>
      <div className="pg-actions">
        <button
          type="button"
          className="tandem-button tandem-button--primary"
          data-tandem-autofocus=""
          disabled={!pending}
          onClick={() => decide(true)}
        >
          Approve
        </button>
        <button type="button" className="tandem-button" disabled={!pending} onClick={() => decide(false)}>
          Reject
        </button>
      </div>
    </fieldset>
  );
}

/** PredictState streams the agent's draft into the document; confirm_changes keeps it or restores the previous one. */
export default function PredictiveStateUpdates() {
  useHumanInTheLoop({
    name: "confirm_changes",
    description: "Ask the user to keep or discard the document you just wrote.",
    parameters: { type: "object", properties: {} },
    render: ({ respond }) => <ConfirmChanges {...(respond && { respond })} />,
  });
  return (
    <>
      <DocumentView />
      <Chat suggestions={[{ label: "Write", prompt: "write a short story about a lighthouse" }]} />
    </>
  );
}
