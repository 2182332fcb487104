import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { createClient, dispatch, renderWith, runStarted } from "../test/harness.js";
import { useA2uiRenderer } from "./A2uiActivity.js";
import { basicCatalog } from "./basicCatalog.js";
import type { A2uiComponentProps } from "./catalog.js";
import { fold } from "./operations.js";
import { A2UI_NODE_BUDGET, SurfaceView } from "./SurfaceView.js";

const v = (operation: object) => ({ version: "v0.9", ...operation });
const snapshot = (messageId: string, operations: unknown[]) => ({
  type: "ACTIVITY_SNAPSHOT",
  messageId,
  activityType: "a2ui-surface",
  content: { a2ui_operations: operations },
});
const create = v({ createSurface: { surfaceId: "s", catalogId: "https://a2ui.org/specification/v0_9/basic_catalog.json" } });
const components = (list: object[]) => v({ updateComponents: { surfaceId: "s", components: list } });

function A2uiChat() {
  useA2uiRenderer();
  return <Chat />;
}

/** A fan-out `depth` levels deep: each level lists the next one twice (2^depth leaves). */
const fanOut = (depth: number) => [
  ...Array.from({ length: depth }, (_, i) => ({
    id: i === 0 ? "root" : `n${i}`,
    component: "Column",
    children: [`n${i + 1}`, `n${i + 1}`],
  })),
  { id: `n${depth}`, component: "Text", text: "leaf" },
];

describe("an A2UI surface's budgets", () => {
  it("stops a fan-out of depth 30 at the node budget and says so inside the surface, the chat untouched", () => {
    const client = createClient();
    vi.spyOn(client, "runAgent").mockResolvedValue();
    renderWith(client, <A2uiChat />);
    dispatch(client, runStarted(), snapshot("a1", [create, components(fanOut(30))]));
    const surface = screen.getByTestId("a2ui-surface");
    const failed = within(surface).getByTestId("part-failed");
    expect(within(failed).getByRole("alert").textContent).toContain(`more than ${A2UI_NODE_BUDGET} components`);
    expect(within(surface).queryAllByText("leaf")).toHaveLength(0);
    expect(screen.getByRole("textbox", { name: "Message" })).toBeTruthy();
    // The next state of the surface (a smaller tree) is drawn again.
    dispatch(client, snapshot("a2", [components(fanOut(3))]));
    expect(within(screen.getByTestId("a2ui-surface")).getAllByText("leaf")).toHaveLength(8);
    expect(within(screen.getByTestId("a2ui-surface")).queryByTestId("part-failed")).toBeNull();
  });

  it("counts a component drawn twice through child() as two nodes", () => {
    const twice = ({ component, child }: A2uiComponentProps) => (
      <div>
        {child(component.a)}
        {child(component.b)}
      </div>
    );
    const depth = 30;
    const list = [
      ...Array.from({ length: depth }, (_, i) => ({ id: i === 0 ? "root" : `n${i}`, component: "Twice", a: `n${i + 1}`, b: `n${i + 1}` })),
      { id: `n${depth}`, component: "Text", text: "leaf" },
    ];
    const { surfaces } = fold([{ id: "m", content: { a2ui_operations: [create, components(list)] } }]);
    render(<SurfaceView surface={surfaces.get("s")!} catalog={{ ...basicCatalog, Twice: twice }} onAction={() => {}} onEdit={() => {}} />);
    expect(screen.getByTestId("part-failed")).toBeTruthy();
  });

  it("bounds a cycle (a → b → a)", () => {
    const { surfaces } = fold([
      {
        id: "m",
        content: {
          a2ui_operations: [
            create,
            components([
              { id: "root", component: "Column", children: ["b"] },
              { id: "b", component: "Column", children: ["root", "root"] },
            ]),
          ],
        },
      },
    ]);
    render(<SurfaceView surface={surfaces.get("s")!} catalog={basicCatalog} onAction={() => {}} onEdit={() => {}} />);
    expect(screen.getAllByTestId("a2ui-error").map((e) => e.textContent)).toEqual([
      'Component "root" contains itself.',
      'Component "root" contains itself.',
    ]);
  });

  it("draws a sparse list (one item at index 4294967294) by its keys, never walking its length", () => {
    const items: unknown[] = [];
    items[4294967294] = "far";
    const { surfaces } = fold([
      {
        id: "m",
        content: {
          a2ui_operations: [
            create,
            components([
              { id: "root", component: "Column", children: { componentId: "item", path: "/items" } },
              { id: "item", component: "Text", text: { path: "." } },
            ]),
          ],
        },
      },
    ]);
    const surface = { ...surfaces.get("s")!, data: { items } };
    const started = performance.now();
    render(<SurfaceView surface={surface} catalog={basicCatalog} onAction={() => {}} onEdit={() => {}} />);
    expect(screen.getAllByText("far")).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuses updateDataModel past a list's end (/items/4294967294), with the error kept and the model as it was", () => {
    const data = (path: string, value: unknown) => v({ updateDataModel: { surfaceId: "s", path, value } });
    const started = performance.now();
    const { surfaces, errors } = fold([
      {
        id: "m",
        content: { a2ui_operations: [create, data("/items", ["a"]), data("/items/4294967294", "far"), data("/items/1", "b")] },
      },
    ]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(surfaces.get("s")!.data).toEqual({ items: ["a", "b"] });
    expect(errors.get("m")).toEqual([
      'Operation 3: updateDataModel path "/items/4294967294": index 4294967294 is past the end of the list (1 items)',
    ]);
  });
});
