import { afterEach, describe, expect, it, vi } from "vitest";
import { ThreadSocket } from "./threadSocket.js";
import type { WebSocketConstructor } from "./types.js";

/** A socket that opens at once and answers each run frame with the run's `end`. */
class EndingSocket {
  static closed = 0;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  send(data: string): void {
    const { input } = JSON.parse(data) as { input: { runId: string } };
    queueMicrotask(() => this.onmessage?.({ data: JSON.stringify({ type: "end", runId: input.runId }) }));
  }
  close(): void {
    EndingSocket.closed++;
    this.readyState = 3;
  }
}

afterEach(() => {
  vi.useRealTimers();
  EndingSocket.closed = 0;
});

describe("a thread's socket", () => {
  it("closes once nothing has read on it for a while, and says so (the transport forgets it)", async () => {
    vi.useFakeTimers();
    const idle = vi.fn();
    const socket = new ThreadSocket("ws://x/", EndingSocket as unknown as WebSocketConstructor, idle);
    for await (const _ of socket.read({ type: "run", input: { runId: "r1" } }, "r1", new AbortController().signal));
    expect(idle).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(EndingSocket.closed).toBe(1);
    expect(idle).toHaveBeenCalledOnce();
  });
});
