import path from "node:path";
import { pathToFileURL } from "node:url";
import { inject } from "vitest";
import { installRuntimes, runtimesFolder, waitForRuntimesInstall } from "./runtimesInstall";

/**
 * Real agent servers (CopilotKit's runtime, Mastra, a LangGraph.js graph on LangGraph's API server
 * through @ag-ui/langgraph, VoltAgent, TanStack AI, AWS Strands, an A2A supervisor) for the
 * browser tests (runtimes/smoke.mjs runs them without a browser). They are not dependencies of
 * the workspace, so `pnpm install` never downloads them: `e2e/runtimes/` has its own package.json
 * and lockfile, installed with `npm ci` the first time a test needs them (and again when the
 * lockfile changes): see runtimesInstall.ts.
 */

declare module "vitest" {
  interface ProvidedContext {
    /** The runtimes' installer globalSetup.ts serves (see runtimesInstall.ts). */
    runtimesInstaller?: string;
  }
}

/** A real agent server the tests point the playground at (see runtimes/script.mjs, `Runtime`). */
export interface RuntimeServer {
  /** What the tests call it. */
  name: string;
  /** The AG-UI run URL (the playground's `?agent=`). */
  url: string;
  /** The `stop` URL template, where the runtime has one. */
  stop?: string;
  /**
   * Makes the scripted model's next stories wait after their first words until `release()` (or
   * until their run is aborted): a test that needs a run going on holds it rather than racing it.
   */
  hold(): { release(): void };
  close(): Promise<void>;
}

let installing: Promise<void> | undefined;

/**
 * The runtimes, installed: by the one install of the test run (globalSetup.ts's installer), or,
 * outside Vitest's browser project, by this process.
 */
export function ensureRuntimes(): Promise<void> {
  const installer = inject("runtimesInstaller");
  installing ??= installer ? waitForRuntimesInstall(installer) : installRuntimes();
  return installing;
}

/** Each runtime's file in `runtimes/` and the function that starts it. */
const RUNTIMES = {
  copilotkit: ["copilotkit.mjs", "startCopilotKit"],
  mastra: ["mastra.mjs", "startMastra"],
  langgraph: ["langgraph.mjs", "startLangGraph"],
  // A VoltAgent agent through @voltagent/ag-ui.
  voltagent: ["voltagent.mjs", "startVoltAgent"],
  // TanStack AI's chat() as SSE (no durability log: see tanstack.mjs for what one changes).
  tanstack: ["tanstack.mjs", "startTanStack"],
  // An AWS Strands agent through @ag-ui/aws-strands (its own workspace, `runtimes/strands/`).
  strands: ["strands.mjs", "startStrands"],
  // A supervisor (@ag-ui/a2a-middleware around a Mastra agent) delegating to a scripted A2A agent.
  a2a: ["a2a.mjs", "startA2A"],
} as const;

/** The names `startRuntime` takes. */
export type RuntimeName = keyof typeof RUNTIMES;

/** Starts one of the runtimes on 127.0.0.1 and a free port (`options` go to its start function). */
export async function startRuntime(name: RuntimeName, options?: Record<string, unknown>): Promise<RuntimeServer> {
  await ensureRuntimes();
  // CopilotKit's runtime reports usage over the network unless told not to.
  process.env.COPILOTKIT_TELEMETRY_DISABLED = "true";
  process.env.DO_NOT_TRACK = "1";
  const [file, start] = RUNTIMES[name];
  const module = await import(pathToFileURL(path.join(runtimesFolder, file)).href);
  return module[start](options);
}
