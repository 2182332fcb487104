import { describe, expect, it } from "vitest";
import { RunQueue } from "./runQueue.js";
import type { RunRequest } from "./runRequest.js";

function recording() {
  const ran: RunRequest[] = [];
  const queue = new RunQueue(async (request) => {
    ran.push(request);
  });
  return { queue, ran };
}

describe("RunQueue", () => {
  it("runs requests one after another, in order", async () => {
    const { queue, ran } = recording();
    const first = queue.enqueue({ toolCallIds: ["a"] });
    const second = queue.enqueue({ forwardedProps: { x: 1 } });
    expect(queue.pending).toBe(true);
    await Promise.all([first, second]);
    expect(ran).toEqual([{ toolCallIds: ["a"] }, { forwardedProps: { x: 1 } }]);
    expect(queue.pending).toBe(false);
  });

  it("lets plain requests queued together share one run", async () => {
    const { queue, ran } = recording();
    const a = queue.enqueue({});
    const b = queue.enqueue({});
    expect(b).toBe(a);
    await a;
    expect(ran).toHaveLength(1);
  });

  it("starts nothing until what it waits for is ready", async () => {
    const { queue, ran } = recording();
    let ready!: () => void;
    queue.waitFor(new Promise<void>((resolve) => (ready = resolve)));
    const run = queue.enqueue({});
    await Promise.resolve();
    expect(ran).toHaveLength(0);
    ready();
    await run;
    expect(ran).toHaveLength(1);
  });

  it("runs once this tab owns the runs, and lets go when none is left", async () => {
    const { queue, ran } = recording();
    const calls: string[] = [];
    queue.ownership = {
      acquire: async () => {
        calls.push("acquire");
        return true;
      },
      release: () => {
        calls.push("release");
      },
    };
    await Promise.all([queue.enqueue({ toolCallIds: ["a"] }), queue.enqueue({ toolCallIds: ["b"] })]);
    expect(ran).toHaveLength(2);
    expect(calls).toEqual(["acquire", "acquire", "release"]);
  });

  it("runs nothing when this tab will never own the runs", async () => {
    const { queue, ran } = recording();
    queue.ownership = { acquire: async () => false, release: () => undefined };
    await queue.enqueue({});
    expect(ran).toHaveLength(0);
    expect(queue.pending).toBe(false);
  });
});
