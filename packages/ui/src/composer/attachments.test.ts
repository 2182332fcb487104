import { describe, expect, it } from "vitest";
import { formatSize } from "../util/formatSize.js";
import { accepts } from "./attachments.js";
import { acceptAttribute, offeredCategories } from "./offered.js";

const ALL = ["image", "audio", "video", "document"] as const;
const file = (name: string, type: string) => new File(["x"], name, { type });

describe("what the composer offers", () => {
  it("is what the transport carries, narrowed by the agent's advertised multimodal input", () => {
    expect([...offeredCategories(ALL, null, undefined)]).toEqual(["image", "audio", "video", "pdf", "file"]);
    expect([...offeredCategories(["image", "document"], null, undefined)]).toEqual(["image", "pdf", "file"]);
    expect([...offeredCategories([], null, undefined)]).toEqual([]);
    const pdfAndImages = { multimodal: { input: { image: true, pdf: true, audio: false } } };
    expect([...offeredCategories(ALL, pdfAndImages, undefined)]).toEqual(["image", "pdf"]);
    expect([...offeredCategories(["audio", "document"], pdfAndImages, undefined)]).toEqual(["pdf"]);
    // Capabilities without multimodal input say nothing about files.
    expect([...offeredCategories(ALL, { multimodal: { output: { image: true } } }, undefined)]).toHaveLength(5);
    expect([...offeredCategories(ALL, { multimodal: { input: { file: true } } }, undefined)]).toEqual(["file"]);
  });

  it("is narrowed by the app's accept: kinds, MIME types, wildcards and extensions", () => {
    expect([...offeredCategories(ALL, null, ["image"])]).toEqual(["image"]);
    expect([...offeredCategories(ALL, null, ["document"])]).toEqual(["pdf", "file"]);
    expect([...offeredCategories(ALL, null, ["application/pdf", "audio/*"])]).toEqual(["audio", "pdf"]);
    expect([...offeredCategories(ALL, null, [".csv"])]).toHaveLength(5);
    expect([...offeredCategories(["image"], null, ["audio/*"])]).toEqual([]);

    const offered = offeredCategories(ALL, null, undefined);
    expect(accepts(file("a.CSV", "text/csv"), offered, [".csv"])).toBe(true);
    expect(accepts(file("a.txt", "text/plain"), offered, [".csv"])).toBe(false);
    expect(accepts(file("a.png", "image/png"), offered, ["image/*"])).toBe(true);
    expect(accepts(file("a.png", "image/png"), offered, ["image/jpeg"])).toBe(false);
    expect(accepts(file("a.pdf", "application/pdf"), offered, ["document"])).toBe(true);
    expect(accepts(file("a", ""), offered, ["*/*"])).toBe(true);
    expect(
      accepts(file("a.pdf", "application/pdf"), offeredCategories(ALL, { multimodal: { input: { file: true } } }, undefined), undefined),
    ).toBe(false);
  });

  it("tells the file picker what to show, when that can be said", () => {
    expect(acceptAttribute(offeredCategories(ALL, null, undefined), undefined)).toBeUndefined();
    expect(acceptAttribute(offeredCategories(["image", "audio"], null, undefined), undefined)).toBe("image/*,audio/*");
    expect(acceptAttribute(offeredCategories(ALL, { multimodal: { input: { image: true, pdf: true } } }, undefined), undefined)).toBe(
      "image/*,application/pdf",
    );
    expect(acceptAttribute(offeredCategories(ALL, null, ["image", ".csv"]), ["image", ".csv"])).toBe("image/*,.csv");
    // "Any other document" has no accept word: the picker shows everything and the composer refuses.
    expect(acceptAttribute(offeredCategories(ALL, null, ["document"]), ["document"])).toBeUndefined();
  });

  it("writes sizes for people", () => {
    expect(formatSize(512)).toBe("512 B");
    expect(formatSize(1536)).toBe("1.5 KB");
    expect(formatSize(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatSize(2.25 * 1024 * 1024)).toBe("2.3 MB");
  });
});
