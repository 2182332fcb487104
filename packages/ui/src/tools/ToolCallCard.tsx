import type { ToolCallView } from "@tandem/react";
import { useId, useState } from "react";
import { ProgressBar } from "../messages/Activity.js";
import { cx } from "../util/cx.js";
import { pretty } from "../util/json.js";
import { argsText, STATUS_LABEL } from "./status.js";

export interface ToolCallCardProps {
  call: ToolCallView;
  className?: string;
}

/** Open while the call is live or failed; closed once complete, unless the user says otherwise. */
export function useDisclosure(call: ToolCallView): { expanded: boolean; toggle: () => void } {
  const [chosen, setChosen] = useState<boolean | null>(null);
  const expanded = chosen ?? call.status !== "complete";
  return { expanded, toggle: () => setChosen(!expanded) };
}

/** The default tool call card: name, status, arguments as they stream, result or error. */
export function ToolCallCard({ call, className }: ToolCallCardProps) {
  const { expanded, toggle } = useDisclosure(call);
  const progress = call.progress;
  const bodyId = useId();
  return (
    <div className={cx("tandem-tool-card", className)}>
      <button type="button" className="tandem-tool-card__toggle" aria-expanded={expanded} aria-controls={bodyId} onClick={toggle}>
        <span className="tandem-tool-card__name">{call.name}</span>
        <span className="tandem-tool-card__status" data-status={call.status}>
          {STATUS_LABEL[call.status]}
        </span>
      </button>
      {progress && call.status !== "complete" && call.status !== "error" && (
        <div className="tandem-tool-card__progress">
          <ProgressBar value={progress.value} label={progress.message || `${call.name} progress`} />
          {progress.message && <p className="tandem-activity__message">{progress.message}</p>}
        </div>
      )}
      <div id={bodyId} className="tandem-tool-card__body" hidden={!expanded}>
        <p className="tandem-tool-card__label">Arguments</p>
        <pre className="tandem-tool-card__args" tabIndex={0}>
          {argsText(call.args, call.argsText)}
        </pre>
        {call.status === "error" ? (
          <p className="tandem-tool-card__error">{call.error ?? pretty(call.result)}</p>
        ) : (
          call.result !== undefined && (
            <>
              <p className="tandem-tool-card__label">Result</p>
              <pre className="tandem-tool-card__result" tabIndex={0}>
                {pretty(call.result)}
              </pre>
            </>
          )
        )}
      </div>
    </div>
  );
}
