import type { ScenarioName, Script } from "../types";
import { agenticChat } from "./agenticChat";
import { agenticGenerativeUi } from "./agenticGenerativeUi";
import { backendToolRendering } from "./backendToolRendering";
import { humanInTheLoop } from "./humanInTheLoop";
import { interrupt } from "./interrupt";
import { predictiveStateUpdates } from "./predictiveStateUpdates";
import { sharedState } from "./sharedState";
import { toolBasedGenerativeUi } from "./toolBasedGenerativeUi";

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
};
