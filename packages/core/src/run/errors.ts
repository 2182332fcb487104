import type { AgentError } from "../types.js";

function bodyMessage(payload: unknown): string | undefined {
  if (typeof payload === "string") return payload.trim() || undefined;
  if (payload && typeof payload === "object") {
    const p = payload as Record<string, unknown>;
    for (const key of ["error", "message", "detail"]) {
      const value = p[key];
      if (typeof value === "string") return value;
      if (value && typeof value === "object") {
        const nested = bodyMessage(value);
        if (nested) return nested;
      }
    }
  }
  return undefined;
}

export function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || (error as { code?: string }).code === "ABORT_ERR");
}

/** A failure that already knows how to describe itself to the user. */
export class RunFailure extends Error {
  constructor(readonly error: AgentError) {
    super(error.message);
    this.name = "RunFailure";
  }
}

/** Turns whatever a run threw into one AgentError (HTTP, network or protocol). */
export function toAgentError(error: unknown): AgentError {
  if (error instanceof RunFailure) return error.error;
  const e = error as { status?: unknown; payload?: unknown; message?: unknown; name?: unknown; cause?: unknown };
  if (typeof e?.status === "number") {
    return { kind: "http", status: e.status, message: bodyMessage(e.payload) ?? `HTTP ${e.status}` };
  }
  const message = error instanceof Error ? error.message : String(error);
  // fetch rejects with a TypeError for refused connections; undici says "terminated" for a drop.
  if (error instanceof TypeError && /fetch|network|terminated|socket|load failed/i.test(message)) {
    const cause = e.cause instanceof Error ? `: ${e.cause.message}` : "";
    return { kind: "network", message: `Connection failed (${message}${cause})` };
  }
  // JSON.stringify's refusals: the request itself (the app's state or messages) cannot be sent.
  if (error instanceof TypeError && /serialize a BigInt|circular structure/i.test(message)) {
    return { kind: "protocol", message: `The request cannot be sent as JSON (check the state and messages): ${message}` };
  }
  if (/terminated|ECONNRESET|other side closed|network/i.test(message)) {
    return { kind: "network", message: `Connection lost (${message})` };
  }
  return { kind: "protocol", message: `The agent sent something Tandem cannot read: ${message}` };
}
