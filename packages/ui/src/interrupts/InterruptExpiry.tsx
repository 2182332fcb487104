import { useLabels } from "../labels/labels.js";
import type { Expiry } from "./useExpiry.js";

/**
 * The time left, as text that is read when reached but not announced each second; once it has
 * expired, a polite status says so (once).
 */
export function InterruptExpiry({ expiry }: { expiry: Expiry }) {
  const labels = useLabels();
  if (expiry.secondsLeft === null) return null;
  return (
    <>
      {!expiry.expired && <p className="tandem-interrupt__expiry">{labels.expiresIn(expiry.secondsLeft)}</p>}
      <p role="status" className="tandem-interrupt__expired" data-testid="interrupt-expired">
        {expiry.expired ? labels.expired : ""}
      </p>
    </>
  );
}
