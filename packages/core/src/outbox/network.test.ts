import { afterEach, describe, expect, it, vi } from "vitest";
import { browserNetwork } from "./network.js";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A browser as far as `browserNetwork` reads it: the window's `online` event, the document's visibility. */
function browser(visibilityState: DocumentVisibilityState) {
  const document = Object.assign(new EventTarget(), { visibilityState });
  vi.stubGlobal("window", new EventTarget());
  vi.stubGlobal("navigator", { onLine: true });
  vi.stubGlobal("document", document);
  return document;
}

describe("browserNetwork", () => {
  it("is null outside a browser", () => {
    expect(browserNetwork()).toBeNull();
  });

  it("reads the page's visibility, and tells each time it becomes visible again (not when it is hidden)", () => {
    const document = browser("hidden");
    const network = browserNetwork()!;
    expect(network.visible).toBe(false);
    const told = vi.fn();
    const stop = network.onVisible!(told);
    document.dispatchEvent(new Event("visibilitychange"));
    expect(told).not.toHaveBeenCalled();
    document.visibilityState = "visible";
    document.dispatchEvent(new Event("visibilitychange"));
    expect(network.visible).toBe(true);
    expect(told).toHaveBeenCalledTimes(1);
    stop();
    document.visibilityState = "hidden";
    document.visibilityState = "visible";
    document.dispatchEvent(new Event("visibilitychange"));
    expect(told).toHaveBeenCalledTimes(1);
  });

  it("counts a page being prerendered as visible", () => {
    browser("prerender" as DocumentVisibilityState);
    expect(browserNetwork()!.visible).toBe(true);
  });

  it("still tells when the device comes back online", () => {
    browser("visible");
    const told = vi.fn();
    const stop = browserNetwork()!.onOnline(told);
    window.dispatchEvent(new Event("online"));
    stop();
    window.dispatchEvent(new Event("online"));
    expect(told).toHaveBeenCalledTimes(1);
  });
});
