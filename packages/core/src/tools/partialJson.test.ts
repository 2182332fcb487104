import { describe, expect, it } from "vitest";
import { loadPartialJson, parsePartialJson } from "./partialJson.js";

describe("parsePartialJson", () => {
  it("parses whole JSON at once, and cut-off JSON once its closer is loaded (with the validation pipeline)", async () => {
    expect(parsePartialJson('{"path":"/tmp/a"}')).toEqual({ path: "/tmp/a" });
    expect(parsePartialJson("   ")).toBeUndefined();
    expect(parsePartialJson('{"path":"/tm')).toBeUndefined();
    await loadPartialJson();
    expect(parsePartialJson('{"path":"/tm')).toEqual({ path: "/tm" });
    expect(parsePartialJson('{"a":[1,2')).toEqual({ a: [1, 2] });
  });
});
