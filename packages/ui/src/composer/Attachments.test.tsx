import { AgentClient, type RunAgentInput } from "@tandem/core";
import { type MockAgent, run, type Script, startMockAgent, textMessage } from "@tandem/mock-agent";
import { AgentProvider } from "@tandem/react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Chat, type ChatProps } from "../chat/Chat.js";
import { createClient, expectNoAxeViolations, renderWith } from "../test/harness.js";
import { Composer, ComposerInput, ComposerSend } from "./Composer.js";
import { ComposerAttachButton, ComposerAttachments } from "./ComposerAttachments.js";

let agents: MockAgent[] = [];
afterEach(async () => {
  await Promise.all(agents.map((a) => a.close()));
  agents = [];
});

/** A real agent server on a free port; by default it answers with the names of the files it got. */
async function serve(script: Script = echoFiles): Promise<MockAgent> {
  const agent = await startMockAgent({ scenario: script });
  agents.push(agent);
  return agent;
}

type Part = { type: string; text?: string; source?: { type: string; value: string; mimeType?: string }; metadata?: { filename?: string } };

const lastUser = (input: RunAgentInput) => input.messages.filter((m) => m.role === "user").at(-1)!;

const echoFiles: Script = (input) => {
  const content = lastUser(input).content as string | Part[];
  const names = typeof content === "string" ? [] : content.flatMap((p) => (p.type === "text" ? [] : [p.metadata?.filename]));
  return run(input, textMessage(`got ${names.join(", ") || "no files"}`));
};

/** The user messages the server received, request by request. */
const received = (agent: MockAgent) => agent.requests.map((r) => (r.body as RunAgentInput).messages.filter((m) => m.role === "user"));

function chatWith(agent: MockAgent, props: ChatProps = {}) {
  return render(
    <AgentProvider url={agent.url} threadId="t">
      <Chat {...props} />
    </AgentProvider>,
  );
}

const bytes = (...values: number[]) => new Uint8Array(values);
const file = (name: string, type: string, content: BlobPart = bytes(1, 2, 3)) => new File([content], name, { type });
const sized = (name: string, type: string, size: number) => file(name, type, new Uint8Array(size));
const base64 = (content: Uint8Array) => Buffer.from(content).toString("base64");

const box = () => screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
const send = () => screen.getByRole("button", { name: "Send" }) as HTMLButtonElement;
const form = () => box().closest("form")!;
const chips = () => screen.queryAllByTestId("attachment");
const names = () => chips().map((chip) => chip.querySelector(".tandem-attachment__name")!.textContent);
const notice = () => within(form()).getByTestId("composer-notice");
const attachButton = () => screen.findByRole("button", { name: "Attach files" });
const picker = () => screen.getByLabelText("Attach files", { selector: "input" }) as HTMLInputElement;

/** What a paste of files (and maybe text) from the clipboard carries. */
const clipboard = (files: File[], text = "") => ({ clipboardData: { files, types: ["Files"], getData: () => text } });
const dragOf = (files: File[] = []) => ({ dataTransfer: { files, types: ["Files"], dropEffect: "none" } });

async function pick(...files: File[]) {
  await attachButton();
  await userEvent.setup({ applyAccept: false }).upload(picker(), files);
}

