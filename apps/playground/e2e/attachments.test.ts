import { pngImage } from "@tandem/mock-agent";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, openPage, type Stack, screenshot, settled, startStack } from "./stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterEach(() => closePages(stack));
afterAll(() => stack?.close());

interface Part {
  type: string;
  text?: string;
  source?: { type: string; value: string; mimeType?: string };
  metadata?: { filename?: string };
}
interface Body {
  threadId?: string;
  messages?: { role: string; content?: string | Part[] }[];
  input?: { role: string; content: Record<string, unknown>[] }[];
}

const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });
const chips = (page: Page) => page.getByTestId("attachment");

/** Picks files with the composer's file input, as the "Attach files" button opens it. */
async function pick(page: Page, ...files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  await page.locator('input[type="file"][aria-label="Attach files"]').setInputFiles(files);
}

/** Pastes a file into the message box, as a screenshot tool's clipboard would. */
async function paste(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await composer(page).evaluate(
    (box, { name, mimeType, bytes }) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], name, { type: mimeType }));
      box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { name: file.name, mimeType: file.mimeType, bytes: file.buffer.toString("base64") },
  );
}

async function sendTyped(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

/** The last user message the mock agent received on a path, as AG-UI parts. */
function lastUserParts(path: string): Part[] {
  const body = stack.agent.requests.filter((r) => r.method === "POST" && r.path === path).at(-1)!.body as Body;
  const content = body.messages!.filter((m) => m.role === "user").at(-1)!.content;
  return typeof content === "string" ? [{ type: "text", text: content }] : content!;
}

/** The image drawn in the transcript for a sent file, with the size the browser decoded. */
const sentImage = (page: Page, name: string) =>
  page.locator('[data-testid="message"][data-role="user"]').getByRole("img", { name, exact: true });
const decodedSize = (page: Page, name: string) =>
  sentImage(page, name).evaluate((img) => `${(img as HTMLImageElement).naturalWidth}×${(img as HTMLImageElement).naturalHeight}`);

const PHOTO = { name: "photo.png", mimeType: "image/png", buffer: Buffer.from(pngImage(64, 48)) };
const SHOT = { name: "screenshot.png", mimeType: "image/png", buffer: Buffer.from(pngImage(120, 30, { rgba: [220, 38, 38, 255] })) };

describe("attachments on the agentic chat page, in Chromium", () => {
  it("an image picked with Attach files is sent as an AG-UI image part, answered by name and pixel size, and drawn after a reload", async () => {
    const page = await openPage(stack, "agentic-chat");
    await page.getByRole("button", { name: "Attach files" }).waitFor();
    await pick(page, PHOTO);
    await expect.poll(() => chips(page).count()).toBe(1);
    expect(await chips(page).textContent()).toContain("photo.png");
    await sendTyped(page, "what is in this picture?");
    await expect
      .poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 })
      .toContain(`I received 1 attachment: photo.png (image, image/png, ${PHOTO.buffer.length} bytes, 64×48 px).`);
    await settled(page);
    expect(await chips(page).count()).toBe(0);

    const parts = lastUserParts("/agentic-chat");
    expect(parts).toContainEqual({ type: "text", text: "what is in this picture?" });
    expect(parts.find((p) => p.type === "image")).toMatchObject({
      type: "image",
      source: { type: "data", value: PHOTO.buffer.toString("base64"), mimeType: "image/png" },
      metadata: { filename: "photo.png" },
    });

    await sentImage(page, "photo.png").waitFor();
    expect(await decodedSize(page, "photo.png")).toBe("64×48");
    await screenshot(page, "attachments-picked");

    await page.locator('nav[aria-label="Threads"][data-state="saved"]').waitFor();
    await page.reload();
    await composer(page).waitFor();
    await sentImage(page, "photo.png").waitFor({ timeout: 15_000 });
    expect(await decodedSize(page, "photo.png")).toBe("64×48");
    expect(await lastAssistantText(page).textContent()).toContain("photo.png (image, image/png");
  });

  it("an image pasted into the message box is attached and sent", async () => {
    const page = await openPage(stack, "agentic-chat");
    await paste(page, SHOT);
    await expect.poll(() => chips(page).count()).toBe(1);
    await sendTyped(page, "pasted");
    await expect
      .poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 })
      .toContain(`screenshot.png (image, image/png, ${SHOT.buffer.length} bytes, 120×30 px)`);
    await settled(page);
    expect(lastUserParts("/agentic-chat").find((p) => p.type === "image")).toMatchObject({
      source: { type: "data", value: SHOT.buffer.toString("base64"), mimeType: "image/png" },
      metadata: { filename: "screenshot.png" },
    });
    await sentImage(page, "screenshot.png").waitFor();
    expect(await decodedSize(page, "screenshot.png")).toBe("120×30");
  });

  it("a file over the page's size limit is refused with a message, and the typed text stays", async () => {
    const page = await openPage(stack, "agentic-chat");
    await composer(page).fill("keep this text");
    const before = stack.agent.requests.length;
    const huge = Buffer.from(pngImage(8, 8, { padding: 3 * 1024 * 1024 }));
    expect(huge.length).toBeGreaterThan(2 * 1024 * 1024);
    await pick(page, { name: "huge.png", mimeType: "image/png", buffer: huge });
    const notice = page.getByTestId("composer-notice");
    await expect.poll(() => notice.textContent(), { timeout: 5_000 }).toMatch(/huge\.png is larger than 2 MB/);
    expect(await chips(page).count()).toBe(0);
    expect(await composer(page).inputValue()).toBe("keep this text");
    expect(stack.agent.requests.length).toBe(before);
    await screenshot(page, "attachments-too-big");
  });

  it("a chip is removed with the keyboard, and the message goes without it", async () => {
    const page = await openPage(stack, "agentic-chat");
    await pick(page, PHOTO, SHOT);
    await expect.poll(() => chips(page).count()).toBe(2);
    const remove = page.getByRole("button", { name: "Remove photo.png" });
    await composer(page).focus();
    // Tab through the composer as a keyboard user does, until the remove button has focus.
    for (let i = 0; i < 10 && !(await remove.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    expect(await remove.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => chips(page).count()).toBe(1);
    expect(await chips(page).textContent()).toContain("screenshot.png");
    // Focus lands on the next chip's button, so the keyboard user can go on.
    expect(await page.getByRole("button", { name: "Remove screenshot.png" }).evaluate((el) => el === document.activeElement)).toBe(true);
    await sendTyped(page, "only one");
    await expect
      .poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 })
      .toContain("I received 1 attachment: screenshot.png");
    await settled(page);
    expect(lastUserParts("/agentic-chat").map((p) => p.metadata?.filename ?? p.type)).toEqual(["text", "screenshot.png"]);
  });
});

