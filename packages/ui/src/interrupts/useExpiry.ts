import { type Interrupt, useAgentClient } from "@tandem/react";
import { useEffect, useState } from "react";

/** An interrupt's time left: none (it never expires), whole seconds to go, or expired. */
export interface Expiry {
  /** Whole seconds left, or null when the interrupt never expires. */
  secondsLeft: number | null;
  expired: boolean;
}

/**
 * The time left to answer an interrupt with `expiresAt`, on the deadline core keeps (this
 * machine's clock, corrected for the agent's). Ticks once a second while it runs; never for an
 * interrupt without a deadline (or with one that does not parse).
 */
export function useExpiry(interrupt: Interrupt): Expiry {
  const client = useAgentClient();
  const deadline = client.interruptDeadline(interrupt);
  const [now, setNow] = useState(() => Date.now());
  const over = deadline !== null && now >= deadline;
  useEffect(() => {
    if (deadline === null || over) return;
    // Ticks on the deadline's second boundaries, so the count and the expiry line up.
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setNow(Date.now());
      timer = setTimeout(tick, (deadline - Date.now()) % 1000 || 1000);
    };
    timer = setTimeout(tick, (deadline - Date.now()) % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [deadline, over]);
  if (deadline === null) return { secondsLeft: null, expired: false };
  return { secondsLeft: Math.max(0, Math.ceil((deadline - now) / 1000)), expired: over };
}