describe("composer attachments", () => {
  it("offers Attach files: the button opens a picker of the same name that takes several files, kept out of the way of keyboards and screen readers", async () => {
    renderWith(createClient(), <Composer />);
    const button = await attachButton();
    const input = picker();
    expect(input.type).toBe("file");
    expect(input.multiple).toBe(true);
    // AG-UI carries every kind and the agent advertises no limits: any file.
    expect(input.hasAttribute("accept")).toBe(false);
    // The button is the way in: browsers would expose the input as a second "Attach files" button.
    expect(input.tabIndex).toBe(-1);
    expect(input.getAttribute("aria-hidden")).toBe("true");
    const open = vi.spyOn(input, "click");
    await userEvent.setup().click(button);
    expect(open).toHaveBeenCalledOnce();
  });

  it("shows picked files as chips with their size, and an image's preview that is revoked when it goes", async () => {
    const created = vi.fn((_: Blob) => `blob:preview-${created.mock.calls.length}`);
    const revoked = vi.fn();
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked }));
    try {
      const { unmount } = renderWith(createClient(), <Composer />);
      await pick(file("photo.png", "image/png"), sized("notes.txt", "text/plain", 2048));
      expect(names()).toEqual(["photo.png", "notes.txt"]);
      expect(within(chips()[1]!).getByText("2 KB")).toBeTruthy();
      const preview = chips()[0]!.querySelector("img")!;
      expect(preview.getAttribute("src")).toBe("blob:preview-1");
      expect(chips()[1]!.querySelector("img")).toBeNull();
      expect(screen.getByRole("list", { name: "Attachments" })).toBeTruthy();

      fireEvent.click(screen.getByRole("button", { name: "Remove photo.png" }));
      expect(names()).toEqual(["notes.txt"]);
      expect(revoked).toHaveBeenCalledWith("blob:preview-1");

      await pick(file("again.png", "image/png"));
      unmount();
      expect(revoked).toHaveBeenLastCalledWith("blob:preview-2");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("adds files pasted into the message box, keeping any text pasted with them", async () => {
    renderWith(createClient(), <Composer />);
    await attachButton();
    const shot = fireEvent.paste(box(), clipboard([file("screenshot.png", "image/png")]));
    expect(shot).toBe(false); // nothing else to paste: the browser's default is kept from running
    expect(names()).toEqual(["screenshot.png"]);
    const withText = fireEvent.paste(box(), clipboard([file("cells.png", "image/png")], "A1 B1"));
    expect(withText).toBe(true);
    expect(names()).toEqual(["screenshot.png", "cells.png"]);
    // A plain text paste is left alone.
    fireEvent.paste(box(), { clipboardData: { files: [], types: ["text/plain"], getData: () => "hi" } });
    expect(chips()).toHaveLength(2);
  });

  it("takes files dropped on the composer, saying where to drop them while they are dragged over it", async () => {
    renderWith(createClient(), <Composer />);
    await attachButton();
    expect(form().hasAttribute("data-dragging")).toBe(false);
    fireEvent.dragEnter(form(), dragOf());
    fireEvent.dragEnter(box(), dragOf());
    fireEvent.dragLeave(form(), dragOf());
    expect(form().hasAttribute("data-dragging")).toBe(true);
    expect(screen.getByText("Drop files to attach")).toBeTruthy();
    expect(fireEvent.dragOver(box(), dragOf())).toBe(false);
    fireEvent.drop(box(), dragOf([file("a.pdf", "application/pdf"), file("b.png", "image/png")]));
    expect(form().hasAttribute("data-dragging")).toBe(false);
    expect(screen.queryByText("Drop files to attach")).toBeNull();
    expect(names()).toEqual(["a.pdf", "b.png"]);

    fireEvent.dragEnter(form(), dragOf());
    fireEvent.dragLeave(form(), dragOf());
    expect(form().hasAttribute("data-dragging")).toBe(false);
    // Text dragged from the page is not a file drop.
    fireEvent.dragEnter(form(), { dataTransfer: { types: ["text/plain"] } });
    expect(form().hasAttribute("data-dragging")).toBe(false);
  });

  it("refuses files over the size limit, past the count or of a kind not accepted, saying why politely, and keeps the rest and the text", async () => {
    renderWith(createClient(), <Composer attachments={{ maxFileSize: 1000, maxFiles: 2, accept: ["image", "application/pdf"] }} />);
    await attachButton();
    expect(picker().accept).toBe("image/*,application/pdf");
    fireEvent.change(box(), { target: { value: "keep this" } });
    fireEvent.drop(
      box(),
      dragOf([
        sized("big.png", "image/png", 1001),
        file("ok.png", "image/png"),
        file("song.mp3", "audio/mpeg"),
        file("ok.pdf", "application/pdf"),
        file("third.png", "image/png"),
      ]),
    );
    expect(names()).toEqual(["ok.png", "ok.pdf"]);
    expect(notice().textContent).toBe(
      "big.png is larger than 1,000 B, the most one file can be. " +
        "song.mp3 is not a kind of file this agent can read. " +
        "At most 2 files can go with one message.",
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(box().getAttribute("aria-describedby")).toBe(notice().id);
    expect(box().value).toBe("keep this");

    // The next add that refuses nothing clears the message.
    fireEvent.click(screen.getByRole("button", { name: "Remove ok.png" }));
    fireEvent.drop(box(), dragOf([file("new.png", "image/png")]));
    expect(notice().textContent).toBe("");
    expect(names()).toEqual(["ok.pdf", "new.png"]);
  });

  it("allows 10 files of at most 10 MB each by default", async () => {
    renderWith(createClient(), <Composer />);
    await attachButton();
    fireEvent.drop(box(), dragOf([sized("max.bin", "", 10 * 1024 * 1024), sized("over.bin", "", 10 * 1024 * 1024 + 1)]));
    expect(names()).toEqual(["max.bin"]);
    expect(notice().textContent).toBe("over.bin is larger than 10 MB, the most one file can be.");
    fireEvent.drop(box(), dragOf(Array.from({ length: 10 }, (_, i) => file(`f${i}.txt`, "text/plain"))));
    expect(chips()).toHaveLength(10);
    expect(notice().textContent).toBe("At most 10 files can go with one message.");
  });

  it("sends the text and each file as AG-UI 1.0 content parts, and shows them in the sent message", async () => {
    const agent = await serve();
    chatWith(agent);
    const png = bytes(137, 80, 78, 71, 13, 10, 26, 10);
    const pdf = bytes(37, 80, 68, 70);
    await pick(file("photo.png", "image/png", png), file("report.pdf", "application/pdf", pdf));
    fireEvent.paste(box(), clipboard([file("clip.wav", "audio/wav"), file("notes.csv", "text/csv", "a,b")]));
    fireEvent.change(box(), { target: { value: "what are these?" } });
    fireEvent.click(send());
    expect(chips()).toHaveLength(0);
    expect(box().value).toBe("");

    await screen.findByText("got photo.png, report.pdf, clip.wav, notes.csv");
    expect(received(agent)).toEqual([
      [
        expect.objectContaining({
          content: [
            { type: "text", text: "what are these?" },
            {
              type: "image",
              source: { type: "data", value: base64(png), mimeType: "image/png" },
              metadata: { filename: "photo.png", size: 8 },
            },
            {
              type: "document",
              source: { type: "data", value: base64(pdf), mimeType: "application/pdf" },
              metadata: { filename: "report.pdf", size: 4 },
            },
            {
              type: "audio",
              source: { type: "data", value: base64(bytes(1, 2, 3)), mimeType: "audio/wav" },
              metadata: { filename: "clip.wav", size: 3 },
            },
            {
              type: "document",
              source: { type: "data", value: "YSxi", mimeType: "text/csv" },
              metadata: { filename: "notes.csv", size: 3 },
            },
          ],
        }),
      ],
    ]);
    const sent = screen.getAllByTestId("message")[0]!;
    expect(within(sent).getByRole("img", { name: "photo.png" }).getAttribute("src")).toBe(`data:image/png;base64,${base64(png)}`);
    expect(within(sent).getByText("report.pdf")).toBeTruthy();
    expect(within(sent).getByText("Attached document · 4 B")).toBeTruthy();
  });

  it("sends files without text: Send is enabled by attachments alone", async () => {
    const agent = await serve();
    chatWith(agent);
    await attachButton();
    expect(send().disabled).toBe(true);
    fireEvent.drop(box(), dragOf([file("only.png", "image/png")]));
    expect(send().disabled).toBe(false);
    fireEvent.click(send());
    await screen.findByText("got only.png");
    const content = received(agent)[0]![0]!.content as Part[];
    expect(content.map((p) => p.type)).toEqual(["image"]);
  });

  it("uploads each file with the adapter as it is added, and sends its URL once uploaded", async () => {
    const agent = await serve();
    const uploads: { file: File; signal: AbortSignal; done: (url: string) => void; fail: (error: Error) => void }[] = [];
    const upload = (f: File, { signal }: { signal: AbortSignal }) =>
      new Promise<{ url: string }>((resolve, reject) => uploads.push({ file: f, signal, done: (url) => resolve({ url }), fail: reject }));
    chatWith(agent, { attachments: { upload } });
    await pick(file("photo.png", "image/png"), file("gone.pdf", "application/pdf"), file("broken.txt", "text/plain"));
    fireEvent.change(box(), { target: { value: "uploaded" } });
    expect(uploads.map((u) => u.file.name)).toEqual(["photo.png", "gone.pdf", "broken.txt"]);
    expect(chips().map((c) => c.dataset.state)).toEqual(["uploading", "uploading", "uploading"]);
    expect(within(chips()[0]!).getByText("Uploading…")).toBeTruthy();
    expect(send().disabled).toBe(true);

    // Removing a file aborts its upload; a failed upload takes its chip out and says why.
    fireEvent.click(screen.getByRole("button", { name: "Remove gone.pdf" }));
    expect(uploads[1]!.signal.aborted).toBe(true);
    await act(async () => uploads[2]!.fail(new Error("storage is full")));
    expect(names()).toEqual(["photo.png"]);
    expect(notice().textContent).toBe("broken.txt could not be attached: storage is full");
    expect(box().value).toBe("uploaded");

    await act(async () => uploads[0]!.done("https://files.example/photo.png"));
    expect(chips()[0]!.dataset.state).toBe("ready");
    expect(send().disabled).toBe(false);
    fireEvent.click(send());
    await screen.findByText("got photo.png");
    expect((received(agent)[0]![0]!.content as Part[])[1]).toEqual({
      type: "image",
      source: { type: "url", value: "https://files.example/photo.png", mimeType: "image/png" },
      metadata: { filename: "photo.png", size: 3 },
    });
    expect(within(screen.getAllByTestId("message")[0]!).getByRole("img", { name: "photo.png" }).getAttribute("src")).toBe(
      "https://files.example/photo.png",
    );
  });

  it("aborts uploads still running when the composer goes away", async () => {
    const signals: AbortSignal[] = [];
    const upload = (_: File, { signal }: { signal: AbortSignal }) => {
      signals.push(signal);
      return new Promise<{ url: string }>(() => {});
    };
    const { unmount } = renderWith(createClient(), <Composer attachments={{ upload }} />);
    await pick(file("a.png", "image/png"));
    await waitFor(() => expect(signals).toHaveLength(1));
    unmount();
    expect(signals[0]!.aborted).toBe(true);
  });

  it("brings the text and the files back when sending fails, and Retry resends the message once", async () => {
    const agent = await serve((input, { requestIndex }) =>
      requestIndex === 0 ? { status: 500, body: { error: "overloaded" } } : echoFiles(input, {} as never),
    );
    chatWith(agent);
    await pick(file("photo.png", "image/png"), file("doc.pdf", "application/pdf"));
    fireEvent.change(box(), { target: { value: "look" } });
    fireEvent.click(send());
    expect(chips()).toHaveLength(0);

    const alert = await screen.findByRole("alert");
    await waitFor(() => expect(names()).toEqual(["photo.png", "doc.pdf"]));
    expect(box().value).toBe("look");

    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await screen.findByText("got photo.png, doc.pdf");
    // The restored copy goes away: the message in the thread was the one resent.
    expect(chips()).toHaveLength(0);
    expect(box().value).toBe("");
    expect(received(agent).map((users) => users.length)).toEqual([1, 1]);
    expect(screen.getAllByTestId("message").filter((m) => m.dataset.role === "user")).toHaveLength(1);
  });

  it("a message whose files are still being read when the user switches threads is sent to neither thread, and comes back to the composer", async () => {
    const agent = await serve();
    let release = () => {};
    const reading = new Promise<void>((resolve) => {
      release = resolve;
    });
    const read = FileReader.prototype.readAsDataURL;
    const slow = vi.spyOn(FileReader.prototype, "readAsDataURL").mockImplementation(function (this: FileReader, blob: Blob) {
      void reading.then(() => read.call(this, blob));
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const view = (threadId: string) => (
      <AgentProvider url={agent.url} threadId={threadId}>
        <Chat />
      </AgentProvider>
    );
    const { rerender } = render(view("first"));
    await pick(file("photo.png", "image/png"));
    fireEvent.change(box(), { target: { value: "look" } });
    fireEvent.click(send());
    expect(box().value).toBe("");
    rerender(view("second"));
    await act(async () => release());
    await waitFor(() => expect(names()).toEqual(["photo.png"]));
    expect(box().value).toBe("look");
    expect(agent.requests).toHaveLength(0);
    expect(screen.queryAllByTestId("message")).toHaveLength(0);
    slow.mockRestore();
    warn.mockRestore();
  });

  it("offers nothing when the transport carries no files (AG-Kit), and refuses files dropped anyway", async () => {
    const agent = await serve();
    const client = new AgentClient({ url: `${agent.baseUrl}/ag-kit/agentic-chat/send-message`, protocol: "ag-kit", threadId: "t" });
    renderWith(client, <Composer />);
    await act(async () => {
      await client.attachmentKinds;
    });
    expect(screen.queryByRole("button", { name: "Attach files" })).toBeNull();
    expect(screen.queryByLabelText("Attach files")).toBeNull();
    fireEvent.change(box(), { target: { value: "typed" } });
    fireEvent.drop(box(), dragOf([file("photo.png", "image/png")]));
    expect(chips()).toHaveLength(0);
    expect(notice().textContent).toBe("photo.png is not a kind of file this agent can read.");
    expect(box().value).toBe("typed");
  });

  it("hides Attach files for a custom transport that says it carries nothing", async () => {
    const transport = { attachmentKinds: [], run: () => (async function* () {})() };
    render(
      <AgentProvider transport={transport} threadId="t">
        <Composer />
      </AgentProvider>,
    );
    await act(async () => {});
    expect(screen.queryByRole("button", { name: "Attach files" })).toBeNull();
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
  });

  it("offers what the agent advertises: PDFs only narrows the picker, and no input kinds hides it", async () => {
    const client = createClient();
    renderWith(client, <Composer />);
    await attachButton();
    act(() => client.store.update((s) => ({ ...s, capabilities: { multimodal: { input: { pdf: true } } } })));
    expect(picker().accept).toBe("application/pdf");
    fireEvent.drop(box(), dragOf([file("a.pdf", "application/pdf"), file("a.txt", "text/plain")]));
    expect(names()).toEqual(["a.pdf"]);
    expect(notice().textContent).toBe("a.txt is not a kind of file this agent can read.");

    // Capabilities that say nothing about multimodal input do not restrict.
    act(() => client.store.update((s) => ({ ...s, capabilities: { tools: { supported: true } } })));
    expect(picker().hasAttribute("accept")).toBe(false);

    act(() => client.store.update((s) => ({ ...s, capabilities: { multimodal: { input: {} } } })));
    expect(screen.queryByRole("button", { name: "Attach files" })).toBeNull();
  });

  it("says before sending that pending files can no longer be sent, and keeps Send disabled until they are removed", async () => {
    const client = createClient();
    const sendMessage = vi.spyOn(client, "sendMessage").mockResolvedValue(undefined);
    renderWith(client, <Composer />);
    await attachButton();
    fireEvent.drop(box(), dragOf([file("photo.png", "image/png"), file("a.pdf", "application/pdf")]));
    fireEvent.change(box(), { target: { value: "hi" } });
    expect(send().disabled).toBe(false);

    act(() => client.store.update((s) => ({ ...s, capabilities: { multimodal: { input: { pdf: true } } } })));
    expect(notice().textContent).toBe("This agent cannot receive image attachments; remove them to send.");
    expect(chips().map((c) => c.dataset.state)).toEqual(["unsupported", "ready"]);
    expect(send().disabled).toBe(true);
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(sendMessage).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Remove photo.png" }));
    expect(notice().textContent).toBe("");
    expect(send().disabled).toBe(false);
  });

  it("works from the keyboard: Attach is in the tab order, each Remove is reachable, and focus moves on after a removal", async () => {
    renderWith(createClient(), <Composer />);
    await attachButton();
    fireEvent.drop(box(), dragOf([file("a.png", "image/png"), file("b.png", "image/png"), file("c.png", "image/png")]));
    const user = userEvent.setup();
    const remove = (name: string) => screen.getByRole("button", { name: `Remove ${name}` });

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Attach files" }));
    await user.tab();
    expect(document.activeElement).toBe(box());
    await user.tab();
    expect(document.activeElement).toBe(send());
    await user.tab();
    expect(document.activeElement).toBe(remove("a.png"));
    await user.tab();
    expect(document.activeElement).toBe(remove("b.png"));

    await user.keyboard("{Enter}");
    expect(names()).toEqual(["a.png", "c.png"]);
    expect(document.activeElement).toBe(remove("c.png"));
    await user.keyboard(" ");
    expect(names()).toEqual(["a.png"]);
    expect(document.activeElement).toBe(box());
  });

  it("passes axe with chips, a refusal and the drop hint showing", async () => {
    const { container } = renderWith(createClient(), <Composer attachments={{ maxFiles: 1 }} />);
    await attachButton();
    fireEvent.drop(box(), dragOf([file("a.png", "image/png"), file("b.png", "image/png")]));
    fireEvent.dragEnter(form(), dragOf());
    await expectNoAxeViolations(container);
  });

  it("takes its options from <Chat attachments>, and none with false", async () => {
    const agent = await serve();
    const { unmount } = chatWith(agent, { attachments: { maxFiles: 1 } });
    await attachButton();
    fireEvent.drop(box(), dragOf([file("a.png", "image/png"), file("b.png", "image/png")]));
    expect(notice().textContent).toBe("At most 1 files can go with one message.");
    unmount();

    chatWith(agent, { attachments: false });
    await act(async () => {});
    expect(screen.queryByRole("button", { name: "Attach files" })).toBeNull();
    expect(fireEvent.paste(box(), clipboard([file("a.png", "image/png")]))).toBe(true);
    expect(chips()).toHaveLength(0);
  });

  it("composes from parts: the app's own Attach button with asChild, and no paste or drop where no list shows files", async () => {
    const client = createClient();
    const { unmount } = renderWith(
      client,
      <Composer>
        <ComposerInput />
        <ComposerAttachButton asChild className="mine">
          <button type="button">Add a file</button>
        </ComposerAttachButton>
        <ComposerSend />
        <ComposerAttachments className="files" />
      </Composer>,
    );
    const button = await screen.findByRole("button", { name: "Add a file" });
    expect(button.classList.contains("mine")).toBe(true);
    await userEvent.setup().upload(picker(), file("a.png", "image/png"));
    expect(screen.getByRole("list", { name: "Attachments" }).classList.contains("files")).toBe(true);
    unmount();

    renderWith(
      client,
      <Composer>
        <ComposerInput />
        <ComposerSend />
      </Composer>,
    );
    await act(async () => {});
    expect(fireEvent.paste(box(), clipboard([file("a.png", "image/png")]))).toBe(true);
    expect(fireEvent.drop(box(), dragOf([file("a.png", "image/png")]))).toBe(true);
    expect(chips()).toHaveLength(0);
  });
});
