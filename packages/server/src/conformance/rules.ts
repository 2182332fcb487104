/** One rule of a contract, checked. */
export interface RuleResult {
  rule: string;
  /** `pass`, `fail`, or `skip` (the target said the rule does not apply). */
  outcome: "pass" | "fail" | "skip";
  detail?: string;
}

/** A rule's check: throws (any error) when the server breaks it; returns a reason to skip it. */
export type Check = () => Promise<string | undefined>;

/** A rule broken, and how. */
export class RuleFailure extends Error {}

/** Throws a `RuleFailure` with `detail` unless `condition` holds. */
export function expectThat(condition: boolean, detail: string): asserts condition {
  if (!condition) throw new RuleFailure(detail);
}

/** Checks each rule in turn, every one even when an earlier one fails. */
export async function checkRules(rules: [string, Check][]): Promise<RuleResult[]> {
  const results: RuleResult[] = [];
  for (const [rule, check] of rules) {
    try {
      const skipped = await check();
      results.push(skipped === undefined ? { rule, outcome: "pass" } : { rule, outcome: "skip", detail: skipped });
    } catch (error) {
      results.push({ rule, outcome: "fail", detail: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}

/** The run the checks start on `threadId`: one short question, with the target's own fields (`input`) over it. */
export function runInput(threadId: string, runId: string, input: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    threadId,
    runId,
    messages: [{ id: `${runId}-question`, role: "user", content: "Say a few words, please." }],
    tools: [],
    context: [],
    state: {},
    forwardedProps: {},
    ...input,
  };
}
