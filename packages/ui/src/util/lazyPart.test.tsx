import { act, fireEvent, render, screen } from "@testing-library/react";
import { createRef, forwardRef } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyPart } from "./lazyPart.js";
import "../test/harness.js";

const Hello = forwardRef<HTMLParagraphElement, { name: string }>(function Hello({ name }, ref) {
  return <p ref={ref}>Hello {name}</p>;
});

/** A loader the test settles: each call is one attempt to fetch the chunk. */
function controlledLoader() {
  const attempts: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const load = () =>
    new Promise<typeof Hello>((resolve, reject) => {
      attempts.push({ resolve: () => resolve(Hello), reject });
    });
  return { load, attempts };
}

/** A part whose chunk has been preloaded, and loaded, before anything shows it. */
async function loadedPart() {
  const { load, attempts } = controlledLoader();
  const Part = lazyPart(load);
  const preloaded = Part.preload();
  attempts[0]!.resolve();
  await preloaded;
  return Part;
}

describe("a part loaded on first use", () => {
  it("shows nothing while its chunk loads, then the part, without a second request for another copy", async () => {
    const { load, attempts } = controlledLoader();
    const Part = lazyPart(load);
    render(
      <>
        <Part name="Ada" />
        <Part name="Grace" />
      </>,
    );
    expect(screen.queryByText(/Hello/)).toBeNull();
    expect(attempts).toHaveLength(1);
    await act(async () => attempts[0]!.resolve());
    expect(screen.getByText("Hello Ada")).toBeTruthy();
    expect(screen.getByText("Hello Grace")).toBeTruthy();
  });

  it("renders in the very render that asks for it once loaded, ref included", async () => {
    const Part = await loadedPart();
    const ref = createRef<HTMLParagraphElement>();
    render(<Part name="Ada" ref={ref} />);
    expect(screen.getByText("Hello Ada")).toBe(ref.current);
  });

  it("tries once more, before any alert, when a preload failed while nothing showed the part", async () => {
    const { load, attempts } = controlledLoader();
    const Part = lazyPart(load);
    const preloaded = Part.preload();
    attempts[0]!.reject(new Error("offline"));
    await preloaded.catch(() => undefined);
    render(<Part name="Ada" />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(attempts).toHaveLength(2);
    await act(async () => attempts[1]!.resolve());
    expect(screen.getByText("Hello Ada")).toBeTruthy();
  });

  it("shows the part's own failure view where one is given, with Retry", async () => {
    const { load, attempts } = controlledLoader();
    const Part = lazyPart(load, ({ retry }) => (
      <button type="button" onClick={retry}>
        Try the part again
      </button>
    ));
    render(<Part name="Ada" />);
    await act(async () => attempts[0]!.reject(new Error("offline")));
    fireEvent.click(screen.getByRole("button", { name: "Try the part again" }));
    await act(async () => attempts[1]!.resolve());
    expect(screen.getByText("Hello Ada")).toBeTruthy();
  });

  it("says it could not load, and loads it again on Retry", async () => {
    const { load, attempts } = controlledLoader();
    const Part = lazyPart(load);
    render(<Part name="Ada" />);
    await act(async () => attempts[0]!.reject(new Error("Failed to fetch dynamically imported module")));
    expect(screen.getByRole("alert").textContent).toContain("This part of the chat could not be loaded.");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(attempts).toHaveLength(2);
    await act(async () => attempts[1]!.resolve());
    expect(screen.getByText("Hello Ada")).toBeTruthy();
  });

  it("is left out of server-rendered markup even once loaded, so hydration starts from the same nothing", async () => {
    const Part = await loadedPart();
    expect(renderToString(<Part name="Ada" />)).toBe("");
  });

  it("shows its pending and failure views with the part's props, and a part mounted after a failure loads again", async () => {
    const { load, attempts } = controlledLoader();
    const Part = lazyPart(load, {
      pending: ({ name }: { name: string }) => <p>plain {name}</p>,
      failed: ({ name, retry }: { name: string; retry: () => void }) => (
        <button type="button" onClick={retry}>
          retry {name}
        </button>
      ),
    });
    const first = render(<Part name="Ada" />);
    screen.getByText("plain Ada");
    await act(async () => attempts[0]!.reject(new Error("offline")));
    screen.getByRole("button", { name: "retry Ada" });
    first.unmount();
    render(<Part name="Grace" />);
    expect(attempts).toHaveLength(2);
    await act(async () => attempts[1]!.resolve());
    screen.getByText("Hello Grace");
  });
});
