import { isApproval, useAgentClient, useInterrupt } from "@tandem/react";

export function MyApprovals() {
  const client = useAgentClient();
  useInterrupt({
    render: ({ interrupt, resolve, cancel }) => {
      // Approvals are answered { approved, editedArgs? }; anything else with what its responseSchema asks.
      if (!isApproval(interrupt))
        return (
          <button type="button" onClick={() => cancel()}>
            Dismiss
          </button>
        );
      const deadline = client.interruptDeadline(interrupt); // this machine's clock, or null: never expires
      const expired = deadline !== null && Date.now() >= deadline;
      return (
        <fieldset aria-label={interrupt.message ?? interrupt.reason}>
          <button type="button" disabled={expired} onClick={() => resolve({ approved: true }, { approvedBy: "ada" })}>
            Approve
          </button>
          <button type="button" disabled={expired} onClick={() => resolve({ approved: false })}>
            Reject
          </button>
        </fieldset>
      );
    },
  });
  return null;
}
