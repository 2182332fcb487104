import { act, cleanup, render } from "@testing-library/react";
import fc from "fast-check";
import { Profiler } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Markdown } from "./Markdown.js";
import { preloadMath } from "./Math.js";
import { parsesOfOpenPart } from "./openBlock.js";
import type { ParseReply, ParseRequest } from "./parseWorker.js";
import "../test/harness.js";
import { html, replyInFrames, whole } from "./test/replies.js";

// Every parse Markdown makes, counted apart from those the worker makes.
const parses = vi.hoisted(() => ({ main: 0, inWorker: false }));
vi.mock("mdast-util-from-markdown", async (importOriginal) => {
  const original = await importOriginal<typeof import("mdast-util-from-markdown")>();
  return {
    fromMarkdown: (...args: Parameters<typeof original.fromMarkdown>) => {
      if (!parses.inWorker) parses.main++;
      return original.fromMarkdown(...args);
    },
  };
});

/**
 * jsdom has no Worker: this one runs the parser's worker code (`parseWorker.ts` is a listener
 * around `parsesOfOpenPart`) in this process, in a later task, its replies passed through a
 * structured clone as a worker's are. A browser's own worker is met in the playground's
 * end-to-end test (apps/playground/e2e/markdown.test.ts).
 */
class InProcessWorker {
  static made = 0;
  static pending = 0;
  static fails = false;
  static throws = false;
  #listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  constructor() {
    InProcessWorker.made++;
    if (InProcessWorker.fails) setTimeout(() => this.#emit("error", {}));
  }
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  postMessage({ id, open }: ParseRequest) {
    InProcessWorker.pending++;
    setTimeout(() => {
      InProcessWorker.pending--;
      parses.inWorker = true;
      const reply: ParseReply = InProcessWorker.throws ? { id, error: "Error: the parser threw" } : { id, parsed: parsesOfOpenPart(open) };
      parses.inWorker = false;
      this.#emit("message", { data: structuredClone(reply) });
    });
  }
  terminate() {}
  #emit(type: string, event: { data?: unknown }) {
    for (const listener of this.#listeners.get(type) ?? []) listener(event);
  }
}

/**
 * Animation frames, each a later task here. `waiting` counts the frames asked for and the task
 * after each (where what waits for the end of a frame runs), so a test can wait until none is left.
 * `hold()` keeps the frames asked for until the test draws one (`draw()`): a test that looks at
 * what a frame does holds it, rather than counting tasks.
 */
const Frames = {
  waiting: 0,
  last: 0,
  timers: new Map<number, ReturnType<typeof setTimeout>>(),
  held: undefined as Map<number, FrameRequestCallback> | undefined,
  request(callback: FrameRequestCallback): number {
    const id = ++Frames.last;
    if (Frames.held) {
      Frames.held.set(id, callback);
      return id;
    }
    Frames.waiting++;
    Frames.timers.set(
      id,
      setTimeout(() => {
        Frames.timers.delete(id);
        callback(performance.now());
        setTimeout(() => Frames.waiting--);
      }),
    );
    return id;
  },
  cancel(id: number): void {
    if (Frames.held?.delete(id)) return;
    const timer = Frames.timers.get(id);
    if (timer === undefined) return;
    clearTimeout(timer);
    Frames.timers.delete(id);
    Frames.waiting--;
  },
  hold(): void {
    Frames.held = new Map();
  },
  /** Draws one held frame: the callbacks asked for before it (those they ask for wait for the next). */
  draw(): void {
    const due = [...Frames.held!.values()];
    Frames.held!.clear();
    for (const callback of due) callback(performance.now());
  },
  /** Frames go on by themselves again, the held ones first. */
  release(): void {
    const held = [...Frames.held!.values()];
    Frames.held = undefined;
    for (const callback of held) Frames.request(callback);
  },
};

