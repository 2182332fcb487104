import { cleanup, render } from "@testing-library/react";
import fc from "fast-check";
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";
import { beforeAll, describe, expect, it } from "vitest";
import { Markdown } from "./Markdown.js";
import { preloadMath } from "./Math.js";
import "../test/harness.js";
import { html, llmReply, replyInFrames, whole } from "./test/replies.js";

// Runs per property: a few seconds in the test command; MARKDOWN_PROPERTY_RUNS=1000 for a deeper search.
const RUNS = Number(process.env.MARKDOWN_PROPERTY_RUNS ?? 30);

/** `text` streamed in frames ending at `cuts` (then the rest), each frame drawn; the last frame's HTML. */
function streamed(text: string, cuts: readonly number[]): string {
  const view = render(<Markdown>{""}</Markdown>);
  for (const at of [...cuts, text.length]) view.rerender(<Markdown>{text.slice(0, at)}</Markdown>);
  const out = html(view.container);
  view.unmount();
  return out;
}

const everyCharacter = (text: string) => Array.from({ length: text.length }, (_, i) => i + 1);

/**
 * A DOM drawn by Tandem, brought to what micromark writes for the same Markdown: Tandem's
 * wrappers (block groups, the code block's bar, the table's scroller) go, links lose their
 * new-tab attributes, a block of HTML shown as text loses its paragraph, ids their prefix.
 */
function asMicromarkWould(container: HTMLElement): Node {
  const copy = container.cloneNode(true) as HTMLElement;
  const unwrap = (el: Element) => el.replaceWith(...el.childNodes);
  for (const el of copy.querySelectorAll(".tandem-code-block__bar")) el.remove();
  for (const el of copy.querySelectorAll(".tandem-markdown, .tandem-markdown__group, .tandem-code-block, .tandem-markdown__table"))
    unwrap(el);
  for (const el of copy.querySelectorAll("p.tandem-markdown__html")) el.replaceWith(...el.childNodes, "\n");
  for (const el of copy.querySelectorAll("a")) {
    el.removeAttribute("target");
    el.removeAttribute("rel");
  }
  for (const el of copy.querySelectorAll(".contains-task-list, .task-list-item")) el.removeAttribute("class");
  for (const el of copy.querySelectorAll("pre")) {
    el.removeAttribute("tabindex");
    el.removeAttribute("class");
  }
  for (const el of copy.querySelectorAll("img")) {
    el.removeAttribute("loading");
    el.removeAttribute("referrerpolicy");
  }
  copy.innerHTML = html(copy)
    .replace(/P-(fn|fnref)/g, "user-content-$1")
    .replace(/P-footnote-label/g, "footnote-label");
  return copy;
}

/** A DOM as a comparable string: whitespace between elements ignored, attributes in order. */
function canonical(node: Node): string {
  // A block of HTML shown as text (a text at the top) is its lines, where micromark writes the
  // line breaks around it too, and drops those inside it after a definition: its line breaks
  // are not compared. Every other text is, exactly.
  if (node.nodeType === 3) {
    const text = node.nodeValue!;
    if (!text.trim()) return "";
    return JSON.stringify(node.parentElement?.localName === "div" ? text.replace(/\n/g, "") : text);
  }
  if (node.nodeType !== 1) return "";
  const el = node as Element;
  // React writes a hast boolean `data-*` as "true" where micromark writes "".
  const value = (a: Attr) => (a.name.startsWith("data-") && a.value === "true" ? "" : a.value);
  const attributes = Array.from(el.attributes, (a) => `${a.name}=${JSON.stringify(value(a))}`).sort();
  el.normalize();
  return `<${el.localName} ${attributes.join(" ")}>${Array.from(el.childNodes, canonical).join("")}</${el.localName}>`;
}

