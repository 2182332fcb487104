import { describe, expect, it } from "vitest";
import { hostContextOf } from "./theme.js";

// jsdom does not inherit custom properties, so they are set on the frame itself here; in
// Chromium the app gets the chat's own (apps/playground/e2e/mcpApps.test.ts).
describe("the host context an app gets", () => {
  it("carries the kit's CSS variables under MCP Apps' names, and only those set", () => {
    const frame = document.body.appendChild(document.createElement("iframe"));
    frame.style.setProperty("--tandem-color-text", "rgb(10, 20, 30)");
    frame.style.setProperty("--tandem-color-bg", "#fafafa");
    frame.style.setProperty("--tandem-font-family", "Inter, sans-serif");
    const context = hostContextOf(frame);
    expect(context.styles?.variables).toEqual({
      "--color-text-primary": "rgb(10, 20, 30)",
      "--color-background-primary": "#fafafa",
      "--font-sans": "Inter, sans-serif",
    });
    expect(["light", "dark"]).toContain(context.theme);
    expect(context.platform).toBe("web");
    frame.remove();
  });
});
