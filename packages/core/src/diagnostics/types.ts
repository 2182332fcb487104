import type { DIAGNOSTIC_RULES, DiagnosticAction } from "./rules.js";

export type { DiagnosticAction, DiagnosticRule } from "./rules.js";

/** The id of a rule the kit holds frames and answers to, e.g. `"patch.forbidden-path"` (see `DIAGNOSTIC_RULES`). */
export type DiagnosticRuleId = keyof typeof DIAGNOSTIC_RULES;

/**
 * One entry of `client.diagnostics`: a frame refused, repaired, reordered, de-duplicated or
 * stripped, or a request that did not get the answer it expected, with the rule it broke.
 */
export interface Diagnostic {
  /** The rule's id (`DIAGNOSTIC_RULES`). */
  rule: DiagnosticRuleId;
  action: DiagnosticAction;
  /** The rule, in a few words: what the frame or the answer should have been. */
  summary: string;
  /** Where the rule is written: an AG-UI spec section or a page of these docs. */
  link: string;
  /**
   * The frame as it came (an event as JSON text, an SSE `data:` that is not JSON, an HTTP answer's
   * status and body), cut after `DIAGNOSTIC_FRAME_CHARACTERS` characters.
   */
  frame: string;
  /** What the kit did instead. */
  instead: string;
  /** What was wrong with this frame, when the rule alone does not say (a validator's message, a patch's reason). */
  detail?: string;
  threadId: string;
  /** The run the frame or answer belongs to. */
  runId: string;
  /** When, in ms on the event log's clock (`performance.now()`): the entries line up with `client.log`'s. */
  at: number;
}

/** What a stage of a run tells its diagnostics: the rule broken and the frame, and what it did when the rule does not say. */
export interface DiagnosticReport {
  rule: DiagnosticRuleId;
  /** The frame as it came (any value: it is written down as JSON text, cut to size). */
  frame: unknown;
  instead?: string;
  detail?: string;
  /** The failure this report explains: it is not reported again as an unexpected answer. */
  cause?: unknown;
}
