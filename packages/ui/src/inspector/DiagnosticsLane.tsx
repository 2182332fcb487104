import type { Diagnostic, DiagnosticAction, RecordedRun } from "@tandem/react";
import { memo, useId } from "react";
import { Payload } from "./Payload.js";

/** What each action is called in a row. */
const ACTION: Record<DiagnosticAction, string> = {
  refused: "refused",
  repaired: "repaired",
  reordered: "reordered",
  deduplicated: "de-duplicated",
  stripped: "stripped",
  "unexpected-answer": "unexpected answer",
};

/** The lane's state: the client keeps no diagnostics, it kept none so far, or it lists some. */
export type DiagnosticsLaneState = "off" | "clean" | "entries";

/** The type of the event a frame held, when it is one (a frame is JSON text, maybe cut). */
function frameType(frame: string): string | null {
  return /^\{"type":"([A-Z_]+)"/.exec(frame)?.[1] ?? null;
}

/** One diagnostic; entries never change, so each row is drawn once. */
const DiagnosticRow = memo(function DiagnosticRow({ diagnostic: d, run }: { diagnostic: Diagnostic; run: string }) {
  const type = frameType(d.frame);
  return (
    <li data-testid="diagnostic" data-rule={d.rule} data-action={d.action}>
      <details>
        <summary>
          <span className="tandem-inspector__when">{run}</span> <code>{d.rule}</code> {ACTION[d.action]}
          {type && (
            <>
              {" "}
              <code>{type}</code>
            </>
          )}
        </summary>
        <p>
          Rule{" "}
          <a href={d.link} target="_blank" rel="noreferrer noopener">
            {d.rule}
          </a>
          : {d.summary}
        </p>
        {d.detail && <p>{d.detail}</p>}
        <p>Instead: {d.instead}</p>
        <Payload label={`Frame of ${d.rule}, ${run}`} text={d.frame} />
      </details>
    </li>
  );
});

/**
 * The inspector's Diagnostics lane: every frame the kit refused, repaired, de-duplicated or
 * stripped, and every answer a request did not expect (the client's `diagnostics`), each with its
 * rule (linked to where it is written), what the kit did instead, and the frame as it came.
 */
export function DiagnosticsLane({
  diagnostics,
  runs,
  on,
  max,
}: {
  diagnostics: readonly Diagnostic[];
  /** The recorded runs, to name each entry's run by its number. */
  runs: readonly RecordedRun[];
  /** The client keeps diagnostics (`diagnostics` option above 0). */
  on: boolean;
  /** The most entries listed (the newest). */
  max: number;
}) {
  const id = useId();
  const state: DiagnosticsLaneState = !on ? "off" : diagnostics.length === 0 ? "clean" : "entries";
  const shown = diagnostics.length > max ? diagnostics.slice(-max) : diagnostics;
  const first = diagnostics.length - shown.length;
  const numbers = new Map(runs.map((r, i) => [r.input.runId, i + 1]));
  const runName = (runId: string) => `run ${numbers.get(runId) ?? runId}`;
  return (
    <div className="tandem-inspector__lane" data-testid="inspector-diagnostics" data-state={state}>
      <h3 id={`${id}-diagnostics`}>Diagnostics</h3>
      {state === "off" && (
        <p className="tandem-inspector__empty">
          Off: give the client a <code>diagnostics</code> size to see what the kit refused, repaired or stripped.
        </p>
      )}
      {state === "clean" && <p className="tandem-inspector__empty">Nothing refused, repaired or stripped.</p>}
      {state === "entries" && (
        <>
          <p className="tandem-inspector__count" data-testid="diagnostics-count">
            {diagnostics.length} {diagnostics.length === 1 ? "diagnostic" : "diagnostics"}
          </p>
          <ol className="tandem-inspector__diagnostics" aria-labelledby={`${id}-diagnostics`}>
            {shown.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries only grow at the end; a row's place since the start is its key
              <DiagnosticRow key={first + i} diagnostic={d} run={runName(d.runId)} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
