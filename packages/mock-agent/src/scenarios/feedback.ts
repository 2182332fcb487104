import { run, textMessage } from "../steps.js";
import type { Script } from "../types.js";
import { lastUserText } from "./read.js";

/**
 * The feedback and dictation page's agent: a short reply to rate, naming what it was asked (so
 * dictated words are seen to arrive only once sent). Ratings go to `POST {baseUrl}/feedback`.
 */
export const feedback: Script = (input, { tokenDelayMs }) => {
  const text = lastUserText(input);
  const reply = text ? `You said “${text}”. Was this reply useful? Rate it below.` : "Ask me anything, then rate my reply.";
  return run(input, textMessage(reply, { tokenDelayMs }));
};
