// @ts-check
// What the mock language model says, for both runtimes: one turn's reply, picked from the
// conversation the runtime hands the model (the AI SDK's prompt), as a list of parts.
//   "story …"           "Once upon a time, …": four words, then it waits for the test's release
//                       (`memory.hold()`; for Stop, which must find it running), then "the end."
//   "background …"      calls the page's frontend tool change_background, then (after its result) says so
//   "plan …"            calls generate_task_steps (human in the loop), then says what the person chose
//   "recipe …"          sets the shared state through the runtime's own way of doing it
//   "flight …"          calls choose_seat, an interrupt tool (CopilotKit's runtime only)
//   "fail …"            fails the first time it is asked, answers the second (Retry)
//   "weather …"         calls get_weather, a tool the server runs, then says what it returned
//   "delete …"          calls delete_file, a server tool that needs the person's approval (where the stack has approvals)
//   "helper …"          delegates to the A2A helper agent (send_message_to_a2a_agent), then says what it answered
//   anything else       "You said: <text>." a word at a time

/**
 * One piece of a turn: text a delta at a time (a function among the deltas is a pause: the
 * streamer awaits it with the run's abort signal), a tool call, or a failure of the model call.
 * @typedef {(signal?: AbortSignal) => Promise<void>} Pause
 * @typedef {{ text: Array<string | Pause> } | { tool: string, args: unknown } | { error: string }} Part
 */

/**
 * What the scripted model keeps for a server's life, and what it needs to know of its runtime.
 * @typedef {object} Memory
 * @property {Set<string>} failed the prompts that already failed once
 * @property {string} [stateTool] the tool that sets shared state on this runtime (none: the model says it cannot)
 * @property {(state: object) => unknown} stateArgs that tool's arguments for a state
 * @property {() => { release(): void }} hold makes every story wait after its first words until
 *   `release()` (or until its run is aborted), so a test finds the run going on for as long as it
 *   needs: nothing depends on how fast the machine is
 * @property {Pause} held the story's pause: resolves at once unless held
 */

/**
 * A runtime as the tests start it (each runtime's file exports a function that starts one).
 * @typedef {object} Runtime
 * @property {string} name what the tests call it
 * @property {string} url the AG-UI run URL (the playground's `?agent=`)
 * @property {string} [stop] the stop URL template, where the runtime has one
 * @property {Memory["hold"]} hold holds its scripted model's stories (see Memory)
 * @property {() => Promise<void>} close
 */

/**
 * A new Memory.
 * @param {{ stateTool?: string, stateArgs?: (state: object) => unknown }} [options] the runtime's
 *   state tool and its arguments for a state (none: the runtime has no shared state)
 * @returns {Memory}
 */
export function scriptMemory({ stateTool, stateArgs = () => ({}) } = {}) {
  /** @type {Promise<void> | undefined} */
  let gate;
  return {
    failed: new Set(),
    stateTool,
    stateArgs,
    hold() {
      /** @type {() => void} */
      let open = () => {};
      const held = new Promise((resolve) => {
        open = () => resolve(undefined);
      });
      gate = held;
      return {
        release() {
          open();
          if (gate === held) gate = undefined;
        },
      };
    },
    held: (signal) => (gate ? Promise.race([gate, aborted(signal)]) : Promise.resolve()),
  };
}

/** @param {AbortSignal | undefined} signal resolves when it aborts (never, without one) */
const aborted = (signal) =>
  new Promise((resolve) => {
    if (signal?.aborted) resolve(undefined);
    signal?.addEventListener("abort", () => resolve(undefined), { once: true });
  });

/**
 * Waits `ms`, or less if the signal aborts first.
 * @param {number} ms
 * @param {AbortSignal} [signal]
 */
