import { AgentClient, type BaseEvent, type RunAgentInput } from "@tandem/core";
import { act, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { expectNoAxeViolations, renderWith, textDelta, textStart } from "../test/harness.js";
import { MessageActions } from "./MessageActions.js";
import { useMessageContext } from "./messageContext.js";

/**
 * A client whose agent answers "answer N" to its Nth run, through a transport of its own (the
 * HTTP path of edits and regenerations is covered in core and in the browser tests).
 */
function answering() {
  const sent: RunAgentInput[] = [];
  const client = new AgentClient({
    threadId: "t",
    schedule: (cb) => {
      cb();
      return () => {};
    },
    transport: {
      async *run(input) {
        sent.push(input);
        const n = sent.length;
        const messageId = `r${n}`;
        const events = [
          { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
          { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
          { type: "TEXT_MESSAGE_CONTENT", messageId, delta: `answer ${n}` },
          { type: "TEXT_MESSAGE_END", messageId },
          { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId },
        ];
        for (const event of events) yield event as BaseEvent;
      },
    },
  });
  return { client, sent };
}

const rows = () => screen.getAllByTestId("message");
const transcript = () => rows().map((r) => r.querySelector(".tandem-user-content, .tandem-markdown")?.textContent ?? r.textContent);

async function ask(client: AgentClient, text: string) {
  await act(() => client.sendMessage(text));
}

describe("message actions", () => {
  it("offers Copy and Edit on user messages, Copy and Regenerate on replies", async () => {
    const { client } = answering();
    const { container } = renderWith(client, <Chat />);
    await ask(client, "hello");
    const [question, reply] = rows();
    expect(within(question!).getByRole("button", { name: "Copy" })).toBeTruthy();
    expect(within(question!).getByRole("button", { name: "Edit" })).toBeTruthy();
    expect(within(question!).queryByRole("button", { name: "Regenerate" })).toBeNull();
    await waitFor(() => expect(within(reply!).getByRole("button", { name: "Regenerate" })).toBeTruthy());
    expect(within(reply!).getByRole("button", { name: "Copy" })).toBeTruthy();
    expect(within(reply!).queryByRole("button", { name: "Edit" })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("copies a message's text", async () => {
    const { client } = answering();
    renderWith(client, <Chat />);
    await ask(client, "copy me");
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    await user.click(within(rows()[0]!).getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith("copy me");
    expect(within(rows()[0]!).getByRole("button", { name: "Copied" })).toBeTruthy();
  });

  it("edits a question with the keyboard, keeps the original as version 1, and pages between them", async () => {
    const { client, sent } = answering();
    renderWith(client, <Chat />);
    await ask(client, "first");
    await ask(client, "second");
    const user = userEvent.setup();
    await user.click(within(rows()[2]!).getByRole("button", { name: "Edit" }));
    const box = screen.getByRole("textbox", { name: "Edit message" });
    expect(document.activeElement).toBe(box);
    await user.clear(box);
    await user.type(box, "second, edited{Enter}");
    await waitFor(() => expect(transcript()).toEqual(["first", "answer 1", "second, edited", "answer 3"]));
    expect(sent.at(-1)!.messages.map((m) => m.content)).toEqual(["first", "answer 1", "second, edited"]);

    const picker = within(rows()[2]!).getByTestId("branch-picker");
    expect(picker.textContent).toContain("2 / 2");
    await user.click(within(picker).getByRole("button", { name: "Previous version" }));
    expect(transcript()).toEqual(["first", "answer 1", "second", "answer 2"]);
    const back = within(rows()[2]!).getByTestId("branch-picker");
    expect(back.textContent).toContain("1 / 2");
    expect(within(back).getByText("Version 1 of 2")).toBeTruthy();
    expect((within(back).getByRole("button", { name: "Previous version" }) as HTMLButtonElement).disabled).toBe(true);
    // The version shown is a new row: focus goes on in its picker (Previous is off at the first).
    expect(document.activeElement).toBe(within(back).getByRole("button", { name: "Next version", description: "Version 1 of 2" }));
    await user.keyboard("{Enter}");
    expect(transcript()).toEqual(["first", "answer 1", "second, edited", "answer 3"]);
    expect(document.activeElement).toBe(within(rows()[2]!).getByRole("button", { name: "Previous version" }));
    expect(sent).toHaveLength(3);
  });

  it("cancels an edit with Escape, sending nothing and putting focus back on Edit", async () => {
    const { client, sent } = answering();
    renderWith(client, <Chat />);
    await ask(client, "keep me");
    const user = userEvent.setup();
    const edit = within(rows()[0]!).getByRole("button", { name: "Edit" });
    await user.click(edit);
    // The row says it is being edited (the stylesheet gives it the transcript's width then).
    expect(rows()[0]!.hasAttribute("data-editing")).toBe(true);
    await user.type(screen.getByRole("textbox", { name: "Edit message" }), " changed{Escape}");
    expect(screen.queryByRole("textbox", { name: "Edit message" })).toBeNull();
    expect(rows()[0]!.hasAttribute("data-editing")).toBe(false);
    expect(transcript()[0]).toBe("keep me");
    expect(document.activeElement).toBe(within(rows()[0]!).getByRole("button", { name: "Edit" }));
    await user.click(within(rows()[0]!).getByRole("button", { name: "Edit" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(sent).toHaveLength(1);
  });

  it("keeps the files of an edited message", async () => {
    const { client, sent } = answering();
    renderWith(client, <Chat />);
    const image = {
      type: "image" as const,
      source: { type: "url" as const, value: "https://example.com/a.png" },
      metadata: { filename: "a.png" },
    };
    await act(() => client.sendMessage([{ type: "text", text: "what is it?" }, image]));
    const user = userEvent.setup();
    await user.click(within(rows()[0]!).getByRole("button", { name: "Edit" }));
    const box = screen.getByRole("textbox", { name: "Edit message" });
    await user.clear(box);
    await user.type(box, "and now?");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.messages[0]!.content).toEqual([{ type: "text", text: "and now?" }, image]);
    expect(within(rows()[0]!).getByRole("img", { name: "a.png" })).toBeTruthy();
  });

  it("regenerates a reply, keeping both, on a picker over the reply", async () => {
    const { client, sent } = answering();
    renderWith(client, <Chat />);
    await ask(client, "q");
    const user = userEvent.setup();
    await user.click(within(rows()[1]!).getByRole("button", { name: "Regenerate" }));
    await waitFor(() => expect(transcript()).toEqual(["q", "answer 2"]));
    const picker = await within(rows()[1]!).findByTestId("branch-picker");
    expect(picker.textContent).toContain("2 / 2");
    await user.click(within(picker).getByRole("button", { name: "Previous version" }));
    expect(transcript()).toEqual(["q", "answer 1"]);
    expect(sent).toHaveLength(2);
    expect(within(rows()[0]!).queryByTestId("branch-picker")).toBeNull();
  });

  it("does not re-render earlier rows' toolbars while a reply streams, with versions in the thread", async () => {
    const { client } = answering();
    const renders = new Map<string, number>();
    function CountingActions() {
      const { message } = useMessageContext("CountingActions");
      renders.set(message.id, (renders.get(message.id) ?? 0) + 1);
      return <MessageActions />;
    }
    renderWith(client, <Chat components={{ MessageActions: CountingActions }} />);
    await ask(client, "q");
    await act(() => client.regenerate());
    await ask(client, "more");
    const before = new Map(renders);
    act(() => {
      client.store.dispatch({ type: "RUN_STARTED", threadId: "t", runId: "streaming" } as never);
      client.store.dispatch(textStart("s1") as never);
      for (let i = 0; i < 20; i++) client.store.dispatch(textDelta("s1", `word${i} `) as never);
    });
    expect(within(rows()[1]!).getByTestId("branch-picker")).toBeTruthy();
    for (const [id, count] of before) expect(renders.get(id), id).toBe(count);
  });
});
