import { z } from "zod";

/** The longest thread id, and the longest title, a server takes. */
export const MAX_ID_LENGTH = 200;
export const MAX_TITLE_LENGTH = 1_000;

/** A message as the store keeps it: an id and a role; its other fields are kept as they came. */
const message = z.looseObject({ id: z.string().min(1).max(MAX_ID_LENGTH), role: z.string() });
const ids = z.array(z.string().max(MAX_ID_LENGTH));

/**
 * What a save (`POST /threads/:id`) must hold to be merged: `ThreadChange`'s shape, checked
 * field by field where the merge reads it. Fields it does not read (the state, a message's
 * content) are kept as they came.
 */
export const threadChangeSchema = z.object({
  thread: z.looseObject({
    id: z.string().min(1).max(MAX_ID_LENGTH),
    title: z.string().max(MAX_TITLE_LENGTH),
    createdAt: z.number(),
    updatedAt: z.number(),
    interrupts: z.array(z.looseObject({ id: z.string() })),
    toolCallStatus: z.record(z.string(), z.unknown()),
    runningSince: ids.optional(),
    outbox: z.array(z.looseObject({ id: z.string() })).optional(),
    outboxRemoved: ids.optional(),
    feedback: z.record(z.string(), z.unknown()).optional(),
    decisions: z.looseObject({}).optional(),
    resumePoint: z.looseObject({ runId: z.string(), firstEventId: z.string(), lastEventId: z.string(), at: z.number() }).optional(),
  }),
  order: ids,
  put: z.array(message),
  remove: ids,
  branches: z.record(z.string(), z.object({ versions: z.array(z.array(message)), active: z.number().int().min(0) })).optional(),
  keepRun: z.boolean().optional(),
});

/** A rename (`PATCH /threads/:id`). */
export const renameSchema = z.object({ title: z.string().max(MAX_TITLE_LENGTH) });

/** How deep a value nests (arrays and objects), counted without recursion; stops counting past `limit`. */
export function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== "object" || item === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The first problem zod found, as one line for the client. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "invalid";
}
