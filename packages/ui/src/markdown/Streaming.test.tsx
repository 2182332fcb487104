import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { splitBlocks } from "./blocks.js";
import { Markdown } from "./Markdown.js";
import "../test/harness.js";

// Every parse of a block goes through react-markdown: record what it was given.
const parsed = vi.hoisted(() => [] as string[]);
vi.mock("react-markdown", async (importOriginal) => {
  const actual = await importOriginal<typeof import("react-markdown")>();
  const Real = actual.default;
  return {
    ...actual,
    default: (props: Parameters<typeof Real>[0]) => {
      parsed.push(String(props.children));
      return Real(props) as ReactNode;
    },
  };
});

const REPLY = [
  "# Plan",
  "",
  "Some **bold** words and a [link](https://example.com).",
  "",
  "- one",
  "- two",
  "",
  "  still two",
  "",
  "```ts",
  "const a = 1;",
  "",
  "const b = 2;",
  "```",
  "",
  "| a | b |",
  "|---|---|",
  "| 1 | 2 |",
  "",
  "> quoted",
  "lazily",
  "",
  "Heading",
  "---",
  "",
  "<div>",
  "html",
  "</div>",
  "",
  "The end.",
].join("\n");

describe("splitBlocks", () => {
  it("cuts at top-level blocks, and cutting as the text grows gives the same cut as cutting it whole", () => {
    const whole = splitBlocks(REPLY);
    expect(whole.blocks.join("")).toBe(REPLY);
    expect(whole.blocks.map((b) => b.split("\n")[0])).toEqual([
      "# Plan",
      "Some **bold** words and a [link](https://example.com).",
      "- one",
      "```ts",
      "| a | b |",
      "> quoted",
      "Heading",
      "<div>",
      "The end.",
    ]);
    let cut = splitBlocks("");
    for (let i = 1; i <= REPLY.length; i++) {
      const text = REPLY.slice(0, i);
      cut = splitBlocks(text, cut);
      expect(cut.blocks.join("")).toBe(text);
      // Each cut is one the whole text has too (a cut may lag until the next newline).
      const real = splitBlocks(text).starts;
      for (const start of cut.starts) expect(real).toContain(start);
    }
    // The last newline re-cut everything after it: only the final line may still ride along.
    expect(splitBlocks(`${REPLY}\n`, cut).blocks).toEqual(splitBlocks(`${REPLY}\n`).blocks);
  });

  it("keeps the earlier blocks' strings as the text grows, and starts over when the text is replaced", () => {
    const a = splitBlocks("# A\n\nfirst");
    const b = splitBlocks("# A\n\nfirst\n\nsecond", a);
    expect(b.blocks[0]).toBe(a.blocks[0]);
    expect(b.blocks).toEqual(["# A\n\n", "first\n\n", "second"]);
    expect(splitBlocks("other", b).blocks).toEqual(["other"]);
  });
});

describe("streaming Markdown", () => {
  it("parses a completed block once: tokens landing in the last block re-render only that block", () => {
    const first = "# Title\n\n```sh\nnpm test\n```\n\n";
    const { container, rerender } = render(<Markdown>{`${first}Some`}</Markdown>);
    const heading = container.querySelector("h1")!;
    const pre = container.querySelector("pre")!;
    parsed.length = 0;
    for (const more of [" words", " more", " and **bold"]) {
      const text = container.textContent;
      rerender(<Markdown>{`${first}Some${more}`}</Markdown>);
      expect(container.textContent).not.toBe(text);
    }
    // Only the open paragraph was parsed again; the heading and the code block were not.
    expect(parsed).toEqual(["Some words", "Some more", "Some and **bold**"]);
    expect(container.querySelector("h1")).toBe(heading);
    expect(container.querySelector("pre")).toBe(pre);
  });

  it("closes unfinished syntax while it streams instead of showing raw markers", () => {
    const { container, rerender } = render(<Markdown>{"Some **bold"}</Markdown>);
    expect(container.querySelector("strong")!.textContent).toBe("bold");
    expect(container.textContent).not.toContain("*");

    rerender(<Markdown>{"Run `npm te"}</Markdown>);
    expect(container.querySelector("code")!.textContent).toBe("npm te");

    rerender(<Markdown>{"See [the docs](https://example.com/pa"}</Markdown>);
    expect(container.textContent).toBe("See the docs");
    expect(container.querySelector("a")).toBeNull();

    rerender(<Markdown>{"Done.\n\n```ts\nconst x = 1;\nconst y"}</Markdown>);
    expect(container.querySelector("pre code")!.textContent).toBe("const x = 1;\nconst y\n");
    expect(container.querySelector(".tandem-code-block__language")!.textContent).toBe("ts");

    rerender(<Markdown>{"- one\n- tw"}</Markdown>);
    expect([...container.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["one", "tw"]);
  });

  it("keeps the safety rules in a half-written last block", () => {
    const { container } = render(<Markdown>{'Text <img src=x onerror="alert(1)"> and [x](javascript:alert(1)) and <scr'}</Markdown>);
    expect(container.querySelector("img, a, script")).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(container.textContent).toContain("<scr");
  });
});
