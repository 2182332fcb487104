import type { RunAgentInput } from "@ag-ui/core";
import type { BoundedLog } from "../util/boundedLog.js";
import { RunDiagnostics } from "./runDiagnostics.js";
import { watchRun } from "./runWatches.js";
import type { Diagnostic } from "./types.js";

/** What the recorder needs of a client (an `AgentClient`): the requests it sends, and where its diagnostics go. */
export interface DiagnosedClient {
  onRun(listener: (input: RunAgentInput) => void): () => void;
  readonly diagnostics: BoundedLog<Diagnostic>;
}

/**
 * Starts recording `client`'s diagnostics into `client.diagnostics`: each request it sends gets
 * a `RunDiagnostics` that its validation pipeline, its transport and the reducer report to. A
 * chunk of its own, loaded only for a client made with `diagnostics` (see `loadDiagnosticsRecorder`).
 */
export function recordDiagnostics(client: DiagnosedClient): void {
  client.onRun((input) => watchRun(input, new RunDiagnostics(input, client.diagnostics)));
}
