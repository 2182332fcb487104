import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LazyMarkdown as Markdown, preloadMarkdown } from "./LazyMarkdown.js";
import "../test/harness.js";

// A file of its own: the lazy renderer must not have been rendered before this test.
describe("lazy Markdown once the renderer has loaded", () => {
  it("renders the rows of a thread opened at once as Markdown in that same render", async () => {
    await preloadMarkdown();
    // Had the first of them suspended, every row would show its fallback, and React would render
    // them all again in a retry that a streaming reply keeps interrupting.
    const rows = Array.from({ length: 50 }, (_, i) => `**row ${i}**`);
    const { container } = render(
      <>
        {rows.map((text) => (
          <Markdown key={text}>{text}</Markdown>
        ))}
      </>,
    );
    expect(container.querySelectorAll(".tandem-markdown--plain")).toHaveLength(0);
    expect(container.querySelectorAll("strong")).toHaveLength(50);
  });
});