beforeAll(async () => {
  vi.stubGlobal("Worker", InProcessWorker);
  vi.stubGlobal("requestAnimationFrame", Frames.request);
  vi.stubGlobal("cancelAnimationFrame", Frames.cancel);
  await preloadMath();
});
afterEach(() => {
  InProcessWorker.fails = false;
  InProcessWorker.throws = false;
});

/** HTML with its code blocks' highlighting flattened (it may come while a test waits). */
function plain(markup: string): string {
  const root = document.createElement("div");
  root.innerHTML = markup;
  return html(root, { plainCode: true });
}

const task = () => new Promise((resolve) => setTimeout(resolve));

/**
 * Lets the worker answer, a frame pass with no new text, and the reply draw what it parsed after
 * it: once, or until it has nothing left to do.
 */
const answer = () =>
  act(async () => {
    await task(); // the worker's reply
    await task(); // the next frame
    await task(); // the one after
    await task(); // after it: no render has drawn the reply, so it is drawn now
  });
async function untilIdle() {
  do await answer();
  while (InProcessWorker.pending > 0 || Frames.waiting > 0);
}

/**
 * `text` streamed in frames ending at `cuts` (then the rest), the worker answering after the
 * frames `answered` says (frames come faster than it parses in between): the HTML drawn once it
 * is done, and how many times the main thread parsed after the first frame.
 */
async function streamedOffThread(text: string, cuts: readonly number[], answered: readonly boolean[]) {
  const view = render(<Markdown>{""}</Markdown>);
  parses.main = 0;
  for (const [i, at] of [...cuts, text.length].entries()) {
    view.rerender(<Markdown>{text.slice(0, at)}</Markdown>);
    if (answered[i % answered.length]) await answer();
  }
  await untilIdle();
  const out = { html: html(view.container, { plainCode: true }), mainThreadParses: parses.main };
  view.unmount();
  return out;
}

const stream = replyInFrames.chain(([text, cuts]) =>
  fc.tuple(fc.constant(text), fc.constant(cuts), fc.array(fc.boolean(), { minLength: 1, maxLength: 8 })),
);

