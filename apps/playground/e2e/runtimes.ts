import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";

/**
 * Real agent servers (CopilotKit's runtime, Mastra, a LangGraph.js graph on LangGraph's API server
 * through @ag-ui/langgraph, VoltAgent, TanStack AI, AWS Strands, an A2A supervisor) for the
 * browser tests (runtimes/smoke.mjs runs them without a browser). They are not
 * dependencies of the workspace, so `pnpm install` never downloads them: `e2e/runtimes/` has
 * its own package.json and lockfile, installed with `npm ci` the first time a test needs them
 * (and again when the lockfile changes), into `e2e/runtimes/node_modules`.
 */
const folder = fileURLToPath(new URL("./runtimes/", import.meta.url));
const stamp = path.join(folder, "node_modules", ".tandem-lockfile-sha256");

/** A real agent server the tests point the playground at. */
export interface RuntimeServer {
  /** What the tests call it. */
  name: string;
  /** The AG-UI run URL (the playground's `?agent=`). */
  url: string;
  /** The `stop` URL template, where the runtime has one. */
  stop?: string;
  close(): Promise<void>;
}

let installing: Promise<void> | undefined;

/** Installs the runtimes' folder from its lockfile unless it is installed already (once per process). */
export function ensureRuntimes(): Promise<void> {
  installing ??= install();
  return installing;
}

async function install(): Promise<void> {
  const lock = createHash("sha256")
    .update(readFileSync(path.join(folder, "package-lock.json")))
    .digest("hex");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === lock) return;
  const started = Date.now();
  console.log("Installing the real agent runtimes for the browser tests (npm ci in apps/playground/e2e/runtimes)…");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  try {
    await promisify(execFile)(npm, ["ci", "--no-audit", "--no-fund", "--ignore-scripts", "--prefer-offline"], {
      cwd: folder,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`Could not install the runtimes in ${folder} (npm ci failed; it needs the npm registry):\n${stderr ?? error}`);
  }
  writeFileSync(stamp, lock);
  console.log(`Installed the runtimes in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
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

/** Starts one of the runtimes on 127.0.0.1 and a free port. */
export async function startRuntime(name: RuntimeName): Promise<RuntimeServer> {
  await ensureRuntimes();
  // CopilotKit's runtime reports usage over the network unless told not to.
  process.env.COPILOTKIT_TELEMETRY_DISABLED = "true";
  process.env.DO_NOT_TRACK = "1";
  const [file, start] = RUNTIMES[name];
  const module = await import(pathToFileURL(path.join(folder, file)).href);
  return module[start]();
}
