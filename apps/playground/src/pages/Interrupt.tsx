import { useInterrupt } from "@tandem/react";
import { Chat } from "@tandem/ui";

/** The run pauses with a question; a picker in the chat resumes it. */
export default function Interrupt() {
  useInterrupt({
    render: ({ interrupt, resolve, cancel }) => {
      const options = (interrupt.responseSchema?.properties?.choice?.enum ?? []) as string[];
      return (
        <fieldset data-testid="interrupt-picker" aria-label="Agent question" className="pg-card">
          <p>{interrupt.message ?? interrupt.reason}</p>
          <div className="pg-actions">
            {options.map((choice) => (
              <button key={choice} type="button" className="tandem-button" onClick={() => resolve({ choice })}>
                {choice}
              </button>
            ))}
            <button type="button" className="tandem-button tandem-button--ghost" onClick={cancel}>
              Cancel
            </button>
          </div>
        </fieldset>
      );
    },
  });
  return <Chat suggestions={[{ label: "Book a flight", prompt: "book me a flight to Lisbon" }]} />;
}
