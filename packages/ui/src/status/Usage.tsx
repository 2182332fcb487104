import { type TokenUsage, useUsage } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { type UsageSummary as Sum, useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";

/** Props of `<Usage>`: a `<section>`'s props. */
export interface UsageProps extends Omit<ComponentPropsWithoutRef<"section">, "children"> {}

const add = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : a + b);

/**
 * Adds entries up. In AG-UI's accounting the total is input plus output, so that is the total
 * when both are known (a thread's sum may join runs that reported a total with runs that did
 * not); otherwise the reported total. A count nobody reported stays missing.
 */
function sum(entries: readonly TokenUsage[]): Sum {
  let input: number | undefined;
  let output: number | undefined;
  let total: number | undefined;
  for (const e of entries) {
    input = add(input, e.inputTokens);
    output = add(output, e.outputTokens);
    total = add(total, e.inputTokens !== undefined && e.outputTokens !== undefined ? e.inputTokens + e.outputTokens : e.totalTokens);
  }
  return { ...(input !== undefined && { input }), ...(output !== undefined && { output }), ...(total !== undefined && { total }) };
}

const modelOf = (e: TokenUsage) => [e.provider, e.model].filter(Boolean).join(" ");

/**
 * Token usage as the agent reported it with RUN_FINISHED: the last run's and the thread's, and
 * the thread's by provider and model when there is more than one. Nothing until a run reports
 * usage. `<Chat showUsage>` puts it under the composer.
 */
export const Usage = forwardRef<HTMLElement, UsageProps>(function Usage({ className, ...rest }, ref) {
  const { run, thread } = useUsage();
  const labels = useLabels();
  if (run.length === 0 && thread.length === 0) return null;
  return (
    <section aria-label={labels.tokenUsage} {...rest} ref={ref} className={cx("tandem-usage", className)}>
      {run.length > 0 && <p className="tandem-usage__line">{labels.usageLastRun(labels.usageSummary(sum(run)))}</p>}
      {thread.length > 0 && <p className="tandem-usage__line">{labels.usageThread(labels.usageSummary(sum(thread)))}</p>}
      {thread.length > 1 && (
        <ul className="tandem-usage__models">
          {thread.map((e) => (
            <li key={modelOf(e)}>
              {modelOf(e) || labels.unnamedModel}: {labels.usageSummary(sum([e]))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** The token usage footer (`<Chat showUsage>`). */
    Usage: UsageProps;
  }
}
