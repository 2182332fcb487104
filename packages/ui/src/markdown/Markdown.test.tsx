import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isSafeLink } from "../util/urlPolicy.js";
import { registerFenceRenderer } from "./fences.js";
import { LazyMarkdown } from "./LazyMarkdown.js";
import { Markdown } from "./Markdown.js";
import "../test/harness.js";

describe("Markdown", () => {
  it("renders GitHub-flavoured lists, tables and fenced code", () => {
    const text = ["- one", "- two", "", "| a | b |", "|---|---|", "| 1 | 2 |", "", "```ts", "const x = 1;", "```"].join("\n");
    const { container } = render(<Markdown>{text}</Markdown>);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["one", "two"]);
    expect(screen.getByRole("table")).toBeTruthy();
    expect(screen.getAllByRole("cell").map((c) => c.textContent)).toEqual(["1", "2"]);
    expect(container.querySelector("pre code")!.textContent).toBe("const x = 1;\n");
    expect(container.querySelector(".tandem-code-block__language")!.textContent).toBe("ts");
  });

  it("never renders agent HTML: no script, no img with handlers, no javascript: link", () => {
    const text =
      'Hi <script>alert(1)</script> and <img src=x onerror="alert(1)"> and [x](javascript:alert(1))\n\n<div onclick="alert(1)">raw</div>';
    const { container } = render(<Markdown>{text}</Markdown>);
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("[onclick], [onerror]")).toBeNull();
    expect(container.querySelector('[href^="javascript" i]')).toBeNull();
    expect(container.querySelectorAll("a")).toHaveLength(0);
    // The link's text stays, as plain text.
    expect(container.textContent).toContain("x");
  });

  it("shows raw HTML in agent text as literal text, inline and block, never parsed and never dropped", () => {
    const text = [
      'Wrap it in <div class="x"> like <span style="color:red">this</span>, then close it.',
      "",
      '<div class="x">',
      "  <p>block</p>",
      "</div>",
      "",
      "<!-- a comment --> and <br/> stay too.",
    ].join("\n");
    const { container } = render(<Markdown>{text}</Markdown>);
    expect(container.querySelector("div.x, span[style], p > p, br")).toBeNull();
    const shown = container.textContent!;
    expect(shown).toContain('Wrap it in <div class="x"> like <span style="color:red">this</span>, then close it.');
    expect(shown).toContain('<div class="x">\n  <p>block</p>\n</div>');
    expect(shown).toContain("<!-- a comment --> and <br/> stay too.");
    // The block keeps its lines when shown.
    const block = [...container.querySelectorAll(".tandem-markdown__html")].find((el) => el.textContent!.includes("<p>block</p>"));
    expect(block).toBeTruthy();
  });

  it("keeps HTML inside code as code, and Markdown around HTML as Markdown", () => {
    const { container } = render(<Markdown>{"Use `<b>` for **bold**: <b>not this</b>\n\n```html\n<i>x</i>\n```"}</Markdown>);
    expect(container.querySelector("code")!.textContent).toBe("<b>");
    expect(container.querySelector("strong")!.textContent).toBe("bold");
    expect(container.querySelector("b, i")).toBeNull();
    expect(container.textContent).toContain("<b>not this</b>");
    expect(container.querySelector("pre code")!.textContent).toBe("<i>x</i>\n");
  });

  it("keeps http(s) and mailto links, opening in a new tab without opener", () => {
    render(<Markdown>{"[site](https://example.com/a) [mail](mailto:a@example.com) [rel](/local) [data](data:text/html,hi)"}</Markdown>);
    const links = screen.getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://example.com/a", "mailto:a@example.com"]);
    for (const a of links) {
      expect(a.getAttribute("target")).toBe("_blank");
      expect(a.getAttribute("rel")).toBe("noopener noreferrer");
    }
    expect(screen.getByText("rel").tagName).toBe("SPAN");
    expect(screen.getByText("data").tagName).toBe("SPAN");
  });

  it("renders a half-streamed reply without throwing", () => {
    const { container } = render(<Markdown>{"| a | b |\n|---|--\n\n```js\nlet y = [1, 2"}</Markdown>);
    expect(container.querySelector("pre code")!.textContent).toContain("let y = [1, 2");
  });

  it("classifies URLs strictly", () => {
    expect(isSafeLink("https://x.y")).toBe(true);
    expect(isSafeLink("java\tscript:alert(1)")).toBe(false);
    expect(isSafeLink(" JAVASCRIPT:alert(1)")).toBe(false);
    expect(isSafeLink("vbscript:x")).toBe(false);
    expect(isSafeLink("#top")).toBe(false);
  });
});

describe("fence renderers", () => {
  it("draws a registered language's blocks with the app's renderer, told when the block is still streaming, and code again once removed", () => {
    const seen: [string, string, boolean][] = [];
    const unregister = registerFenceRenderer("Mermaid", ({ code, language, streaming }) => {
      seen.push([code, language, streaming]);
      return <figure data-diagram>{code}</figure>;
    });
    try {
      const { container, rerender } = render(<Markdown>{"```mermaid\ngraph TD\n  A-->B"}</Markdown>);
      expect(container.querySelector("figure[data-diagram]")!.textContent).toBe("graph TD\n  A-->B\n");
      expect(seen.at(-1)).toEqual(["graph TD\n  A-->B\n", "mermaid", true]);
      rerender(<Markdown>{"```MERMAID\ngraph TD\n  A-->B\n```\n\nDone."}</Markdown>);
      expect(seen.at(-1)).toEqual(["graph TD\n  A-->B\n", "mermaid", false]);
      expect(container.querySelector("pre")).toBeNull();
    } finally {
      unregister();
    }
    const { container } = render(<Markdown>{"```mermaid\ngraph TD\n```"}</Markdown>);
    expect(container.querySelector("figure")).toBeNull();
    expect(container.querySelector("pre code")!.textContent).toBe("graph TD\n");
  });

  it("refuses an empty language with a clear error", () => {
    expect(() => registerFenceRenderer(" ", () => null)).toThrow(/non-empty/);
  });
});

describe("code block Copy button", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("copies the code's text and says so", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<Markdown>{"```sh\nnpm test\n```"}</Markdown>);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    });
    expect(writeText).toHaveBeenCalledWith("npm test\n");
    expect(screen.getByRole("button", { name: "Copied" })).toBeTruthy();
  });

  it("stays quiet when the clipboard refuses", async () => {
    const writeText = vi.fn().mockRejectedValue(new Error("denied"));
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<Markdown>{"```\nx\n```"}</Markdown>);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    });
    expect(screen.getByRole("button", { name: "Copy" })).toBeTruthy();
  });
});

describe("lazy Markdown (main entry)", () => {
  it("shows the text as plain text until the renderer loads, then as Markdown", async () => {
    const { container } = render(<LazyMarkdown>{"**bold** <b>no</b>"}</LazyMarkdown>);
    // Either still loading (plain, escaped) or already loaded: never HTML.
    expect(container.querySelector("b")).toBeNull();
    expect(await screen.findByText("bold", { selector: "strong" })).toBeTruthy();
    expect(container.querySelector("b")).toBeNull();
  });
});
