import { render } from "@testing-library/react";
import fc from "fast-check";
import { Markdown } from "../Markdown.js";

// Pieces of the shapes an LLM's answer takes, to be put together at random.
export const PIECES = [
  "Plan:",
  "1. Install\n\n2. Start\n\n3. Open",
  "- one\n- two\n- three",
  "- parent\n  - child\n  - child two\n- next",
  "1. Run this:\n\n   ```sh\n   npm i\n   ```\n\n2. Then this.",
  "> Note:\n>\n> ```js\n> let x = 1;\n> ```\n> after",
  "Results below\n| a | b |\n|---|---|\n| 1 | 2 |",
  "Heading\n=======",
  "Sub\n---",
  'Use <div class="x"> and <br/> here.',
  "<div>\n<b>raw</b>\n</div>",
  'See [the docs][d], [d][], [d], [inline](https://example.com/a "T"), <https://auto.link/x>, www.example.com, a@b.co and ![img](https://example.com/i.png).',
  '[d]: https://example.com/docs "Docs"',
  "Tides follow the moon.[^1] Again[^1] and[^note].",
  "[^1]: The moon's pull.",
  "[^note]: A *second* note\n    with more.",
  "$E = mc^2$ and $a$",
  "$$\n\\int_0^1 x\\,dx\n$$",
  "```ts\nconst a = 1;\n```",
  "**Bold** and _em_ and `code` and ~~strike~~.",
  "- [ ] task\n- [x] done",
  "# Title",
  "Para line one\nline two",
  "    indented code",
  // What goes on through blank lines, so that a fence after it is still its own: an HTML comment, a tilde fence.
  "<!-- a note\n\nstill the note -->",
  "~~~\ntilde fence\n\n~~~",
];

/**
 * The Markdown's HTML, with the reply's own id prefix made the same for every reply, and each
 * element's attributes in one order (React adds an attribute a later frame brings after the others).
 */
export function html(container: HTMLElement, { plainCode = false } = {}): string {
  const copy = container.cloneNode(true) as HTMLElement;
  // Highlighting comes when the code stands still and the page is idle: a test that waits may see it.
  if (plainCode) for (const code of copy.querySelectorAll("pre code")) code.replaceChildren(code.textContent ?? "");
  for (const el of copy.querySelectorAll("*")) {
    const attributes = Array.from(el.attributes, (a) => [a.name, a.value] as const).sort(([a], [b]) => a.localeCompare(b));
    for (const [name] of attributes) el.removeAttribute(name);
    for (const [name, value] of attributes) el.setAttribute(name, value);
  }
  return copy.innerHTML.replace(/tandem-[\w-]*?-(?=fn|footnote-label)/g, "P-");
}

/** `text` drawn whole, as after a reload. */
export function whole(text: string): string {
  const view = render(<Markdown>{text}</Markdown>);
  const out = html(view.container);
  view.unmount();
  return out;
}

/** A reply put together from `PIECES` at random. */
export const llmReply = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom("\n\n", "\n", "\n\n\n")), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.map(([piece, gap]) => piece + gap).join(""));

/** An `llmReply` and where its frames end (then the last frame, the rest). */
export const replyInFrames = llmReply.chain((text) =>
  fc.tuple(
    fc.constant(text),
    fc.uniqueArray(fc.integer({ min: 1, max: text.length }), { maxLength: 25 }).map((cuts) => cuts.sort((a, b) => a - b)),
  ),
);
