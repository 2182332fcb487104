// A hostile agent's corpus, shared by every test of a part that consumes agent data (the store,
// <Chat>, the inspector, the recorder, replay, storage): what an agent may send to hurt a page.
// `HOSTILE_RUNS` go over the wire (JSON); `oddState()` holds what only a custom transport or the
// app itself can put in state (BigInt, a cycle).
import type { RunAgentInput } from "@ag-ui/core";
import { lastUserText, run, type Script, type Step, textMessage, toolCall } from "@tandem/mock-agent";

/** Property names a page would see on every object if a patch or merge reached `Object.prototype`. */
export const POLLUTION_MARKERS = ["polluted", "polluted2", "polluted3", "polluted4", "polluted5"] as const;

/** Markup that must stay text: the payloads of the Markdown tests, plus the same in tool and state values. */
export const XSS =
  'Hi <script>window.__xss = "script"</script> and <img src=x onerror="window.__xss = \'onerror\'"> and [x](javascript:window.__xss=1)\n\n<div onclick="window.__xss = \'click\'">raw</div> <svg onload="window.__xss = \'svg\'"></svg>';

/** One megabyte of text. */
export const MEGABYTE = "x".repeat(1024 * 1024);

/** How many events the long run streams. */
export const MANY = 10_000;

/** The steps of each hostile run (between RUN_STARTED and RUN_FINISHED), by the user's message that asks for it. */
export const HOSTILE_RUNS: Record<string, () => Step[]> = {
  pollute: () => [
    {
      type: "STATE_DELTA",
      delta: [
        { op: "add", path: "/__proto__/polluted", value: "yes" },
        { op: "add", path: "/constructor/prototype/polluted2", value: "yes" },
      ],
    },
    { type: "STATE_SNAPSHOT", snapshot: JSON.parse('{"__proto__": {"polluted3": "yes"}, "ok": 1}') },
    { type: "STATE_DELTA", delta: [{ op: "add", path: "/constructor", value: { prototype: { polluted4: "yes" } } }] },
    { type: "ACTIVITY_SNAPSHOT", messageId: "act-1", activityType: "x", content: { a: 1 } },
    { type: "ACTIVITY_DELTA", messageId: "act-1", activityType: "x", patch: [{ op: "add", path: "/__proto__/polluted5", value: "yes" }] },
    ...toolCall("get_weather", JSON.parse('{"__proto__": {"polluted5": "yes"}, "city": "Oslo"}')),
    ...textMessage("Polluted nothing."),
  ],
  xss: () => [
    { type: "STATE_SNAPSHOT", snapshot: { html: XSS } },
    ...toolCall("get_weather", { city: XSS }),
    ...textMessage([XSS, "\n\nXSS shown as text."]),
  ],
  big: () => [
    { type: "STATE_DELTA", delta: [{ op: "add", path: "/big", value: MEGABYTE }] },
    ...textMessage([MEGABYTE.slice(0, 1000), "\n\nA megabyte later."]),
  ],
  // RUN_STARTED, TEXT_MESSAGE_START, the pieces, TEXT_MESSAGE_END, RUN_FINISHED: MANY events.
  many: () => textMessage([...Array.from({ length: MANY - 5 }, (_, i) => `${i} `), "\n\nTen thousand events."]),
  unknown: () => [
    { type: "NOT_AN_AG_UI_EVENT", payload: JSON.parse('{"__proto__": {"polluted": "yes"}}') },
    ...textMessage("After an unknown event."),
  ],
};

/** A mock-agent script serving `HOSTILE_RUNS`: the user's last message names the run; anything else gets a plain answer. */
export const hostileScript: Script = (input: RunAgentInput) => {
  const steps = HOSTILE_RUNS[lastUserText(input)];
  return run(input, steps ? steps() : textMessage("Still here."));
};

/** True when none of the corpus's markers reached `Object.prototype`. */
export const prototypeIsClean = () => POLLUTION_MARKERS.every((marker) => !(marker in {}));

/** A state only a custom transport or the app can make: a BigInt and a cycle. */
export function oddState(): Record<string, unknown> {
  const cyclic: Record<string, unknown> = { name: "loop" };
  cyclic.self = cyclic;
  return { count: 12345678901234567890n, cyclic };
}