describe("attachments over the other dialects, in Chromium", () => {
  it("AgentScope: the image goes as image_url (a data: URL) and the agent answers with its pixel size", async () => {
    const agent = `${stack.agent.baseUrl}/agentscope/agentic-chat`;
    const page = await openPage(stack, "agentic-chat", new URLSearchParams({ agent, protocol: "agentscope" }).toString());
    await pick(page, PHOTO);
    await expect.poll(() => chips(page).count()).toBe(1);
    await sendTyped(page, "over agentscope");
    // AgentScope's ImageContent carries no file name.
    await expect
      .poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 })
      .toContain(`I received 1 attachment: unnamed (image, image/png, ${PHOTO.buffer.length} bytes, 64×48 px).`);
    await settled(page);
    const body = stack.agent.requests.filter((r) => r.path === "/agentscope/agentic-chat/process").at(-1)!.body as Body;
    expect(body.input!.at(-1)!.content).toEqual([
      { type: "text", text: "over agentscope" },
      { type: "image", image_url: `data:image/png;base64,${PHOTO.buffer.toString("base64")}` },
    ]);
    await sentImage(page, "photo.png").waitFor();
  });

  it("AG-Kit's send-message carries text only: no Attach files button, and a pasted file is not taken", async () => {
    const agent = `${stack.agent.baseUrl}/ag-kit/agentic-chat/send-message`;
    const page = await openPage(stack, "agentic-chat", new URLSearchParams({ agent, protocol: "ag-kit" }).toString());
    await sendTyped(page, "count down");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("1 ✓");
    await settled(page);
    expect(await page.getByRole("button", { name: "Attach files" }).count()).toBe(0);
    await paste(page, PHOTO);
    await composer(page).fill("still text");
    expect(await chips(page).count()).toBe(0);
  });
});
