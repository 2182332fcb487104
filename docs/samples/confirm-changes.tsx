// #region sample
import { useConfirmationKeys } from "@tandem/ui";

function ConfirmChanges({ respond }: { respond?: (result: unknown) => void }) {
  const keys = useConfirmationKeys({ pending: respond !== undefined, onReject: () => respond?.({ approved: false }) });
  return (
    <fieldset aria-label="Confirm changes" {...keys}>
      <button type="button" data-tandem-autofocus="" onClick={() => respond?.({ approved: true })}>
        Approve
      </button>
      <button type="button" onClick={() => respond?.({ approved: false })}>
        Reject
      </button>
    </fieldset>
  );
}

// #endregion sample

export { ConfirmChanges };