describe("a streaming reply parsed in a worker", () => {
  it("ends exactly as drawn whole, and leaves the main thread nothing to parse where the reply defines nothing", async () => {
    await fc.assert(
      fc.asyncProperty(stream, async ([text, cuts, answered]) => {
        cleanup();
        const expected = plain(whole(text));
        const { html: drawn, mainThreadParses } = await streamedOffThread(text, cuts, answered);
        expect(drawn).toBe(expected);
        // A definition (`[x]: url`, `[^x]: note`) is resolved on the main thread, against the whole reply.
        if (!text.includes("]:")) expect(mainThreadParses).toBe(0);
      }),
      { numRuns: Number(process.env.MARKDOWN_PROPERTY_RUNS ?? 30) },
    );
    expect(InProcessWorker.made).toBe(1);
  }, 120_000);

  it("shows each frame's text once the worker has parsed it, one parse behind at most", async () => {
    const view = render(<Markdown>{"# Title\n\nfirst"}</Markdown>);
    view.rerender(<Markdown>{"# Title\n\nfirst words\n\n- one"}</Markdown>);
    // Still being parsed: the frame before is what shows, not a half-parsed one.
    expect(view.container.querySelector("ul")).toBeNull();
    expect(view.container.textContent).toBe("Titlefirst");
    await answer();
    expect(view.container.querySelector("ul li")?.textContent).toBe("one");
    expect(view.container.querySelector("p")?.textContent).toBe("first words");
  });

  it("draws what the worker parsed in the next publish's render, with no commit of its own", async () => {
    let commits = 0;
    const draw = (text: string) => (
      <Profiler id="reply" onRender={() => commits++}>
        <Markdown>{text}</Markdown>
      </Profiler>
    );
    const view = render(draw("# Title\n\nfirst"));
    Frames.hold();
    try {
      view.rerender(draw("# Title\n\nfirst words\n\n- one"));
      commits = 0;
      // The worker answers between two frames: nothing is committed for it, nor in the next
      // frame, which a stream publishing every other frame leaves to the page.
      await vi.waitFor(() => expect(InProcessWorker.pending).toBe(0));
      await act(async () => {
        Frames.draw();
        await task(); // what waits for the end of the frame
      });
      expect(commits).toBe(0);
      expect(view.container.querySelector("ul")).toBeNull();
      // The next publish's text comes: its one commit draws what the worker parsed.
      view.rerender(draw("# Title\n\nfirst words\n\n- one\n- two"));
      expect(commits).toBe(1);
      expect(view.container.querySelector("ul li")?.textContent).toBe("one");
      // The reply ends there: what the worker parses last is drawn once the two frames after it have passed.
      await vi.waitFor(() => expect(InProcessWorker.pending).toBe(0));
      await act(async () => {
        Frames.draw();
        await task();
      });
      expect(commits).toBe(1);
      await act(async () => {
        Frames.draw();
        await task();
      });
      expect(commits).toBe(2);
      expect(view.container.querySelectorAll("ul li")).toHaveLength(2);
    } finally {
      Frames.release();
    }
  });

  it("draws a reply marked complete whole in that render, while the worker still parses an earlier text", async () => {
    const view = render(<Markdown>{"# Title\n\nfirst"}</Markdown>);
    view.rerender(<Markdown>{"# Title\n\nfirst words\n\n- one"}</Markdown>);
    // The reply ends before the worker answers: the row says complete, and so does its text.
    view.rerender(<Markdown complete>{"# Title\n\nfirst words\n\n- one\n- two"}</Markdown>);
    expect(view.container.querySelectorAll("ul li")).toHaveLength(2);
    expect(html(view.container, { plainCode: true })).toBe(plain(whole("# Title\n\nfirst words\n\n- one\n- two")));
    // The worker's late answer for the earlier text changes nothing.
    await untilIdle();
    expect(html(view.container, { plainCode: true })).toBe(plain(whole("# Title\n\nfirst words\n\n- one\n- two")));
    expect(view.container.querySelector(".tandem-markdown")?.hasAttribute("complete")).toBe(false);
  });

  it("ends with its last frame where that frame only adds to a code block still open, arrived while the worker was busy", async () => {
    const view = render(<Markdown>{"Hello"}</Markdown>);
    view.rerender(<Markdown>{"Hello\n\n```js\nfoo"}</Markdown>);
    view.rerender(<Markdown>{"Hello\n\n```js\nfoo bar"}</Markdown>);
    await untilIdle();
    expect(view.container.querySelector("pre code")?.textContent).toBe("foo bar\n");
    expect(html(view.container, { plainCode: true })).toBe(plain(whole("Hello\n\n```js\nfoo bar")));
  });

  it("ends with its last frame, parsed on the main thread, where the worker fails to parse it", async () => {
    vi.resetModules();
    const { Markdown: Fresh } = await import("./Markdown.js");
    const view = render(<Fresh>{"# Title\n\nfirst"}</Fresh>);
    InProcessWorker.throws = true;
    view.rerender(<Fresh>{"# Title\n\nfirst words, and the **last**"}</Fresh>);
    await untilIdle();
    expect(html(view.container, { plainCode: true })).toBe(plain(whole("# Title\n\nfirst words, and the **last**")));
  });

  it("is parsed on the main thread, the same, where the worker cannot load", async () => {
    InProcessWorker.fails = true;
    vi.resetModules();
    const { Markdown: Fresh } = await import("./Markdown.js");
    const text = "Plan:\n\n1. Install\n\n2. Start\n\n3. **Open** it";
    const view = render(<Fresh>{""}</Fresh>);
    for (let at = 1; at <= text.length; at++) {
      view.rerender(<Fresh>{text.slice(0, at)}</Fresh>);
      if (at % 7 === 0) await answer();
    }
    await untilIdle();
    expect(html(view.container, { plainCode: true })).toBe(plain(whole(text)));
    expect(view.container.querySelectorAll("ol > li")).toHaveLength(3);
  });
});
