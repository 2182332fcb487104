import { describe, expect, it } from "vitest";
import { getAt, setAt } from "./dataModel.js";
import { fold } from "./operations.js";

const v = (operation: object) => ({ version: "v0.9", ...operation });
const create = (surfaceId = "s") => v({ createSurface: { surfaceId, catalogId: "basic" } });
const components = (list: object[], surfaceId = "s") => v({ updateComponents: { surfaceId, components: list } });
const data = (path: string | undefined, value: unknown, surfaceId = "s") => v({ updateDataModel: { surfaceId, path, value } });
const message = (id: string, ...operations: unknown[]) => ({ id, content: { a2ui_operations: operations } });

describe("A2UI operations", () => {
  it("applies createSurface, updateComponents and updateDataModel in order, across messages", () => {
    const { surfaces, errors } = fold([
      message("m1", create(), components([{ id: "root", component: "Text", text: "a" }]), data("/", { n: 1 })),
      message(
        "m2",
        components([
          { id: "root", component: "Text", text: "b" },
          { id: "x", component: "Divider" },
        ]),
        data("/n", 2),
      ),
    ]);
    const s = surfaces.get("s")!;
    expect(s.home).toBe("m1");
    expect(s.components.get("root")).toEqual({ id: "root", component: "Text", text: "b" });
    expect([...s.components.keys()]).toEqual(["root", "x"]);
    expect(s.data).toEqual({ n: 2 });
    expect(errors.size).toBe(0);
  });

  it("reports an operation that comes too early, twice, or malformed, and keeps going", () => {
    const { surfaces, errors } = fold([
      message(
        "m1",
        data("/a", 1),
        create(),
        create(),
        { version: "v0.8", createSurface: { surfaceId: "s" } },
        v({ createSurface: { surfaceId: "t", catalogId: "c" }, deleteSurface: { surfaceId: "t" } }),
        components([{ id: 3 }]),
        data("relative", 1),
        "nonsense",
        data("/ok", true),
      ),
    ]);
    expect(errors.get("m1")).toEqual([
      'Operation 1: updateDataModel: no surface "s" (createSurface first)',
      'Operation 3: surface "s" already exists (delete it first)',
      'Operation 4: version "v0.8" is not v0.9',
      "Operation 5: expected exactly one of createSurface, updateComponents, updateDataModel, deleteSurface",
      "Operation 6: component 1 needs a string id and component",
      'Operation 7: updateDataModel path "relative" is not absolute',
      "Operation 8: not an object",
    ]);
    expect(surfaces.get("s")!.data).toEqual({ ok: true });
  });

  it("deleteSurface removes the surface, and a later createSurface makes it afresh", () => {
    const { surfaces } = fold([
      message("m1", create(), data("/", { a: 1 }), v({ deleteSurface: { surfaceId: "s" } })),
      message("m2", create()),
    ]);
    expect(surfaces.get("s")).toMatchObject({ home: "m2", data: {} });
  });

  it("keeps the user's edits in order with the agent's updates", () => {
    const messages = [message("m1", create(), data("/", { name: "agent" }))];
    expect(fold(messages, [{ surfaceId: "s", path: "/name", value: "user", after: 2 }]).surfaces.get("s")!.data).toEqual({ name: "user" });
    const later = [...messages, message("m2", data("/name", "agent again"))];
    expect(fold(later, [{ surfaceId: "s", path: "/name", value: "user", after: 2 }]).surfaces.get("s")!.data).toEqual({
      name: "agent again",
    });
  });
});

describe("the data model", () => {
  it("reads and writes JSON Pointer paths immutably, creating arrays for numeric keys", () => {
    const before = { list: [{ a: 1 }], keep: { b: 2 } };
    const after = setAt(before, "/list/1/a", 3) as typeof before;
    expect(after).toEqual({ list: [{ a: 1 }, { a: 3 }], keep: { b: 2 } });
    expect(after.keep).toBe(before.keep);
    expect(before.list).toHaveLength(1);
    expect(setAt({}, "/x/0", "y")).toEqual({ x: ["y"] });
    expect(getAt({ "a/b": { "~": 1 } }, "/a~1b/~0")).toBe(1);
    expect(setAt({ a: 1, b: 2 }, "/a", undefined)).toEqual({ b: 2 });
  });

  it("never writes through or reads from the prototype", () => {
    setAt({}, "/__proto__/polluted", true);
    setAt({}, "/constructor/prototype/polluted", true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(getAt({}, "/constructor")).toBeUndefined();
  });
});
