import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSafeFileSrc, isSafeImage, isSafeLink, isWebUrl } from "./urlPolicy.js";

describe("the URL policy", () => {
  it("lets through absolute http(s) everywhere, mailto for links, blob and image data for sent files", () => {
    expect(isWebUrl("https://example.com/a")).toBe(true);
    expect(isSafeLink("mailto:a@example.com")).toBe(true);
    expect(isSafeImage("mailto:a@example.com")).toBe(false);
    expect(isSafeFileSrc("blob:https://example.com/1")).toBe(true);
    expect(isSafeFileSrc("data:image/png;base64,AAAA")).toBe(true);
    expect(isSafeFileSrc("data:text/html,<script>")).toBe(false);
  });

  it("refuses javascript:, data: links, relative and malformed URLs, and anything not a string", () => {
    for (const url of ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,x", "/relative", "//host/x", "http//x", ""]) {
      expect([isWebUrl(url), isSafeLink(url), isSafeImage(url)]).toEqual([false, false, false]);
    }
    expect(isWebUrl(42)).toBe(false);
    expect(isWebUrl({ href: "https://example.com" })).toBe(false);
  });

  it("never lets a URL through whose protocol is not http(s) or mailto, for any string", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom("javascript:", "vbscript:", "file:///etc/passwd")), (url) => {
        let protocol: string | null = null;
        try {
          protocol = new URL(url).protocol;
        } catch {}
        if (isSafeLink(url)) expect(["http:", "https:", "mailto:"]).toContain(protocol);
        if (isWebUrl(url)) expect(["http:", "https:"]).toContain(protocol);
      }),
    );
  });
});
