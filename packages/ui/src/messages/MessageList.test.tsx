import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { createClient, dispatch, renderWith, runError, runFinished, runStarted, say, textDelta, textStart } from "../test/harness.js";

/** jsdom has no layout: give the log a size and let scrollHeight grow with its text. */
function fakeLayout(el: HTMLElement, clientHeight = 200) {
  Object.defineProperty(el, "clientHeight", { configurable: true, get: () => clientHeight });
  Object.defineProperty(el, "scrollHeight", { configurable: true, get: () => 100 + (el.textContent?.length ?? 0) * 10 });
}

const flushObservers = () => act(async () => {});

/**
 * jsdom has no ResizeObserver. This one reports a resize to every observer of the element that
 * grew or of one of its ancestors (their boxes grow with it), and an element's first size once
 * it is observed (after the DOM change that added it), as a browser does.
 */
class FakeResizeObserver {
  static live = new Set<FakeResizeObserver>();
  readonly observed = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.live.add(this);
  }
  observe(el: Element) {
    this.observed.add(el);
    queueMicrotask(() => {
      if (this.observed.has(el)) this.callback([{ target: el } as ResizeObserverEntry], this as unknown as ResizeObserver);
    });
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
    FakeResizeObserver.live.delete(this);
  }
  static grow(el: Element, scroller: Element) {
    for (const ro of FakeResizeObserver.live) {
      const hit = [...ro.observed].filter((o) => o !== scroller && o.contains(el));
      if (hit.length > 0)
        ro.callback(
          hit.map((target) => ({ target }) as ResizeObserverEntry),
          ro as unknown as ResizeObserver,
        );
    }
  }
}

/**
 * A `<Chat>` whose log is 200px tall, its content as tall as its text and what `grow` adds (the
 * browser's layout), with the browser's ResizeObserver faked: `report(id)` tells it that row
 * grew, as the browser does after its layout.
 */
async function browserLog(
  run: (view: {
    client: ReturnType<typeof createClient>;
    log: HTMLElement;
    grow: (by: number) => void;
    report: (id: string) => void;
  }) => Promise<void>,
) {
  vi.stubGlobal("ResizeObserver", FakeResizeObserver);
  try {
    const client = createClient();
    renderWith(client, <Chat />);
    const log = screen.getByRole("log");
    let extra = 0;
    Object.defineProperty(log, "clientHeight", { configurable: true, get: () => 200 });
    Object.defineProperty(log, "scrollHeight", { configurable: true, get: () => 100 + (log.textContent?.length ?? 0) * 10 + extra });
    const grow = (by: number) => {
      extra += by;
    };
    const report = (id: string) => act(() => FakeResizeObserver.grow(log.querySelector(`[data-message-id="${id}"]`)!, log));
    await run({ client, log, grow, report });
  } finally {
    vi.unstubAllGlobals();
  }
}

