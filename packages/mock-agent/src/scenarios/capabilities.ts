import type { AgentCapabilities } from "@ag-ui/core";
import type { ScenarioName } from "../types.js";
import { SUBAGENTS } from "./subagents.js";

const object = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({
  type: "object",
  properties,
  required,
});

/** What each scenario advertises at `GET {base}/{page}/capabilities` (AG-UI 1.0 `AgentCapabilities`). */
const BY_SCENARIO: Record<ScenarioName, { description: string } & Omit<AgentCapabilities, "identity" | "transport">> = {
  "agentic-chat": {
    description: "Streams answers, calls the frontend tool change_background, and says what attachments it received.",
    tools: { supported: true, clientProvided: true },
    multimodal: { input: { image: true, audio: true, video: true, pdf: true, file: true } },
  },
  "backend-tool-rendering": {
    description: "Runs get_weather on the server and streams its result.",
    tools: {
      supported: true,
      items: [
        {
          name: "get_weather",
          description: "The current weather in a city",
          parameters: object({ location: { type: "string" } }),
        },
      ],
    },
  },
  "human-in-the-loop": {
    description: "Proposes task steps and waits for the user to pick them.",
    tools: { supported: true, clientProvided: true },
    humanInTheLoop: { supported: true, approvals: true },
  },
  interrupt: {
    description: "Pauses the run with an interrupt and resumes with the answer.",
    humanInTheLoop: { supported: true, interrupts: true },
  },
  "agentic-generative-ui": {
    description: "Reports its progress as shared state.",
    state: { snapshots: true, deltas: true },
  },
  "tool-based-generative-ui": {
    description: "Writes a haiku through the frontend tool generate_haiku.",
    tools: { supported: true, clientProvided: true },
  },
  "shared-state": {
    description: "Edits a recipe together with the user.",
    state: { snapshots: true, persistentState: true },
  },
  "predictive-state-updates": {
    description: "Streams a document into state while writing it, then asks to keep it.",
    state: { snapshots: true },
    tools: { supported: true, clientProvided: true },
    humanInTheLoop: { supported: true, approvals: true },
    custom: { predictState: true },
  },
  attachments: {
    description: "Says what the last message carried: each attachment's name, kind, type, size and image pixel size.",
    multimodal: { input: { image: true, audio: true, video: true, pdf: true, file: true } },
  },
  subagents: {
    description: "A supervisor that delegates research and writing to subagents.",
    multiAgent: { supported: true, delegation: true, subagents: SUBAGENTS.map((s) => ({ ...s })) },
    tools: {
      supported: true,
      items: [
        { name: "search_web", description: "Searches the web", parameters: object({ query: { type: "string" } }) },
        { name: "count_words", description: "Counts the words of a text", parameters: object({ text: { type: "string" } }) },
      ],
    },
  },
  a2ui: {
    description: "Sends A2UI v0.9 surfaces (a booking form; a hostile one) and answers their actions.",
    custom: { a2ui: "v0.9" },
  },
  "mcp-apps": {
    description: "Runs show_counter, an MCP tool with a UI, and answers the app's requests as @ag-ui/mcp-apps-middleware does.",
    tools: {
      supported: true,
      items: [{ name: "show_counter", description: "Shows a counter", parameters: object({ start: { type: "number" } }) }],
    },
  },
  approvals: {
    description: "Asks before it acts: approval interrupts on its tool calls, answerable with edits, some expiring.",
    tools: {
      supported: true,
      clientProvided: true,
      items: [{ name: "delete_file", description: "Deletes a file", parameters: object({ path: { type: "string" } }) }],
    },
    humanInTheLoop: { supported: true, approvals: true, interrupts: true, approveWithEdits: true },
  },
  "feedback-dictation": {
    description: "Short replies to rate; takes each rating as a CUSTOM event at POST /feedback.",
  },
};

/** The capabilities of a named scenario; a custom script gets the transport facts only. */
export function capabilitiesOf(name: string | undefined): AgentCapabilities {
  // Resumable: every SSE event has an id, and Last-Event-ID reads on (see resumable/).
  const transport = { streaming: true, httpBinary: true, resumable: true };
  if (name === undefined || !Object.hasOwn(BY_SCENARIO, name)) {
    return { identity: { name: "custom", type: "tandem-mock" }, transport };
  }
  const { description, ...rest } = BY_SCENARIO[name as ScenarioName];
  return { identity: { name, type: "tandem-mock", description }, transport, ...rest };
}

export const hasScenario = (name: string): boolean => Object.hasOwn(BY_SCENARIO, name);
