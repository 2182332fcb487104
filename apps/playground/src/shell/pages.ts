import type { ComponentType } from "react";
import A2ui from "../pages/A2ui";
import a2uiSource from "../pages/A2ui.tsx?raw";
import AgenticChat from "../pages/AgenticChat";
import agenticChatSource from "../pages/AgenticChat.tsx?raw";
import AgenticGenerativeUi from "../pages/AgenticGenerativeUi";
import agenticGenerativeUiSource from "../pages/AgenticGenerativeUi.tsx?raw";
import Approvals from "../pages/Approvals";
import approvalsSource from "../pages/Approvals.tsx?raw";
import BackendToolRendering from "../pages/BackendToolRendering";
import backendToolRenderingSource from "../pages/BackendToolRendering.tsx?raw";
import FeedbackDictation from "../pages/FeedbackDictation";
import feedbackDictationSource from "../pages/FeedbackDictation.tsx?raw";
import HumanInTheLoop from "../pages/HumanInTheLoop";
import humanInTheLoopSource from "../pages/HumanInTheLoop.tsx?raw";
import Interrupt from "../pages/Interrupt";
import interruptSource from "../pages/Interrupt.tsx?raw";
import McpApps from "../pages/McpApps";
import mcpAppsSource from "../pages/McpApps.tsx?raw";
import PredictiveStateUpdates from "../pages/PredictiveStateUpdates";
import predictiveStateUpdatesSource from "../pages/PredictiveStateUpdates.tsx?raw";
import SharedState, { initialRecipeState } from "../pages/SharedState";
import sharedStateSource from "../pages/SharedState.tsx?raw";
import Subagents from "../pages/Subagents";
import subagentsSource from "../pages/Subagents.tsx?raw";
import ToolBasedGenerativeUi from "../pages/ToolBasedGenerativeUi";
import toolBasedGenerativeUiSource from "../pages/ToolBasedGenerativeUi.tsx?raw";

export interface PageInfo {
  path: string;
  title: string;
  note: string;
  Page: ComponentType;
  source: string;
  initialState?: unknown;
  /** The page takes feedback on replies: its ratings are logged on the page and POSTed to the settings' `feedback` URL. */
  takesFeedback?: boolean;
}

/** The AG-UI Dojo's feature set, one page each, with the Dojo's tool names and state shapes. */
export const PAGES: PageInfo[] = [
  {
    path: "agentic-chat",
    title: "Agentic chat",
    note: "Streaming chat with a frontend tool: ask for a colour and the agent calls change_background, which restyles this page. Try “count down from 10”. Attach an image (+, paste or drop) and the agent says what it received; edit a question or regenerate a reply, and page between the versions.",
    Page: AgenticChat,
    source: agenticChatSource,
  },
  {
    path: "backend-tool-rendering",
    title: "Backend tool rendering",
    note: "The agent runs get_weather on its server; the app draws the call and its result as a card.",
    Page: BackendToolRendering,
    source: backendToolRenderingSource,
  },
  {
    path: "human-in-the-loop",
    title: "Human in the loop",
    note: "generate_task_steps waits for you: toggle steps, then Approve or Reject; the agent answers from what came back.",
    Page: HumanInTheLoop,
    source: humanInTheLoopSource,
  },
  {
    path: "interrupt",
    title: "Interrupt",
    note: "The run ends with an interrupt; pick an option to resume it (or cancel).",
    Page: Interrupt,
    source: interruptSource,
  },
  {
    path: "agentic-generative-ui",
    title: "Agentic generative UI",
    note: "STATE_SNAPSHOT and STATE_DELTA events drive a live progress card.",
    Page: AgenticGenerativeUi,
    source: agenticGenerativeUiSource,
  },
  {
    path: "tool-based-generative-ui",
    title: "Tool-based generative UI",
    note: "generate_haiku's arguments render as a card while they stream.",
    Page: ToolBasedGenerativeUi,
    source: toolBasedGenerativeUiSource,
  },
  {
    path: "shared-state",
    title: "Shared state",
    note: "A recipe that you and the agent both edit: your edits travel with the next run.",
    Page: SharedState,
    source: sharedStateSource,
    initialState: initialRecipeState,
  },
  {
    path: "predictive-state-updates",
    title: "Predictive state updates",
    note: "PredictState points the document at the argument the agent's tool is streaming (here write_document_local's content), live; confirm_changes keeps it, and Reject restores the previous one.",
    Page: PredictiveStateUpdates,
    source: predictiveStateUpdatesSource,
  },
  {
    path: "subagents",
    title: "Subagents",
    note: "A supervisor delegates to a researcher and a writer: each subagent is a group with its status, its own messages and tool calls inside. Ask it to “make the writer fail” to see a failed one. The footer shows token usage.",
    Page: Subagents,
    source: subagentsSource,
  },
  {
    path: "a2ui",
    title: "A2UI",
    note: "The agent sends an A2UI v0.9 surface (a booking form); type, slide and tick: the surface's data model follows. Confirm goes back to the agent as a user action and its answer updates the same surface. Ask for a hostile surface to see unknown components and bad operations reported inside its box.",
    Page: A2ui,
    source: a2uiSource,
  },
  {
    path: "mcp-apps",
    title: "MCP Apps",
    note: "The agent runs an MCP tool with a UI (show_counter) and the app appears in a sandboxed frame. “Add one” calls the MCP server's tool through the agent; a link the app asks for opens only after you confirm.",
    Page: McpApps,
    source: mcpAppsSource,
  },
  {
    path: "approvals",
    title: "Approvals",
    note: "Approval interrupts: the agent asks before each tool call. Edit send_email's arguments before approving (the diff shows what changed), answer two approvals at once, watch one expire (it goes to the agent as cancelled), or ask it to stop (a cancelled run shows as Stopped).",
    Page: Approvals,
    source: approvalsSource,
  },
  {
    path: "feedback-dictation",
    title: "Feedback and dictation",
    note: "Rate a reply with the thumbs below it (a thumbs down asks what went wrong): the rating is kept with the thread, logged here by onFeedback and POSTed to the agent as a CUSTOM event. Where the browser has speech recognition, Dictate puts your words in the message box; nothing is sent until you press Send.",
    Page: FeedbackDictation,
    source: feedbackDictationSource,
    takesFeedback: true,
  },
];
