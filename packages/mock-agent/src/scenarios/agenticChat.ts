import { run, textMessage, toolCall } from "../steps.js";
import type { Script } from "../types.js";
import { describeAttachments, receivedAttachments } from "./attachments.js";
import { answered, lastUserText } from "./read.js";

const COLOURS = ["red", "orange", "yellow", "green", "teal", "blue", "navy", "purple", "pink", "black", "white", "gray"];

// A CSS value written out in the message: a gradient, hex, rgb()/hsl() colour.
const CSS_VALUE = /(?:repeating-)?(?:linear|radial|conic)-gradient\([^;]*\)|#[0-9a-f]{3,8}\b|(?:rgb|hsl)a?\([^)]*\)/i;

function backgroundFor(text: string): string {
  const written = text.match(CSS_VALUE)?.[0];
  if (written) return written;
  const named = COLOURS.filter((c) => new RegExp(`\\b${c}\\b`, "i").test(text));
  if (named.length >= 2) return `linear-gradient(135deg, ${named[0]}, ${named[1]})`;
  if (named.length === 1) return named[0]!;
  return "linear-gradient(135deg, #1e3a8a, #9333ea)";
}

const STORY =
  "Once upon a time, in a city of glass towers and quiet gardens, a small robot named Tandem learned to listen. " +
  "Every morning it asked the people it met what they needed, and every evening it wrote down what it had learned. " +
  "Some days the answers were simple: a door held open, a message carried across town, a plant watered before the sun grew hot. " +
  "Other days they were harder, and Tandem had to stop, ask again, and wait for a person to decide. " +
  "Over many seasons the robot discovered that the best help was not the fastest help but the help that was asked for, checked, and agreed. " +
  "And so, one question at a time, the city and its robot learned to work together.";

/**
 * Dojo "agentic chat": streamed answers, a countdown, and the frontend tool change_background.
 * A message with attachments is answered with what arrived (see `attachments`).
 */
export const agenticChat: Script = (input, { tokenDelayMs }) => {
  const done = answered<{ background: string }>(input, "change_background");
  if (done) return run(input, textMessage(`Done! The background is now ${done.args.background}.`, { tokenDelayMs }));
  const received = receivedAttachments(input);
  if (received.length > 0) return run(input, textMessage(describeAttachments(received), { tokenDelayMs }));
  const text = lastUserText(input);
  if (/count/i.test(text)) {
    return run(input, textMessage("Counting down: 10 9 8 7 6 5 4 3 2 1 ✓", { tokenDelayMs }));
  }
  if (/\b(story|long)\b/i.test(text)) return run(input, textMessage(STORY, { tokenDelayMs }));
  if (/background|colou?r|gradient/i.test(text) || CSS_VALUE.test(text) || COLOURS.some((c) => new RegExp(`\\b${c}\\b`, "i").test(text))) {
    return run(input, toolCall("change_background", { background: backgroundFor(text) }, { chunks: 3, tokenDelayMs }));
  }
  const reply = text
    ? `You said: "${text}". Try "count down from 10", "tell me a story" or "make the background teal".`
    : "Hello! Ask me anything.";
  return run(input, textMessage(reply, { tokenDelayMs }));
};
