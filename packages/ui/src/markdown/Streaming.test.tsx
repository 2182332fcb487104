import { act, render, screen, waitFor } from "@testing-library/react";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { describe, expect, it, vi } from "vitest";
import { splitBlocks } from "./blocks.js";
import { closedFence, openFence } from "./fence.js";
import { Markdown } from "./Markdown.js";
import { parseMarkdown } from "./syntax.js";
import "../test/harness.js";

// Every tokenizing of Markdown goes through parseMarkdown: record what it was given.
const parsed = vi.hoisted(() => [] as string[]);
vi.mock("./syntax.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./syntax.js")>();
  return {
    ...actual,
    parseMarkdown: (text: string) => {
      parsed.push(text);
      return actual.parseMarkdown(text);
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

const withoutPositions = (node: unknown): unknown =>
  Array.isArray(node)
    ? node.map(withoutPositions)
    : node && typeof node === "object"
      ? Object.fromEntries(
          Object.entries(node)
            .filter(([k]) => k !== "position")
            .map(([k, v]) => [k, withoutPositions(v)]),
        )
      : node;

// What react-markdown with remark-gfm parses with: the reference every shortcut must match.
const GFM = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };

describe("parseMarkdown", () => {
  it("gives GitHub-flavoured Markdown's tree, parsing text no extension applies to as CommonMark", () => {
    const pieces = [
      "w",
      "www",
      ".",
      "http",
      "s",
      ":",
      "/",
      "@",
      "~",
      "|",
      " ",
      "\n",
      "\n\n",
      "*",
      "**",
      "_",
      "`",
      "```",
      "[",
      "]",
      "(",
      ")",
    ];
    const more = ["<", ">", "!", "&", "amp;", "#", "# ", "- ", "1. ", "> ", "\\", "x", "^", "-", "---", "  ", "\t", "a", "mailto"];
    const all = [...pieces, ...more];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const differ: string[] = [];
    for (let i = 0; i < 300; i++) {
      let text = "";
      for (let j = 1 + next(20); j > 0; j--) text += all[next(all.length)];
      const ours = JSON.stringify(withoutPositions(parseMarkdown(text)));
      if (ours !== JSON.stringify(withoutPositions(fromMarkdown(text, GFM)))) differ.push(text);
    }
    expect(differ).toEqual([]);
  });
});

describe("splitBlocks", () => {
  it("cuts at top-level blocks, and cutting as the text grows gives the same cut as cutting it whole, at every length", () => {
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
      // The cut as the text grows is the cut of the whole text: the open block is only ever the last one.
      expect(cut.starts).toEqual(splitBlocks(text).starts);
      // A tree the cut hands the renderer is the tree the block's own text gives.
      cut.trees.forEach((tree, b) => {
        if (tree) expect(withoutPositions(tree)).toEqual(withoutPositions(fromMarkdown(cut.blocks[b]!, GFM)));
      });
    }
  }, 30_000); // Every length of the reply, each checked against a whole parse: seconds on a loaded machine.

  it("hands the renderer no trees where a definition could resolve a reference in another block", () => {
    const text = "See [the docs][d].\n\n[d]: https://example.com\n";
    expect(splitBlocks(text).trees).toEqual([undefined, undefined]);
    expect(splitBlocks("# A\n\nb\n").trees.every(Boolean)).toBe(true);
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
    for (const more of [" words", " words more", " words more and **bold"]) {
      const text = container.textContent;
      rerender(<Markdown>{`${first}Some${more}`}</Markdown>);
      expect(container.textContent).not.toBe(text);
    }
    // Only the open paragraph was tokenized again, once a frame (the cut's tree is what is
    // drawn), and a second time only where unfinished syntax was closed for display. The heading
    // and the code block were not: a blank line parts the code block from the paragraph, so it is
    // frozen even while the paragraph is on its first line.
    expect(parsed).toEqual(["Some words", "Some words more", "Some words more and **bold", "Some words more and **bold**"]);
    expect(container.querySelector("h1")).toBe(heading);
    expect(container.querySelector("pre")).toBe(pre);
  });

  it("keeps a long reply's drawn blocks as it grows past hundreds of blocks, and ends as the same text drawn whole", () => {
    const blocks = Array.from({ length: 600 }, (_, i) =>
      i % 3 === 0 ? `## Part ${i}` : i % 3 === 1 ? `Words of part ${i}.` : `- item ${i}\n- more`,
    );
    const reply = blocks.join("\n\n");
    const { container, rerender } = render(<Markdown>{""}</Markdown>);
    let first: Element | null = null;
    for (let at = 0; at < reply.length; at += 97) {
      rerender(<Markdown>{reply.slice(0, at)}</Markdown>);
      first ??= container.querySelector("h2");
    }
    rerender(<Markdown>{reply}</Markdown>);
    expect(container.querySelectorAll("h2")).toHaveLength(200);
    expect(container.querySelector("h2")).toBe(first); // never drawn again, past 256 blocks and more
    const whole = render(<Markdown>{reply}</Markdown>).container;
    expect(container.innerHTML.replace(/tandem-[^"-]+-/g, "P-")).toBe(whole.innerHTML.replace(/tandem-[^"-]+-/g, "P-"));
  });

  it("draws again, when a definition arrives, the earlier blocks that use it and only those", () => {
    const start = "See [the docs][d].\n\nOther [x](https://x.example).\n\nMore.\n\n";
    const { container, rerender } = render(<Markdown>{start}</Markdown>);
    expect(container.textContent).toContain("[the docs][d]");
    parsed.length = 0;
    rerender(<Markdown>{`${start}[d]: https://example.com/docs\n`}</Markdown>);
    expect(container.querySelector('a[href="https://example.com/docs"]')!.textContent).toBe("the docs");
    expect(parsed.some((text) => text.startsWith("See [the docs][d]"))).toBe(true);
    expect(parsed.some((text) => text.includes("Other"))).toBe(false);
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

/** Every prefix of `texts` that `read` reads, with what it read. */
function readPrefixes<T>(texts: readonly string[], read: (text: string) => T | undefined): [string, T][] {
  const found: [string, T][] = [];
  for (const whole of texts) {
    for (let i = 1; i <= whole.length; i++) {
      const text = whole.slice(0, i);
      const result = read(text);
      if (result !== undefined) found.push([text, result]);
    }
  }
  return found;
}

describe("a code block being written", () => {
  it("is read from its text exactly as the tokenizer reads it, or left to the tokenizer", () => {
    const texts = [
      "```ts\nconst a = 1;\n\nconst b = `x`;\n  indented\n\tand a tab\n```\n",
      '~~~~ python  title="a b" \nprint(1)\n~~~\n```\n~~~~\nafter',
      "```\n**not bold** <b>not html</b> [not](a link)\n``\n````\n",
      "```js&amp;\nx\n```",
      "```a`b\nx",
    ];
    const read = readPrefixes(texts, openFence);
    for (const [text, tree] of read) expect(tree, JSON.stringify(text)).toEqual(withoutPositions(fromMarkdown(text, GFM)));
    expect(read.length).toBeGreaterThan(100);
  });

  it("once closed, is read from its text as the tokenizer reads it, and what follows starts after its closing line", () => {
    const texts = [
      "```ts\nconst a = 1;\n\nconst b = `x`;\n  indented\n\tand a tab\n```\n\nAfter **it**.\n",
      '~~~~ python  title="a b" \nprint(1)\n~~~\n```\n~~~~~\n- item\n- two',
      "```\n```\n# Heading",
      "````\n```\n````  \n> quote",
      "```py\ncode\n   ```\t\nrest",
      "```\ncode\n```js\nstill code\n```\n",
      "```js&amp;\nx\n```\ny",
    ];
    const read = readPrefixes(texts, closedFence);
    for (const [text, closed] of read) {
      expect(closed.tree, JSON.stringify(text)).toEqual(withoutPositions(fromMarkdown(text.slice(0, closed.end), GFM)));
      // In the whole text, the code block is the first node and nothing else starts before its end.
      const [code, next] = fromMarkdown(text, GFM).children;
      expect(code!.type).toBe("code");
      expect(code!.position!.end.offset!).toBeLessThanOrEqual(closed.end);
      if (next) expect(next.position!.start.offset!).toBeGreaterThanOrEqual(closed.end);
    }
    expect(read.length).toBeGreaterThan(50);
  });

  it("shows its text as it streams and its language, and becomes a normal block when closed", () => {
    const { container, rerender } = render(<Markdown>{"Intro\n\n```ts\nconst x = 1;\nconst y"}</Markdown>);
    expect(container.querySelector("pre code")!.textContent).toBe("const x = 1;\nconst y\n");
    expect(container.querySelector(".tandem-code-block__language")!.textContent).toBe("ts");
    rerender(<Markdown>{"Intro\n\n```ts\nconst x = 1;\nconst y = 2;\n```\n\nDone **now**"}</Markdown>);
    expect(container.querySelector("pre code")!.textContent).toBe("const x = 1;\nconst y = 2;\n");
    expect(container.querySelector("strong")!.textContent).toBe("now");
  });
});

describe("syntax highlighting", () => {
  const tokens = (container: HTMLElement) => container.querySelectorAll("pre .token").length;
  const sleep = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  it("highlights a finished code block once the highlighter is there, keeping its text and the Copy button", async () => {
    const { container } = render(<Markdown>{"```ts\nconst answer: number = 42; // yes\n```\n\nDone."}</Markdown>);
    await waitFor(() => expect(container.querySelector("pre .token.keyword")?.textContent).toBe("const"));
    expect(container.querySelector("pre code")!.textContent).toBe("const answer: number = 42; // yes\n");
    expect(container.querySelector("pre .token.comment")!.textContent).toBe("// yes");
    expect(screen.getByRole("button", { name: "Copy" })).toBeTruthy();
  });

  it("highlights code that holds markup as the text it is, never as elements", async () => {
    const code = '<img src=x onerror="alert(1)"><script>alert(2)</script>&amp; </code></pre><b>out</b>\n';
    const { container } = render(<Markdown>{`\`\`\`html\n${code}\`\`\`\n\nDone.`}</Markdown>);
    await waitFor(() => expect(container.querySelector("pre .token.tag")).not.toBeNull());
    expect(container.querySelector("pre code")!.textContent).toBe(code);
    expect(container.querySelectorAll("pre img, pre script, b")).toHaveLength(0);
    expect([...container.querySelectorAll("pre code *")].every((e) => e.tagName === "SPAN")).toBe(true);
  });

  it("leaves a code block plain while it streams, and highlights it when it is done", async () => {
    let text = "Intro\n\n```py\n";
    const { container, rerender } = render(<Markdown>{text}</Markdown>);
    for (const line of ["def f(x):\n", "    return x + 1\n", "print(f(1))\n"]) {
      text += line;
      rerender(<Markdown>{text}</Markdown>);
      await sleep(100);
      expect(tokens(container)).toBe(0);
      expect(container.querySelector("pre code")!.textContent).toBe(text.slice(text.indexOf("\n```py\n") + 7));
    }
    rerender(<Markdown>{`${text}\`\`\`\n\nThat is all.`}</Markdown>);
    await waitFor(() => expect(container.querySelector("pre .token.keyword")?.textContent).toBe("def"));
  });

  it("highlights the reply's last block once its code stands still, and leaves unknown languages plain", async () => {
    const { container } = render(<Markdown>{"```js\nlet a = 1;\n```\n\n```nolang\nlet b = 2;\n```"}</Markdown>);
    await waitFor(() => expect(container.querySelectorAll("pre")[0]!.querySelector(".token.keyword")).not.toBeNull());
    await sleep(1000);
    expect(container.querySelectorAll("pre")[1]!.querySelector(".token")).toBeNull();
    const last = render(<Markdown>{"Code:\n\n```js\nlet c = 3;"}</Markdown>);
    await waitFor(() => expect(last.container.querySelector("pre .token.keyword")?.textContent).toBe("let"));
  });
});
