import { describe, expect, it } from "vitest";
import { appDocument, contentSecurityPolicy } from "./srcdoc.js";

const policyOf = (doc: string) =>
  new DOMParser().parseFromString(doc, "text/html").querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content");

describe("the app's document", () => {
  it("starts with the policy, before any of the app's scripts, and keeps standards mode", () => {
    const doc = appDocument("<!doctype html><html><head><script>1</script></head><body><p>hi</p></body></html>", undefined);
    expect(doc.startsWith('<!DOCTYPE html><meta http-equiv="Content-Security-Policy"')).toBe(true);
    const parsed = new DOMParser().parseFromString(doc, "text/html");
    expect(parsed.compatMode).toBe("CSS1Compat");
    expect(parsed.head.firstElementChild?.getAttribute("http-equiv")).toBe("Content-Security-Policy");
    expect(parsed.body.textContent).toBe("hi");
  });

  it("allows no network, frames, forms, plugins, base or eval unless the resource names origins", () => {
    const policy = contentSecurityPolicy(undefined);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toContain("form-action 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("unsafe-eval");
  });

  it("adds the origins the resource declares, and drops anything that is not an origin", () => {
    const policy = contentSecurityPolicy({
      connectDomains: ["https://api.example.com", "'unsafe-eval'", "*", "https://x.com; script-src *", "javascript:alert(1)"],
      resourceDomains: ["https://*.cdn.example.com"],
      frameDomains: ["https://player.example.com:8443"],
    });
    expect(policy).toContain("connect-src https://api.example.com;");
    expect(policy).toContain("script-src 'unsafe-inline' https://*.cdn.example.com;");
    expect(policy).toContain("frame-src https://player.example.com:8443;");
    expect(policy).not.toMatch(/unsafe-eval|javascript:|x\.com/);
    expect(policy.split(";").map((d) => d.trim().split(" ")[0])).not.toContain("*");
  });

  it("keeps the policy attribute whole whatever the HTML holds", () => {
    const doc = appDocument('"><script>alert(1)</script>', { connectDomains: ['https://a.com"'] });
    expect(policyOf(doc)).toBe(contentSecurityPolicy(undefined));
  });
});