function micromarkDom(text: string): Node {
  const div = document.createElement("div");
  div.innerHTML = micromark(text, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
  return div;
}

const same = (a: Node, b: Node) => canonical(a).replace(/^<div [^>]*>/, "") === canonical(b).replace(/^<div [^>]*>/, "");

beforeAll(async () => {
  await preloadMath(); // so that formulas draw in the frame that holds them, as they do once loaded
});

describe("a reply streamed a character per frame ends exactly as drawn whole", () => {
  it.each([
    [
      "a loose numbered list",
      "Plan:\n\n1. Install\n\n2. Start\n\n3. Open",
      (c: HTMLElement) => c.querySelectorAll("ol").length === 1 && c.querySelectorAll("li").length === 3,
    ],
    [
      "a numbered list whose first item holds a fenced code block",
      "1. Install it:\n\n   ```sh\n   npm i\n   ```\n\n2. Start it.",
      (c: HTMLElement) => c.querySelectorAll("ol").length === 1 && c.querySelector("ol li pre") !== null,
    ],
    [
      "a reference link defined after it",
      "See [the docs][d].\n\n[d]: https://example.com/docs",
      (c: HTMLElement) => c.querySelector("a")?.getAttribute("href") === "https://example.com/docs" && !c.textContent!.includes("[d]"),
    ],
    [
      "a footnote",
      "Tides follow the moon.[^1]\n\n[^1]: The moon's pull.",
      (c: HTMLElement) =>
        c.querySelector("sup a")?.getAttribute("href") === `#${c.querySelector("section li")?.id}` &&
        c.querySelector("section li a[data-footnote-backref]")?.getAttribute("href") === `#${c.querySelector("sup a")?.id}` &&
        c.querySelector("section")!.textContent!.includes("The moon's pull."),
    ],
    [
      "inline and display math",
      "$E = mc^2$ and\n\n$$\na^2 + b^2 = c^2\n$$",
      (c: HTMLElement) => c.querySelectorAll("math").length === 2 && !c.textContent!.includes("$"),
    ],
  ])(
    "%s",
    (_, text, rendered) => {
      const expected = whole(text);
      const view = render(<Markdown>{""}</Markdown>);
      for (const at of everyCharacter(text)) view.rerender(<Markdown>{text.slice(0, at)}</Markdown>);
      expect(html(view.container)).toBe(expected);
      expect(rendered(view.container)).toBe(true);
      view.unmount();
    },
    60_000,
  );
});

describe("replies put together from LLM-shaped pieces", () => {
  it("end, streamed at random frame boundaries, exactly as drawn whole", () => {
    fc.assert(
      fc.property(replyInFrames, ([text, cuts]) => {
        cleanup();
        expect(streamed(text, cuts)).toBe(whole(text));
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("are drawn whole as micromark with GFM writes them (math aside)", () => {
    fc.assert(
      fc.property(
        // Math aside, and a footnote called only from lines that run on into its own definition
        // (after its first line, or after an indented line of it, blank lines between allowed):
        // micromark counts calls inside notes, mdast-util-to-hast (react-markdown's stage) does not.
        // And code, indented or fenced, right after a link definition: micromark's HTML drops the
        // blank lines inside that code ("    a\n\n    b" gives "ab"), where its own mdast (and
        // CommonMark) keep them.
        llmReply.filter(
          (text) =>
            !text.includes("$") &&
            !/\[\^\w+\]:[^\n]*(?:(?:\n[ \t]*)*\n {4}[^\n]*)*\n(?![\n ])/.test(text) &&
            !/^ {0,3}\[[^\]^][^\]]*\]:[^\n]*\n(?:[ \t]*\n)*(?: {4}| {0,3}(?:`{3}|~{3}))/m.test(text),
        ),
        (text) => {
          cleanup();
          const view = render(<Markdown>{text}</Markdown>);
          const ours = asMicromarkWould(view.container);
          if (!same(ours, micromarkDom(text))) expect(canonical(ours)).toBe(canonical(micromarkDom(text)));
          view.unmount();
        },
      ),
      { numRuns: RUNS * 4 },
    );
  }, 120_000);
});

describe("math", () => {
  it("cannot inject HTML or links, whatever the TeX asks for", () => {
    const hostile = [
      "$\\href{javascript:alert(1)}{click}$",
      "$\\url{javascript:alert(1)}$",
      "$\\htmlClass{x}{y}$ $\\htmlId{x}{y}$ $\\htmlStyle{background:url(https://evil.example)}{y}$ $\\htmlData{a=b}{y}$",
      "$\\includegraphics{https://evil.example/x.png}$",
      '$\\text{<img src=x onerror="alert(1)">}$',
      "$$\n\\href{https://evil.example}{x} \\style{color:red}{y}\n$$",
    ].join("\n\n");
    const { container } = render(<Markdown>{hostile}</Markdown>);
    // The reply's own groups carry a style (their containment); nothing the TeX wrote does.
    const injected = [...container.querySelectorAll("a, img, script, [href], [style], [onerror], [id^='x'], [class='x']")];
    expect(injected.filter((el) => !el.classList.contains("tandem-markdown__group"))).toEqual([]);
    // The text is shown as text (in MathML, its spaces non-breaking).
    expect(container.textContent).toMatch(/<img\ssrc=x\sonerror="alert\(1\)">/);
  });

  it("shows half-written TeX as its source while it streams, a lone dollar as written, and the formula once it is complete", () => {
    const { container, rerender } = render(<Markdown>{"It costs $5 and"}</Markdown>);
    expect(container.textContent).toBe("It costs $5 and");
    rerender(<Markdown>{"$$\n\\frac{a"}</Markdown>);
    expect(container.querySelector(".tandem-math--source")!.textContent).toBe("\\frac{a");
    rerender(<Markdown>{"$$\n\\frac{a}{b}"}</Markdown>);
    expect(container.querySelector("math mfrac")).not.toBeNull();
  });
});
