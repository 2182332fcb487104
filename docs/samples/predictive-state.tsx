import { useAgentState, useHumanInTheLoop } from "@tandem/react";

function Confirm(props: { onApprove: () => void; onReject: () => void }) {
  return (
    <p>
      <button type="button" onClick={props.onApprove}>
        Approve
      </button>
      <button type="button" onClick={props.onReject}>
        Reject
      </button>
    </p>
  );
}

export function Document() {
  // #region sample
  const [doc] = useAgentState<{ document?: string }>(); // streams live while the agent writes
  useHumanInTheLoop({
    name: "confirm_changes",
    parameters: { type: "object", properties: {} } as const,
    render: ({ respond }) => <Confirm onApprove={() => respond?.({ approved: true })} onReject={() => respond?.({ approved: false })} />,
  });
  // #endregion sample
  return <article>{doc?.document}</article>;
}
