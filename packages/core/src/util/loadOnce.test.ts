import { describe, expect, it, vi } from "vitest";
import { loadOnce } from "./loadOnce.js";

describe("loadOnce", () => {
  it("loads once and keeps the value", async () => {
    const load = vi.fn(async () => "module");
    const get = loadOnce(load);
    expect(get.loaded()).toBeUndefined();
    await expect(get()).resolves.toBe("module");
    await expect(get()).resolves.toBe("module");
    expect(load).toHaveBeenCalledTimes(1);
    expect(get.loaded()).toBe("module");
  });

  it("shares one load between callers that ask while it loads", async () => {
    let resolve!: (value: string) => void;
    const load = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const get = loadOnce(load);
    const first = get();
    const second = get();
    expect(load).toHaveBeenCalledTimes(1);
    resolve("module");
    await expect(Promise.all([first, second])).resolves.toEqual(["module", "module"]);
  });

  it("forgets a failed load, so the next call loads again", async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module")).mockResolvedValue("module");
    const get = loadOnce(load as () => Promise<string>);
    const [first, second] = [get(), get()];
    await expect(first).rejects.toThrow("Failed to fetch");
    await expect(second).rejects.toThrow("Failed to fetch");
    expect(get.loaded()).toBeUndefined();
    await expect(get()).resolves.toBe("module");
    expect(load).toHaveBeenCalledTimes(2);
    expect(get.loaded()).toBe("module");
  });

  it("keeps a loaded value that is undefined as loaded", async () => {
    const load = vi.fn(async () => undefined);
    const get = loadOnce(load);
    await get();
    await get();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
