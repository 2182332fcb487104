import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { createClient, renderWith } from "../test/harness.js";
import { FakeIntersectionObserver } from "../test/intersection.js";

const thread = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `m${i}`, role: i % 2 ? ("assistant" as const) : ("user" as const), content: `message ${i}` }));

const rows = () => document.querySelectorAll('[data-testid="message"]');

afterEach(() => vi.unstubAllGlobals());

// Rendering a hundred rows in jsdom takes seconds on a busy machine.
describe("a long thread", { timeout: 30_000 }, () => {
  it("opens at its end at once, then mounts every earlier message for find-in-page", async () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    renderWith(createClient({ initialMessages: thread(120) }), <Chat />);
    // The last two blocks (rows go in blocks of 50) are there in the first render, the latest message among them.
    expect(rows()).toHaveLength(70);
    expect(screen.getByText("message 119")).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(120));
    expect(screen.getByText("message 0")).toBeTruthy();
  });

  it("shows a row's Copy, and a reply's Markdown, once its block comes near the view", async () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    renderWith(createClient({ initialMessages: thread(120) }), <Chat />);
    await waitFor(() => expect(rows()).toHaveLength(120));
    const copies = () => screen.getAllByRole("button", { name: "Copy" }).length;
    expect(copies()).toBe(70);
    const first = rows()[0]!.parentElement!;
    // Far from the view a reply is its plain text, parsed when it comes near.
    expect(first.querySelectorAll(".tandem-markdown--plain")).toHaveLength(25);
    act(() => FakeIntersectionObserver.comeIntoView(first));
    expect(copies()).toBe(120);
    expect(first.querySelectorAll('button[aria-label="Copy"]')).toHaveLength(50);
    await waitFor(() => expect(first.querySelectorAll(".tandem-markdown--plain")).toHaveLength(0));
  });

  it("highlights a reply's code once it comes near the view, and not before", async () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const reply = "```ts\nconst seen = 1;\n```\n\nAnd further down:\n\n```ts\nconst below = 2;\n```\n\nDone.";
    renderWith(createClient({ initialMessages: [...thread(2), { id: "r", role: "assistant", content: reply }] }), <Chat />);
    const blocks = await waitFor(() => {
      const found = document.querySelectorAll(".tandem-code-block");
      expect(found).toHaveLength(2);
      return found;
    });
    const keywords = (i: number) => blocks[i]!.querySelectorAll("pre .token.keyword").length;
    act(() => FakeIntersectionObserver.comeIntoView(blocks[0]!));
    await waitFor(() => expect(keywords(0)).toBe(1));
    // The first block's highlighting has run its course (idle time, the highlighter loaded): the second was never asked for.
    expect(keywords(1)).toBe(0);
    expect(blocks[1]!.querySelector("pre code")!.textContent).toBe("const below = 2;\n");
    act(() => FakeIntersectionObserver.comeIntoView(blocks[1]!));
    await waitFor(() => expect(keywords(1)).toBe(1));
  });

  it("gives its rows' buttons no listener of their own, and their clicks still work", async () => {
    const client = createClient({ initialMessages: thread(4) });
    const regenerate = vi.spyOn(client, "regenerate").mockResolvedValue();
    renderWith(client, <Chat />);
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('[role="log"] button')];
    expect(buttons.length).toBeGreaterThan(0);
    // React gives an element with an onClick a native onclick (for Safari): the transcript's one handler does instead.
    expect(buttons.filter((b) => b.onclick !== null)).toEqual([]);
    fireEvent.click(screen.getAllByRole("button", { name: "Regenerate" })[1]!);
    expect(regenerate).toHaveBeenCalledWith("m3");
  });
});
