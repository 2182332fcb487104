import { act, screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { createClient, dispatch, expectNoAxeViolations, renderWith, runStarted } from "../test/harness.js";
import { useA2uiRenderer } from "./A2uiActivity.js";
import type { A2uiCatalog } from "./catalog.js";

const v = (operation: object) => ({ version: "v0.9", ...operation });
const snapshot = (messageId: string, operations: unknown[], extra: object = {}) => ({
  type: "ACTIVITY_SNAPSHOT",
  messageId,
  activityType: "a2ui-surface",
  content: { a2ui_operations: operations, ...extra },
});
const surfaceOf = (components: object[], value: unknown = {}) => [
  v({ createSurface: { surfaceId: "s", catalogId: "https://a2ui.org/specification/v0_9/basic_catalog.json" } }),
  v({ updateComponents: { surfaceId: "s", components } }),
  v({ updateDataModel: { surfaceId: "s", path: "/", value } }),
];

function A2uiChat({ catalog }: { catalog?: A2uiCatalog }) {
  useA2uiRenderer(catalog ? { catalog } : {});
  return <Chat />;
}

/** A chat showing one surface made of `components` (root first) over `value`. */
function show(components: object[], value: unknown = {}, catalog?: A2uiCatalog) {
  const client = createClient();
  const runAgent = vi.spyOn(client, "runAgent").mockResolvedValue();
  renderWith(client, <A2uiChat {...(catalog && { catalog })} />);
  dispatch(client, runStarted(), snapshot("a1", surfaceOf(components, value)));
  return { client, runAgent, surface: screen.getByTestId("a2ui-surface") };
}

const column = (...children: string[]) => ({ id: "root", component: "Column", children });

describe("the A2UI basic catalog", () => {
  it("draws text, images (http(s) only), icons, rows, cards and dividers with their roles", async () => {
    const { surface } = show([
      column("title", "row", "card", "line"),
      { id: "title", component: "Text", variant: "h1", text: "Trip" },
      { id: "row", component: "Row", justify: "spaceBetween", children: ["photo", "bad", "icon"] },
      { id: "photo", component: "Image", url: "https://example.com/a.png", description: "Beach" },
      { id: "bad", component: "Image", url: "data:image/png;base64,AAAA", description: "Inline" },
      { id: "icon", component: "Icon", name: "star" },
      { id: "card", component: "Card", child: "body" },
      { id: "body", component: "Text", variant: "caption", text: "3 nights" },
      { id: "line", component: "Divider" },
    ]);
    expect(within(surface).getByRole("heading", { name: "Trip" }).tagName).toBe("H2");
    expect(within(surface).getByRole("img", { name: "Beach" }).getAttribute("src")).toBe("https://example.com/a.png");
    expect(within(surface).queryByRole("img", { name: "Inline" })).toBeNull();
    expect(within(surface).getByText(/Inline \(not shown/)).toBeTruthy();
    expect(within(surface).getByRole("img", { name: "star" }).textContent).toBe("★");
    expect(within(surface).getByText("3 nights").closest(".tandem-a2ui__card")).toBeTruthy();
    expect(within(surface).getByRole("separator")).toBeTruthy();
    await expectNoAxeViolations(surface);
  });

  it("video and audio play http(s) media only; a weighted child takes its share of a row", () => {
    const { surface } = show([
      { id: "root", component: "Row", children: ["clip", "song", "bad"] },
      { id: "clip", component: "Video", url: "https://example.com/a.mp4", weight: 2 },
      { id: "song", component: "AudioPlayer", url: "https://example.com/a.mp3", description: "Theme" },
      { id: "bad", component: "Video", url: "javascript:alert(1)" },
    ]);
    const video = surface.querySelector("video")!;
    expect(video.getAttribute("src")).toBe("https://example.com/a.mp4");
    expect((video.parentElement as HTMLElement).style.flexGrow).toBe("2");
    expect(surface.querySelector("audio")!.getAttribute("aria-label")).toBe("Theme");
    expect(surface.querySelectorAll("video")).toHaveLength(1);
    expect(within(surface).getByText(/video \(not shown/)).toBeTruthy();
  });

  it("repeats a list template per item, its paths relative to the item", () => {
    const { surface } = show(
      [
        { id: "root", component: "List", children: { componentId: "item", path: "/people" } },
        { id: "item", component: "Text", text: { path: "name" } },
      ],
      { people: [{ name: "Ada" }, { name: "Bo" }] },
    );
    expect(
      within(surface)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Ada", "Bo"]);
  });

  it("draws at most 500 items of a template and says how many it left out", () => {
    const { surface } = show(
      [
        { id: "root", component: "Column", children: { componentId: "item", path: "/n" } },
        { id: "item", component: "Text", text: { path: "." } },
      ],
      { n: Array.from({ length: 2000 }, (_, i) => i) },
    );
    expect(within(surface).getAllByText(/^\d+$/)).toHaveLength(500);
    expect(within(surface).getByTestId("a2ui-error").textContent).toBe("1500 more items are not shown.");
  });

  it("tabs: a tab list that arrow keys move through, showing one panel", async () => {
    const { surface } = show(
      [
        {
          id: "root",
          component: "Tabs",
          tabs: [
            { title: "One", child: "a" },
            { title: { path: "/second" }, child: "b" },
          ],
        },
        { id: "a", component: "Text", text: "first panel" },
        { id: "b", component: "Text", text: "second panel" },
      ],
      { second: "Two" },
    );
    const user = userEvent.setup();
    expect(within(surface).getByRole("tabpanel").textContent).toBe("first panel");
    await user.click(within(surface).getByRole("tab", { name: "One" }));
    await user.keyboard("{ArrowRight}");
    expect(within(surface).getByRole("tab", { name: "Two" }).getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(within(surface).getByRole("tab", { name: "Two" }));
    expect(within(surface).getByRole("tabpanel").textContent).toBe("second panel");
  });

  it("modal: the trigger opens a dialog inside the surface; Escape closes it and focus returns", async () => {
    const { surface } = show([
      { id: "root", component: "Modal", trigger: "open", content: "details" },
      { id: "open", component: "Button", child: "open-label", action: { event: { name: "noop" } } },
      { id: "open-label", component: "Text", text: "Details" },
      { id: "details", component: "Text", text: "Fine print" },
    ]);
    const user = userEvent.setup();
    const trigger = within(surface).getByRole("button", { name: "Details" });
    await user.click(trigger);
    const dialog = within(surface).getByRole("dialog");
    expect(dialog.textContent).toContain("Fine print");
    expect(document.activeElement).toBe(dialog);
    await user.keyboard("{Escape}");
    expect(within(surface).queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("inputs write their bound paths, and what reads those paths follows", async () => {
    const { surface } = show(
      [
        column("pick", "many", "when", "echo"),
        {
          id: "pick",
          component: "ChoicePicker",
          label: "Size",
          variant: "mutuallyExclusive",
          options: [
            { label: "Small", value: "s" },
            { label: "Large", value: "l" },
          ],
          value: { path: "/size" },
        },
        {
          id: "many",
          component: "ChoicePicker",
          label: "Extras",
          options: [
            { label: "Milk", value: "milk" },
            { label: "Sugar", value: "sugar" },
          ],
          value: { path: "/extras" },
        },
        { id: "when", component: "DateTimeInput", label: "Day", value: { path: "/day" } },
        { id: "echo", component: "Text", text: { path: "/day" } },
      ],
      { size: ["s"], extras: [], day: "2026-01-01" },
    );
    const user = userEvent.setup();
    expect((within(surface).getByRole("radio", { name: "Small" }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(surface).getByRole("radio", { name: "Large" }));
    expect((within(surface).getByRole("radio", { name: "Small" }) as HTMLInputElement).checked).toBe(false);
    await user.click(within(surface).getByRole("checkbox", { name: "Milk" }));
    await user.click(within(surface).getByRole("checkbox", { name: "Sugar" }));
    expect((within(surface).getByRole("checkbox", { name: "Milk" }) as HTMLInputElement).checked).toBe(true);
    expect(within(surface).getByRole("group", { name: "Extras" })).toBeTruthy();
    const day = within(surface).getByLabelText("Day") as HTMLInputElement;
    expect(day.type).toBe("date");
    await act(async () => {
      await user.clear(day);
      await user.type(day, "2026-02-03");
    });
    expect(within(surface).getByText("2026-02-03")).toBeTruthy();
  });

  it("a button sends its action, the context read from the data model at the moment of the press", async () => {
    const { runAgent, surface } = show(
      [
        column("go"),
        { id: "go", component: "Button", child: "go-label", action: { event: { name: "go", context: { who: { path: "/who" }, n: 1 } } } },
        { id: "go-label", component: "Text", text: "Go" },
      ],
      { who: "Ada" },
    );
    await userEvent.setup().click(within(surface).getByRole("button", { name: "Go" }));
    expect(runAgent).toHaveBeenCalledWith({
      forwardedProps: {
        a2uiAction: {
          userAction: { name: "go", surfaceId: "s", sourceComponentId: "go", timestamp: expect.any(String), context: { who: "Ada", n: 1 } },
        },
      },
    });
  });
});

describe("custom catalogs", () => {
  it("draws the app's own components by name, with the surface's data", () => {
    const catalog: A2uiCatalog = {
      Gauge: ({ component, read }) => <meter aria-label="Load" value={Number(read(component.value))} />,
    };
    const { surface } = show([column("g"), { id: "g", component: "Gauge", value: { path: "/load" } }], { load: 0.4 }, catalog);
    expect((within(surface).getByRole("meter", { name: "Load" }) as HTMLMeterElement).value).toBe(0.4);
  });

  it("keeps an app component that throws inside its surface", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const catalog: A2uiCatalog = {
      Broken: () => {
        throw new Error("boom");
      },
    };
    const { surface } = show([column("b"), { id: "b", component: "Broken" }], {}, catalog);
    expect(within(surface).getByTestId("a2ui-error").textContent).toBe("This surface could not be drawn: boom");
    expect(screen.getByRole("textbox", { name: "Message" })).toBeTruthy();
  });
});

describe("the middleware's progress reports", () => {
  it("says the interface is being built, then shows the surface in the same place", () => {
    const client = createClient();
    renderWith(client, <A2uiChat />);
    dispatch(client, runStarted(), {
      type: "ACTIVITY_SNAPSHOT",
      messageId: "a1",
      activityType: "a2ui-surface",
      content: { status: "building" },
    });
    expect(screen.getByText("Building the interface…")).toBeTruthy();
    dispatch(client, snapshot("a1", surfaceOf([{ id: "root", component: "Text", text: "Ready" }])));
    expect(screen.queryByText("Building the interface…")).toBeNull();
    expect(within(screen.getByTestId("a2ui-surface")).getByText("Ready")).toBeTruthy();
  });
});
