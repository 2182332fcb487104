import { describe, expect, it } from "vitest";
import { deviceId } from "./deviceId.js";

const storageOf = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
};

describe("deviceId", () => {
  it("is made once and kept: the same for every tab and reload of a browser, another for another browser", () => {
    const browser = storageOf();
    const id = deviceId(browser);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(deviceId(browser)).toBe(id);
    expect(deviceId(storageOf())).not.toBe(id);
  });

  it("is undefined where none can be kept (no storage, one that refuses or forgets)", () => {
    expect(deviceId(undefined)).toBeUndefined();
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(deviceId(refusing)).toBeUndefined();
    expect(deviceId({ getItem: () => null, setItem: () => {} })).toBeUndefined();
  });
});