export const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    aborted(signal).then(() => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
const STEPS = ["Pack a spacesuit", "Board the rocket", "Land on Mars"];

const lastOf = (prompt, role) => [...prompt].reverse().find((m) => m.role === role);
/** A message's text: a string content, or its text parts joined (AI SDK, Mastra and LangChain messages alike). */
export const textOf = (message) =>
  typeof message?.content === "string"
    ? message.content
    : (message?.content ?? [])
        .filter((p) => p.type === "text")
        .map((p) => p.text)
        .join("");
/** A tool result as the prompt carries it (the AI SDK's `output`, or Mastra's older `result`). */
const resultOf = (part) => {
  const value = part.output?.value ?? part.result;
  return typeof value === "string" ? value : JSON.stringify(value);
};
const words = (sentence) => sentence.split(" ").map((w, i, all) => (i < all.length - 1 ? `${w} ` : w));

/**
 * The model's turn. Like a real model, it calls only the tools it is offered: asked for one it
 * does not have, it says so.
 * @param {Array<{ role: string, content: any }>} prompt
 * @param {Memory} memory
 * @param {Iterable<string>} [offered] the names of the tools the runtime gave the model (all, when not known)
 * @returns {Part[]}
 */
export function reply(prompt, memory, offered) {
  const parts = turn(prompt, memory);
  const names = offered && new Set(offered);
  return parts.map((part) =>
    "tool" in part && names && !names.has(part.tool) ? { text: words(`I have no ${part.tool} tool here.`) } : part,
  );
}

/**
 * @param {Array<{ role: string, content: any }>} prompt
 * @param {Memory} memory
 * @returns {Part[]}
 */
function turn(prompt, memory) {
  const last = prompt.at(-1);
  if (last?.role === "tool") {
    const part = last.content.find((p) => p.type === "tool-result");
    const result = resultOf(part);
    if (part.toolName === "change_background") return [{ text: words(`The background is now ${JSON.parse(result).background}.`) }];
    if (part.toolName === "generate_task_steps") {
      const answer = JSON.parse(result);
      if (!answer.accepted) return [{ text: words("You rejected the plan, so I did nothing.") }];
      const chosen = answer.steps.filter((s) => s.status === "enabled").map((s) => s.description);
      return [{ text: words(`Approved: ${chosen.join(", ")}.`) }];
    }
    if (part.toolName === memory.stateTool) return [{ text: words("I made it a carrot cake.") }];
    if (part.toolName === "choose_seat") return [{ text: words(`The seat question was answered: ${result}.`) }];
    if (part.toolName === "get_weather") return [{ text: words(`The weather tool said ${result}.`) }];
    if (part.toolName === "send_message_to_a2a_agent") return [{ text: words(`The helper answered: ${result}`) }];
    return [{ text: words(`The tool said ${result}.`) }];
  }
  const said = textOf(lastOf(prompt, "user")).trim();
  if (/story/i.test(said)) return [{ text: ["Once ", "upon ", "a ", "time, ", memory.held, "the ", "end."] }];
  if (/background/i.test(said)) return [{ tool: "change_background", args: { background: "teal" } }];
  if (/plan/i.test(said))
    return [{ tool: "generate_task_steps", args: { steps: STEPS.map((description) => ({ description, status: "enabled" })) } }];
  if (/flight/i.test(said)) return [{ tool: "choose_seat", args: {} }];
  if (/weather/i.test(said)) return [{ tool: "get_weather", args: { city: "Lisbon" } }];
  if (/delete/i.test(said)) return [{ tool: "delete_file", args: { path: "notes.txt" } }];
  if (/helper/i.test(said)) return [{ tool: "send_message_to_a2a_agent", args: { agentName: "tandem-helper", task: said } }];
  if (/recipe/i.test(said))
    return memory.stateTool
      ? [{ tool: memory.stateTool, args: memory.stateArgs(CARROT_CAKE) }]
      : [{ text: words("I cannot change the recipe here.") }];
  if (/fail/i.test(said) && !memory.failed.has(said)) {
    memory.failed.add(said);
    return [{ error: "The model is overloaded (scripted failure)." }];
  }
  return [{ text: words(`You said: ${said}.`) }];
}

/**
 * What every stack's get_weather tool answers (the fields the playground's weather card shows).
 * @param {string} city
 */
export const weatherIn = (city) => ({ city, temperature: 21, conditions: "sunny" });

const CARROT_CAKE = {
  recipe: {
    title: "Carrot Cake",
    skill_level: "Beginner",
    special_preferences: [],
    cooking_time: "60 min",
    ingredients: [
      { icon: "🥕", name: "Carrots", amount: "3 large, grated" },
      { icon: "🧈", name: "Butter", amount: "100 g" },
    ],
    instructions: ["Preheat oven to 350°F (175°C)", "Bake for 45 minutes"],
  },
};

let ids = 0;
/**
 * An id unique in this process: the mock models' text and tool-call ids.
 * @param {string} prefix
 */
export const nextId = (prefix) => `${prefix}-${++ids}-${Date.now().toString(36)}`;

/**
 * A text part's deltas as the model streams them: a few ms apart, waiting out its pauses, and
 * none after the run is aborted.
 * @param {{ text: Array<string | Pause> }} part
 * @param {AbortSignal} [signal]
 * @returns {AsyncGenerator<string>}
 */
export async function* deltasOf(part, signal) {
  for (const delta of part.text) {
    if (signal?.aborted) return;
    if (typeof delta === "function") await delta(signal);
    else {
      yield delta;
      await sleep(5, signal);
    }
  }
}

/**
 * The parts as a stream of the AI SDK's language-model stream parts, for a model of
 * specification `v2` (AI SDK 5, Mastra) or `v3` (AI SDK 6, CopilotKit's runtime).
 * @param {Part[]} parts
 * @param {"v2" | "v3"} spec
 * @param {AbortSignal | undefined} signal
 */
export function streamOf(parts, spec, signal) {
  const usage =
    spec === "v3"
      ? { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
      : { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
  const finish = (reason) => ({ type: "finish", finishReason: spec === "v3" ? { unified: reason, raw: reason } : reason, usage });
  return new ReadableStream({
    async start(controller) {
      controller.enqueue({ type: "stream-start", warnings: [] });
      let reason = "stop";
      for (const part of parts) {
        if ("error" in part) {
          controller.error(new Error(part.error));
          return;
        }
        if ("tool" in part) {
          controller.enqueue({ type: "tool-call", toolCallId: nextId("call"), toolName: part.tool, input: JSON.stringify(part.args) });
          reason = "tool-calls";
          continue;
        }
        const id = nextId("text");
        controller.enqueue({ type: "text-start", id });
        for await (const delta of deltasOf(part, signal)) controller.enqueue({ type: "text-delta", id, delta });
        controller.enqueue({ type: "text-end", id });
      }
      controller.enqueue(finish(reason));
      controller.close();
    },
  });
}

/**
 * The `doStream` of a scripted AI SDK language model: `reply` to the prompt with the tools the
 * call offers, streamed by `streamOf`.
 * @param {Memory} memory
 * @param {"v2" | "v3"} spec
 */
export const scriptedStream =
  (memory, spec) =>
  /** @param {{ prompt: any[], abortSignal?: AbortSignal, tools?: Array<{ name: string }> }} options */
  async ({ prompt, abortSignal, tools }) => ({
    stream: streamOf(
      reply(
        prompt,
        memory,
        (tools ?? []).map((tool) => tool.name),
      ),
      spec,
      abortSignal,
    ),
  });

/**
 * A scripted language model of the AI SDK 5's specification (v2), what Mastra 0.24 takes. (The AI
 * SDK 5's own MockLanguageModelV2, in `ai/test`, needs msw installed; this is all it does here.)
 * @param {Memory} memory
 */
export const scriptedModelV2 = (memory) => ({
  specificationVersion: /** @type {const} */ ("v2"),
  provider: "mock",
  modelId: "mock",
  supportedUrls: {},
  doGenerate: () => Promise.reject(new Error("Only streaming is scripted")),
  doStream: scriptedStream(memory, "v2"),
});

/**
 * AG-UI (OpenAI-style) messages as the AI SDK prompt `reply` reads: a tool message becomes a
 * `tool-result` part named after the assistant call it answers. For the stacks whose model sees
 * AG-UI-shaped messages (TanStack AI's ModelMessage, the A2A agent's history).
 * @param {Array<{ role: string, content?: unknown, toolCalls?: Array<{ id: string, function: { name: string } }>, toolCallId?: string }>} messages
 */
export function promptFromAgUi(messages) {
  const names = new Map();
  for (const m of messages) for (const call of m.toolCalls ?? []) names.set(call.id, call.function.name);
  return messages.map((m) =>
    m.role === "tool"
      ? {
          role: "tool",
          content: [{ type: "tool-result", toolCallId: m.toolCallId, toolName: names.get(m.toolCallId), output: { value: m.content } }],
        }
      : { role: m.role, content: m.content ?? "" },
  );
}
