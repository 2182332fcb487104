import { describe, expect, it } from "vitest";
import { request } from "./http.js";

/** A fetch that records each request's init and answers 200. */
function recorder() {
  const inits: RequestInit[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    inits.push(init);
    return new Response("{}", { status: 200 });
  }) as typeof globalThis.fetch;
  return { inits, fetch };
}

describe("request", () => {
  it("sends cookies to another origin only when told to (credentials), and adds the options' headers", async () => {
    const { inits, fetch } = recorder();
    await request({ url: "x", fetch, credentials: "include", headers: () => ({ authorization: "Bearer t" }) }, "http://agent/run", {});
    await request({ url: "x", fetch }, "http://agent/run", {});
    expect(inits[0]?.credentials).toBe("include");
    expect(new Headers(inits[0]?.headers).get("authorization")).toBe("Bearer t");
    expect(inits[1]?.credentials).toBeUndefined();
  });
});
