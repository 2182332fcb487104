import type { TokenUsage } from "@ag-ui/core";
import { newId, run, subagent, textMessage, toolCall, toolResult } from "../steps.js";
import type { Script, Step } from "../types.js";
import { lastUserText } from "./read.js";

export const SUBAGENTS = [
  { name: "researcher", description: "Finds facts and sources on the topic" },
  { name: "writer", description: "Turns the facts into a short, readable draft" },
] as const;

function topicOf(text: string): string {
  const topic = text
    .replace(/,?\s*(and\s+)?(make\s+(it|the\s+writer)\s+|let\s+it\s+)?fail\w*/gi, "")
    .replace(/^\s*(please\s+)?(write|draft|research)\s+(me\s+)?((a|an)\s+)?((short\s+)?(report|piece|note)\s+)?((about|on)\s+)?/i, "")
    .replace(/[.?!]+$/, "")
    .trim();
  return topic || "tides";
}

const usage = (model: string, inputTokens: number, outputTokens: number): TokenUsage => ({
  provider: "mock",
  model,
  inputTokens,
  outputTokens,
  totalTokens: inputTokens + outputTokens,
});

/**
 * A supervisor that delegates: it says what it will do, hands the research to a "researcher"
 * subagent and the draft to a "writer" subagent (each with its own messages and a backend tool
 * call, every event attributed by `subagentRunId`), then sums up in its own words. When the
 * user's message asks for a failure ("fail"), the writer reports SUBAGENT_ERROR and the
 * supervisor carries on without it. RUN_FINISHED reports token usage per model.
 */
export const subagents: Script = (input, { tokenDelayMs }) => {
  const text = lastUserText(input);
  const topic = topicOf(text);
  const fail = /\bfail/i.test(text);
  const pause: Step[] = tokenDelayMs > 0 ? [{ delay: tokenDelayMs * 10 }] : [];
  const facts = [
    `${topic} follow a regular rhythm`,
    `${topic} are easiest to explain with one example`,
    `people have studied ${topic} for centuries`,
  ];

  const researchId = newId("research");
  const researchMessage = newId("msg");
  const searchId = newId("search");
  const research = subagent(
    { subagentRunId: newId("sa-researcher"), ...SUBAGENTS[0] },
    [
      ...textMessage(`Looking up ${topic}.`, { messageId: researchMessage, tokenDelayMs }),
      ...toolCall("search_web", { query: topic }, { toolCallId: searchId, parentMessageId: researchMessage, chunks: 2, tokenDelayMs }),
      ...pause,
      toolResult(searchId, { query: topic, results: facts.map((fact, i) => ({ title: fact, url: `https://example.com/${i + 1}` })) }),
      ...textMessage(`Found ${facts.length} facts: ${facts.join("; ")}.`, { messageId: researchId, tokenDelayMs }),
    ],
    { result: { facts } },
  );

  const draft = `${topic[0]!.toUpperCase()}${topic.slice(1)}: ${facts.join(", ")}.`;
  const writerMessage = newId("msg");
  const countId = newId("count");
  const writer = subagent(
    { subagentRunId: newId("sa-writer"), ...SUBAGENTS[1] },
    fail
      ? [...textMessage("Drafting the piece…", { messageId: writerMessage, tokenDelayMs }), ...pause]
      : [
          ...textMessage("Drafting the piece.", { messageId: writerMessage, tokenDelayMs }),
          ...toolCall("count_words", { text: draft }, { toolCallId: countId, parentMessageId: writerMessage, chunks: 2, tokenDelayMs }),
          ...pause,
          toolResult(countId, { words: draft.split(/\s+/).length }),
          ...textMessage(`Draft: ${draft}`, { tokenDelayMs }),
        ],
    fail ? { error: "The writer could not reach its model (503).", code: "model_unavailable" } : { result: { draft } },
  );

  const summary = fail
    ? `The writer failed, so here are the researcher's facts as they are: ${facts.join("; ")}.`
    : `Done. The researcher found ${facts.length} facts and the writer drafted: ${draft}`;
  return run(
    input,
    [
      ...textMessage(`I'll ask the researcher to look into ${topic}, then the writer to draft it.`, { tokenDelayMs }),
      ...research,
      ...writer,
      ...textMessage(summary, { tokenDelayMs }),
    ],
    { usage: [usage("supervisor-mini", 420, 96), usage("worker-large", 1800, fail ? 120 : 640)] },
  );
};