describe("transcript", () => {
  it("is a log that does not read tokens aloud", () => {
    renderWith(createClient(), <Chat />);
    const log = screen.getByRole("log");
    expect(log.getAttribute("aria-live")).toBe("off");
  });

  it("announces run start, finish and errors in a polite status region, not tokens", () => {
    const client = createClient();
    renderWith(client, <Chat />);
    const status = screen.getByTestId("tandem-announcer");
    expect(status.textContent).toBe("");
    dispatch(client, runStarted());
    expect(status.textContent).toBe("Agent is replying…");
    dispatch(client, textStart("a"), textDelta("a", "token one"));
    expect(status.textContent).toBe("Agent is replying…");
    dispatch(client, runFinished());
    expect(status.textContent).toBe("Reply finished");
    dispatch(client, runStarted("r2"), runError("Model overloaded"));
    expect(status.textContent).toBe("Error: Model overloaded");
  });

  it("follows the stream at the bottom, stops when the user scrolls up, and Jump to latest returns", async () => {
    const client = createClient();
    renderWith(client, <Chat />);
    const log = screen.getByRole("log");
    fakeLayout(log);
    dispatch(client, runStarted(), textStart("a"), textDelta("a", "x".repeat(50)));
    await flushObservers();
    expect(log.scrollTop).toBe(log.scrollHeight);
    expect(screen.queryByRole("button", { name: "Jump to latest" })).toBeNull();

    // The user scrolls up: following stops.
    log.scrollTop = 0;
    fireEvent.scroll(log);
    const jump = await screen.findByRole("button", { name: "Jump to latest" });
    dispatch(client, textDelta("a", "y".repeat(50)));
    await flushObservers();
    expect(log.scrollTop).toBe(0);

    fireEvent.click(jump);
    expect(log.scrollTop).toBe(log.scrollHeight);
    expect(screen.queryByRole("button", { name: "Jump to latest" })).toBeNull();
    dispatch(client, textDelta("a", "z".repeat(50)));
    await flushObservers();
    expect(log.scrollTop).toBe(log.scrollHeight);
  });

  it("follows content that grows without a DOM change (an image loading) in a message added after mount", () =>
    browserLog(async ({ client, log, grow, report }) => {
      dispatch(client, say("a", "x".repeat(30)), say("b", "![cat](https://example.com/cat.png) y"));
      await flushObservers();
      expect(log.scrollTop).toBe(log.scrollHeight);

      // The image in b loads: b grows by 400px, and no node was added or changed.
      grow(400);
      report("b");
      expect(log.scrollTop).toBe(log.scrollHeight);

      // Scrolled up, growth is not followed.
      log.scrollTop = 0;
      fireEvent.scroll(log);
      grow(400);
      report("b");
      expect(log.scrollTop).toBe(0);
    }));

  it("follows streamed text where the browser reports its growth, never laying the page out on a DOM change", async () => {
    vi.stubGlobal("ResizeObserver", FakeResizeObserver);
    try {
      const client = createClient();
      renderWith(client, <Chat />);
      const log = screen.getByRole("log");
      let layouts = 0;
      Object.defineProperty(log, "clientHeight", { configurable: true, get: () => 200 });
      Object.defineProperty(log, "scrollHeight", {
        configurable: true,
        get: () => {
          layouts++;
          return 100 + (log.textContent?.length ?? 0) * 10;
        },
      });
      dispatch(client, runStarted(), textStart("a"), textDelta("a", "x".repeat(50)));
      await flushObservers();
      expect(log.scrollTop).toBe(log.scrollHeight);

      // Tokens change the DOM: reading the scroller's height then would force a layout per commit.
      layouts = 0;
      for (const token of ["one ", "two ", "three "]) {
        dispatch(client, textDelta("a", token));
        await flushObservers();
      }
      expect(layouts).toBe(0);
      // The browser lays the frame out and reports the row that grew: the view follows it.
      act(() => FakeResizeObserver.grow(log.querySelector('[data-message-id="a"]')!, log));
      expect(log.scrollTop).toBe(log.scrollHeight);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("keeps following when the view moves down short of the bottom as the list grows: a control shown on focus, not the user", () =>
    browserLog(async ({ client, log, grow, report }) => {
      dispatch(client, say("a", "x".repeat(30)));
      await flushObservers();
      expect(log.scrollTop).toBe(log.scrollHeight);
      // A form opens under the reply and its field takes focus: the browser scrolls the field into
      // view (a little further down, not to the bottom). That scroll event comes before the
      // frame's resize report.
      grow(300);
      log.scrollTop += 2;
      fireEvent.scroll(log);
      report("a");
      expect(log.scrollTop).toBe(log.scrollHeight);
      expect(screen.queryByRole("button", { name: "Jump to latest" })).toBeNull();
    }));

  it("keeps following a reply that grew past the threshold between the view's last move and its scroll event", () =>
    browserLog(async ({ client, log, report }) => {
      dispatch(client, runStarted(), textStart("a"), textDelta("a", "x".repeat(50)));
      await flushObservers();
      expect(log.scrollTop).toBe(log.scrollHeight);
      // A slow frame: the view was moved to the bottom, then tokens grew the reply by far more than
      // the threshold before the scroll event of that move was dispatched.
      dispatch(client, textDelta("a", "y".repeat(50)));
      await flushObservers();
      fireEvent.scroll(log);
      report("a");
      expect(log.scrollTop).toBe(log.scrollHeight);
      expect(screen.queryByRole("button", { name: "Jump to latest" })).toBeNull();
    }));

  it("stops following when the view moves up off the bottom (Tab to a control higher up), and growth does not pull it back", () =>
    browserLog(async ({ client, log, grow, report }) => {
      dispatch(client, say("a", "x".repeat(30)));
      await flushObservers();
      // Tab reaches a control higher up: the browser scrolls up to it.
      const shown = log.scrollTop - 250;
      log.scrollTop = shown;
      fireEvent.scroll(log);
      await screen.findByRole("button", { name: "Jump to latest" });
      grow(300);
      report("a");
      expect(log.scrollTop).toBe(shown);
    }));

  it("counts a small distance from the bottom as the bottom", async () => {
    const client = createClient();
    renderWith(client, <Chat />);
    const log = screen.getByRole("log");
    fakeLayout(log);
    dispatch(client, say("a", "x".repeat(100)));
    await flushObservers();
    log.scrollTop = log.scrollHeight - 200 - 20;
    fireEvent.scroll(log);
    expect(screen.queryByRole("button", { name: "Jump to latest" })).toBeNull();
  });
});

describe("rows in a long thread", () => {
  it("keeps the rows on screen when the thread loses its first message, remounting only those that cross a block's edge", () => {
    const history = Array.from({ length: 120 }, (_, i) => ({ id: `h${i}`, role: i % 2 ? "assistant" : "user", content: `message ${i}` }));
    const client = createClient({ initialMessages: [{ id: "first", role: "user", content: "first" }, ...history] as never });
    renderWith(client, <Chat />);
    const rowOf = (id: string) => document.querySelector(`[data-message-id="${id}"]`);
    const before = new Map(history.map((m) => [m.id, rowOf(m.id)]));
    // A snapshot without the thread's first message (as a server that keeps its own history sends).
    dispatch(client, { type: "MESSAGES_SNAPSHOT", messages: history });
    expect(rowOf("first")).toBeNull();
    const kept = history.filter((m) => rowOf(m.id) === before.get(m.id));
    // 120 rows in blocks of 50: the rows at 50 and 100 move into the block before theirs.
    expect(history.length - kept.length).toBe(2);
    expect(screen.getAllByTestId("message")).toHaveLength(120);
  });
});
