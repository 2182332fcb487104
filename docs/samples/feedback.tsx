import type { FeedbackGiven } from "@tandem/core";
import { AgentProvider, useFeedback } from "@tandem/react";
import { Chat } from "@tandem/ui";

declare function track(event: string, data: FeedbackGiven): void;

export function App() {
  // #region provider
  return (
    <AgentProvider
      url="/api/agent"
      // Each rating, change, take-back (rating: null) or comment; the rating is kept with the thread whatever this does.
      onFeedback={(feedback) => track("reply-feedback", feedback)}
      // Optional: also POST each rating there as an AG-UI CUSTOM event named "tandem.feedback".
      feedback="/api/agent/feedback/{threadId}"
    >
      <Chat />
    </AgentProvider>
  );
  // #endregion provider
}

export function Thumbs({ messageId }: { messageId: string }) {
  // #region hook
  const { rating, comment, give } = useFeedback(messageId); // this reply's rating, kept with the thread
  const up = () => give(rating === "up" ? null : "up"); // pressing it again takes it back
  const down = () => give("down", "It made up a number"); // a comment goes with the rating
  // #endregion hook
  return (
    <p title={comment}>
      <button type="button" aria-pressed={rating === "up"} onClick={up}>
        Good response
      </button>
      <button type="button" aria-pressed={rating === "down"} onClick={down}>
        Bad response
      </button>
    </p>
  );
}
