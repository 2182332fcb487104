import type { ScenarioName, Script } from "../types.js";
import { a2ui } from "./a2ui.js";
import { agenticChat } from "./agenticChat.js";
import { agenticGenerativeUi } from "./agenticGenerativeUi.js";
import { approvals } from "./approvals.js";
import { attachments } from "./attachments.js";
import { backendToolRendering } from "./backendToolRendering.js";
import { feedback } from "./feedback.js";
import { humanInTheLoop } from "./humanInTheLoop.js";
import { interrupt } from "./interrupt.js";
import { mcpApps } from "./mcpApps.js";
import { predictiveStateUpdates } from "./predictiveStateUpdates.js";
import { sharedState } from "./sharedState.js";
import { subagents } from "./subagents.js";
import { toolBasedGenerativeUi } from "./toolBasedGenerativeUi.js";

/** One script per playground page, as a Dojo reference server plays them. */
export const scenarios: Record<ScenarioName, Script> = {
  "agentic-chat": agenticChat,
  "backend-tool-rendering": backendToolRendering,
  "human-in-the-loop": humanInTheLoop,
  interrupt,
  "agentic-generative-ui": agenticGenerativeUi,
  "tool-based-generative-ui": toolBasedGenerativeUi,
  "shared-state": sharedState,
  "predictive-state-updates": predictiveStateUpdates,
  subagents,
  attachments,
  a2ui,
  "mcp-apps": mcpApps,
  approvals,
  "feedback-dictation": feedback,
};
