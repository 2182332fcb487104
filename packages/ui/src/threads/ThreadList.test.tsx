import { memoryStorage, type RunAgentInput, type ThreadStorage } from "@tandem/core";
import { AgentProvider } from "@tandem/react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { createRef, type ReactNode } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { Chat } from "../chat/Chat.js";
import { expectNoAxeViolations } from "../test/harness.js";
import { ThreadList, ThreadListItem, ThreadListItems, ThreadListNew, ThreadListStatus } from "./ThreadList.js";

/**
 * A scripted agent behind the provider's `fetch`: it answers every run over SSE with
 * "Answer to <the last question>", and keeps the requests it got. Given `held`, each reply stops
 * after its text until that settles (the run goes on meanwhile).
 */
function fakeAgent(held?: Promise<void>) {
  const requests: RunAgentInput[] = [];
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    const input = JSON.parse(String(init?.body)) as RunAgentInput;
    requests.push(input);
    const question = input.messages.findLast((m) => m.role === "user")?.content;
    const run = { threadId: input.threadId, runId: input.runId };
    const messageId = `reply-${requests.length}`;
    const events = [
      { type: "RUN_STARTED", ...run },
      { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId, delta: `Answer to ${String(question)}` },
      { type: "TEXT_MESSAGE_END", messageId },
      { type: "RUN_FINISHED", ...run },
    ];
    const frames = events.map((e) => `data: ${JSON.stringify(e)}\n\n`);
    const body = held
      ? new ReadableStream<Uint8Array>({
          async start(controller) {
            const bytes = (text: string) => new TextEncoder().encode(text);
            controller.enqueue(bytes(frames.slice(0, 3).join("")));
            await held;
            controller.enqueue(bytes(frames.slice(3).join("")));
            controller.close();
          },
        })
      : frames.join("");
    return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
  };
  return { requests, fetch: fetch as typeof globalThis.fetch };
}

function renderApp(storage: ThreadStorage, ui: ReactNode = <ThreadList />, withChat = true, held?: Promise<void>) {
  const agent = fakeAgent(held);
  const view = render(
    <AgentProvider url="http://agent.test/run" fetch={agent.fetch} storage={storage}>
      {ui}
      {withChat && <Chat />}
    </AgentProvider>,
  );
  return { agent, view };
}

const nav = () => screen.getByRole("navigation", { name: "Threads" });
const items = () => within(nav()).queryAllByTestId("thread-item");
const titles = () => items().map((item) => item.textContent);
const current = () =>
  within(nav())
    .getAllByTestId("thread-item")
    .filter((item) => item.getAttribute("aria-current") === "page");
const transcript = () =>
  screen.queryAllByTestId("message").map((m) => `${m.dataset.role}: ${m.textContent?.replace(/(Copy|Regenerate|Edit)/g, "").trim()}`);

async function ask(text: string) {
  fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: text } });
  fireEvent.click(screen.getByRole("button", { name: "Send" }));
  await waitFor(() => expect(transcript()).toContain(`assistant: Answer to ${text}`));
  await waitFor(() => expect(screen.getByTestId("tandem-chat").dataset.state).toBe("idle"));
}

/** A storage holding two threads, "Haiku" (older) and "Limerick", each with a question and an answer. */
async function twoThreads(): Promise<ThreadStorage> {
  const storage = memoryStorage();
  for (const [i, id, question] of [
    [1, "t-haiku", "Haiku"],
    [2, "t-limerick", "Limerick"],
  ] as const) {
    await storage.save({
      thread: { id, title: question, createdAt: i, updatedAt: i, state: undefined, interrupts: [], toolCallStatus: {} },
      order: [`${id}-q`, `${id}-a`],
      put: [
        { id: `${id}-q`, role: "user", content: question },
        { id: `${id}-a`, role: "assistant", content: `A ${question.toLowerCase()}` },
      ],
      remove: [],
    });
  }
  return storage;
}

beforeEach(() => localStorage.clear());

