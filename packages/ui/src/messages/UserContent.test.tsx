import type { InputContent } from "@tandem/react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { UserContent } from "./UserContent.js";

afterEach(cleanup);

const show = (...content: InputContent[]) => render(<UserContent content={content} />);
const data = (mimeType: string, value = "AAAA") => ({ type: "data" as const, value, mimeType });
const url = (value: string) => ({ type: "url" as const, value });

describe("UserContent", () => {
  it("draws sent images as thumbnails whose alt is their file name", () => {
    show(
      { type: "text", text: "two pictures" },
      { type: "image", source: data("image/png"), metadata: { filename: "photo.png", size: 3 } },
      { type: "image", source: url("blob:http://localhost/1") },
    );
    expect(screen.getByText("two pictures")).toBeTruthy();
    const [photo, unnamed] = screen.getAllByRole("img");
    expect(photo!.getAttribute("alt")).toBe("photo.png");
    expect(photo!.getAttribute("src")).toBe("data:image/png;base64,AAAA");
    expect(unnamed!.getAttribute("alt")).toBe("Attached image");
  });

  it("names other files with their kind and size", () => {
    show(
      { type: "document", source: data("application/pdf"), metadata: { filename: "report.pdf", size: 1536 } },
      { type: "audio", source: url("https://files.example/a.wav"), metadata: { filename: "a.wav", size: 3 * 1024 * 1024 } },
      { type: "video", source: { type: "file", value: "file-123" } },
    );
    expect(screen.queryByRole("img")).toBeNull();
    const chips = [...document.querySelectorAll(".tandem-user-content__attachment")].map((chip) => [
      chip.getAttribute("data-kind"),
      chip.textContent,
    ]);
    expect(chips).toEqual([
      ["document", "report.pdfAttached document · 1.5 KB"],
      ["audio", "a.wavAttached audio · 3 MB"],
      ["video", "Attached video"],
    ]);
  });

  it("only lets http(s), blob and image data URLs become a src", () => {
    show(
      { type: "image", source: url("javascript:alert(1)"), metadata: { filename: "evil.png" } },
      { type: "image", source: data("text/html", "PHNjcmlwdD4="), metadata: { filename: "page.png" } },
      { type: "image", source: url("data:text/html,<b>x</b>"), metadata: { filename: "inline.png" } },
      { type: "image", source: { type: "file", value: "file-abc" } },
    );
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText("evil.png")).toBeTruthy();
    expect(screen.getByText("page.png")).toBeTruthy();
    expect(screen.getByText("inline.png")).toBeTruthy();
    expect(screen.getAllByText("Attached image")).toHaveLength(4);
  });
});
