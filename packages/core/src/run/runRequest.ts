import type { ResumeEntry } from "@ag-ui/core";
import type { ResumePoint } from "../storage/types.js";

/** What a run carries beyond the thread itself. */
export interface RunRequest {
  resume?: ResumeEntry[];
  /** Settle these pending frontend tool calls first (a thread restored with calls unanswered, or approved ones). */
  toolCallIds?: string[];
  /** Merged over the client's `forwardedProps` for this request only (e.g. an A2UI user action). */
  forwardedProps?: Record<string, unknown>;
  /** Approve with edits: the arguments these calls run with, by toolCallId. */
  editedArgs?: Record<string, Record<string, unknown>>;
  /** Read on in a run a reload cut (its id and first event), rather than start one. */
  resumeRun?: Pick<ResumePoint, "runId" | "firstEventId">;
}
