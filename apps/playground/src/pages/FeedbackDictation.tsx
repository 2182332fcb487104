import { Chat } from "@tandem/ui";
import { useFeedbackLog } from "../shell/feedbackLog";

/**
 * Thumbs up and down on every reply (the provider's onFeedback logs them below; the rating is
 * kept with the thread), and the composer's Dictate button where the browser can recognise speech.
 */
export default function FeedbackDictation() {
  const log = useFeedbackLog();
  return (
    <div className="pg-feedback">
      <Chat />
      <section aria-label="Feedback log" className="pg-feedback__log">
        <h2>onFeedback</h2>
        {log.length === 0 ? (
          <p className="pg-muted">No ratings yet.</p>
        ) : (
          <ol data-testid="feedback-log">
            {log.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows
              <li key={i} data-rating={f.rating ?? "none"}>
                {f.rating === null ? "Rating taken back" : f.rating === "up" ? "Good response" : "Bad response"}
                {f.comment !== undefined && `: “${f.comment}”`} <code>{f.messageId}</code>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