describe("<ThreadList>", () => {
  it("starts on a new, untitled thread; its first message titles it, and New thread empties the chat", async () => {
    renderApp(memoryStorage());
    expect(titles()).toEqual(["Untitled"]);
    expect(current()).toHaveLength(1);
    expect(within(nav()).queryByRole("button", { name: /^Rename/ })).toBeNull(); // nothing stored to rename yet

    await ask("What is a haiku?");
    await waitFor(() => expect(titles()).toEqual(["What is a haiku?"]));
    expect(current()[0]!.textContent).toBe("What is a haiku?");

    fireEvent.click(within(nav()).getByRole("button", { name: "New thread" }));
    await waitFor(() => expect(transcript()).toEqual([]));
    expect(titles()).toEqual(["Untitled", "What is a haiku?"]);
    expect(current()[0]!.textContent).toBe("Untitled");

    await ask("And a limerick?");
    await waitFor(() => expect(titles()).toEqual(["And a limerick?", "What is a haiku?"]));
    expect(current()[0]!.textContent).toBe("And a limerick?");
  });

  it("switches threads: the chat shows the chosen thread's messages, and it becomes aria-current", async () => {
    const storage = await twoThreads();
    renderApp(storage);
    await waitFor(() => expect(titles()).toEqual(["Untitled", "Limerick", "Haiku"]));
    fireEvent.click(within(nav()).getByText("Haiku"));
    await waitFor(() => expect(transcript()).toEqual(["user: Haiku", "assistant: A haiku"]));
    expect(current().map((c) => c.textContent)).toEqual(["Haiku"]);
    expect(titles()).toEqual(expect.arrayContaining(["Limerick", "Haiku"]));

    fireEvent.click(within(nav()).getByText("Limerick"));
    await waitFor(() => expect(transcript()).toEqual(["user: Limerick", "assistant: A limerick"]));
    expect(current().map((c) => c.textContent)).toEqual(["Limerick"]);
    await ask("Another one?");
    await waitFor(() => expect(transcript()).toHaveLength(4));
    expect((await storage.load("t-limerick"))?.messages.map((m) => m.content)).toEqual([
      "Limerick",
      "A limerick",
      "Another one?",
      "Answer to Another one?",
    ]);
  });

  it("renames with the keyboard: F2 or the rename button opens a box, Enter saves, Escape cancels, focus comes back", async () => {
    const user = userEvent.setup();
    const storage = await twoThreads();
    renderApp(storage, <ThreadList />, false);
    await waitFor(() => expect(titles()).toContain("Haiku"));

    // Tab to the rename button of "Haiku", press Enter.
    const rename = within(nav()).getByRole("button", { name: "Rename Haiku" });
    rename.focus();
    await user.keyboard("{Enter}");
    const box = within(nav()).getByRole("textbox", { name: "Thread title" }) as HTMLInputElement;
    expect(document.activeElement).toBe(box);
    expect(box.value).toBe("Haiku");
    await user.keyboard("{Control>}a{/Control}Old pond{Enter}");
    expect(within(nav()).queryByRole("textbox", { name: "Thread title" })).toBeNull();
    expect(titles()).toContain("Old pond"); // at once, before the storage answers
    await waitFor(async () => expect((await storage.list()).map((t) => t.title)).toContain("Old pond"));
    expect(document.activeElement).toBe(within(nav()).getByRole("button", { name: "Rename Old pond" }));

    // F2 on the thread itself; Escape leaves the title as it was, and focus on the thread.
    const limerick = within(nav()).getByText("Limerick");
    limerick.focus();
    await user.keyboard("{F2}");
    await user.keyboard("{Control>}a{/Control}Something else{Escape}");
    expect(within(nav()).queryByRole("textbox", { name: "Thread title" })).toBeNull();
    expect(document.activeElement).toBe(within(nav()).getByText("Limerick"));
    expect((await storage.list()).map((t) => t.title)).toEqual(["Old pond", "Limerick"]);
    expect(titles()).toEqual(["Untitled", "Old pond", "Limerick"]);

    // An empty title is no title: the old one stays.
    await user.keyboard("{F2}{Control>}a{/Control}{Backspace}{Enter}");
    expect(titles()).toContain("Limerick");
  });

  it("deletes after an inline confirmation; Cancel and Escape keep the thread", async () => {
    const user = userEvent.setup();
    const storage = await twoThreads();
    renderApp(storage);
    await waitFor(() => expect(titles()).toContain("Haiku"));
    fireEvent.click(within(nav()).getByText("Haiku"));
    await waitFor(() => expect(transcript()).toEqual(["user: Haiku", "assistant: A haiku"]));

    within(nav()).getByRole("button", { name: "Delete Haiku" }).focus();
    await user.keyboard("{Enter}");
    let confirm = within(nav()).getByRole("group", { name: "Delete “Haiku”?" });
    expect(document.activeElement).toBe(within(confirm).getByRole("button", { name: "Cancel" }));
    await user.keyboard("{Escape}");
    expect(within(nav()).queryByRole("group")).toBeNull();
    expect(document.activeElement).toBe(within(nav()).getByRole("button", { name: "Delete Haiku" }));

    // The Delete key on the thread asks too; the thread's text stays its title meanwhile.
    within(nav()).getByText("Haiku").focus();
    await user.keyboard("{Delete}");
    confirm = within(nav()).getByRole("group", { name: "Delete “Haiku”?" });
    expect(titles()).toContain("Haiku");
    expect(current()[0]!.textContent).toBe("Haiku");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));

    // The current thread is gone: the chat moves to the most recent other one, which takes focus.
    await waitFor(() => expect(titles()).not.toContain("Haiku"));
    expect(titles()).toContain("Limerick");
    expect(await storage.load("t-haiku")).toBeNull();
    await waitFor(() => expect(transcript()).not.toContain("user: Haiku"));
    expect(current()[0]).toBe(items()[0]);
    await waitFor(() => expect(document.activeElement).toBe(current()[0]));

    // Deleting another thread keeps the current one, and focus on it.
    await user.click(within(nav()).getByRole("button", { name: "New thread" }));
    await waitFor(() => expect(current()[0]!.textContent).toBe("Untitled"));
    const kept = current()[0]!.textContent;
    await user.click(within(nav()).getByRole("button", { name: "Delete Limerick" }));
    await user.click(within(nav()).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(titles()).not.toContain("Limerick"));
    expect(current()[0]!.textContent).toBe(kept);
    await waitFor(() => expect(document.activeElement).toBe(current()[0]));
  });

  it("says in a polite status line when threads cannot be saved, and the chat goes on in memory", async () => {
    const storage = memoryStorage();
    const full: ThreadStorage = {
      ...storage,
      save: async () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      },
    };
    renderApp(full);
    const status = within(nav()).getByRole("status");
    expect(status.textContent).toBe("");
    expect(status.getAttribute("aria-live")).toBe("polite");
    await ask("Still there?");
    await waitFor(() => expect(status.textContent).toMatch(/storage is full/));
    expect(nav().dataset.state).toBe("failed");
    expect(transcript()).toEqual(["user: Still there?", "assistant: Answer to Still there?"]);
  });

  it("marks the thread whose reply streams: data-running and the description Running, its name still the title", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { view } = renderApp(await twoThreads(), <ThreadList />, true, held);
    await waitFor(() => expect(titles()).toEqual(["Untitled", "Limerick", "Haiku"]));
    expect(items().map((item) => item.dataset.running)).toEqual(["false", "false", "false"]);
    fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: "Still going?" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(transcript()).toContain("assistant: Answer to Still going?"));
    const thread = () => within(nav()).getByRole("button", { name: "Still going?" });
    await waitFor(() => expect(thread().dataset.running).toBe("true"));
    expect(thread().getAttribute("aria-description")).toBe("Running");
    expect(items().filter((item) => item.dataset.running === "true")).toEqual([thread()]);
    await expectNoAxeViolations(view.container);

    release();
    await waitFor(() => expect(thread().dataset.running).toBe("false"));
    expect(thread().hasAttribute("aria-description")).toBe(false);
  });

  it("has no axe violations: the list, renaming, confirming a deletion, and a storage failure", async () => {
    const failing: ThreadStorage = {
      ...(await twoThreads()),
      save: async () => {
        throw new Error("disk on fire");
      },
    };
    const { view } = renderApp(failing);
    await waitFor(() => expect(titles()).toContain("Haiku"));
    await expectNoAxeViolations(view.container);
    fireEvent.click(within(nav()).getByRole("button", { name: "Rename Haiku" }));
    await expectNoAxeViolations(view.container);
    fireEvent.keyDown(within(nav()).getByRole("textbox", { name: "Thread title" }), { key: "Escape" });
    fireEvent.click(within(nav()).getByRole("button", { name: "Delete Limerick" }));
    await expectNoAxeViolations(view.container);
    fireEvent.click(within(nav()).getByRole("button", { name: "Cancel" }));
    await ask("Saved?");
    await waitFor(() => expect(within(nav()).getByRole("status").textContent).toMatch(/disk on fire/));
    await expectNoAxeViolations(view.container);
  });

  it("composes like the other parts: ref, props and class on the root, labels, parts, handlers that can prevent", async () => {
    const ref = createRef<HTMLElement>();
    const storage = await twoThreads();
    let block = true;
    renderApp(
      storage,
      <ThreadList
        ref={ref}
        className="mine"
        data-section="side"
        theme="dark"
        labels={{ threads: "Conversations", untitledThread: "Fresh" }}
      >
        <ThreadListNew
          onClick={(event) => {
            if (block) event.preventDefault();
          }}
        >
          Start over
        </ThreadListNew>
        <ThreadListItems className="my-items" />
        <ThreadListStatus />
      </ThreadList>,
      false,
    );
    const root = screen.getByRole("navigation", { name: "Conversations" });
    expect(ref.current).toBe(root);
    expect(root.className).toBe("tandem tandem-thread-list mine");
    expect(root.dataset.section).toBe("side");
    expect(root.dataset.theme).toBe("dark");
    expect(root.querySelector("ul")!.classList.contains("my-items")).toBe(true);
    await waitFor(() =>
      expect(
        within(root)
          .getAllByTestId("thread-item")
          .map((i) => i.textContent),
      ).toEqual(["Fresh", "Limerick", "Haiku"]),
    );

    fireEvent.click(within(root).getByText("Haiku"));
    const currentTitle = () =>
      within(root)
        .getAllByTestId("thread-item")
        .find((item) => item.getAttribute("aria-current") === "page")?.textContent;
    await waitFor(() => expect(currentTitle()).toBe("Haiku"));
    fireEvent.click(within(root).getByRole("button", { name: "Start over" }));
    expect(currentTitle()).toBe("Haiku"); // prevented
    block = false;
    await act(async () => fireEvent.click(within(root).getByRole("button", { name: "Start over" })));
    expect(currentTitle()).toBe("Fresh");
    expect(within(root).getAllByTestId("thread-item")[0]!.textContent).toBe("Fresh");
  });

  it("each part forwards its ref to its root, which carries the app's props and class beside its own", async () => {
    const refs = {
      new: createRef<HTMLButtonElement>(),
      items: createRef<HTMLUListElement>(),
      item: createRef<HTMLLIElement>(),
      status: createRef<HTMLParagraphElement>(),
    };
    const probe = { className: "probe", "data-probe": "yes" };
    renderApp(
      await twoThreads(),
      <ThreadList>
        <ThreadListNew ref={refs.new} {...probe} />
        <ThreadListItems ref={refs.items} {...probe} />
        <ul>
          <ThreadListItem
            ref={refs.item}
            {...probe}
            thread={{ id: "t-haiku", title: "Haiku", createdAt: 1, updatedAt: 1, running: false, current: false, stored: true }}
          />
        </ul>
        <ThreadListStatus ref={refs.status} {...probe} />
      </ThreadList>,
      false,
    );
    for (const [part, ref] of Object.entries(refs)) {
      const root = ref.current as HTMLElement | null;
      expect(root, part).toBeInstanceOf(HTMLElement);
      expect(root!.dataset.probe, part).toBe("yes");
      expect(root!.classList.contains("probe"), part).toBe(true);
      expect(
        [...root!.classList].some((c) => c.startsWith("tandem-thread-list")),
        part,
      ).toBe(true);
    }
    expect(refs.item.current!.dataset.state).toBe("idle");
    expect(refs.status.current!.dataset.state).toBe("saved");
  });
});
