import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Chat } from "../chat/Chat.js";
import { defaultParts } from "../chat/defaultParts.js";
import { createClient, renderWith } from "../test/harness.js";
import { type ChatComponents, ChatComponentsProvider, usePart } from "./registry.js";

/** A stand-in part that says which part it replaces. */
const standIn = (name: string) =>
  function StandIn() {
    return <span data-testid={`own-${name}`} />;
  };

/** A user message "u" that was edited once (its turn has two versions), with an image, and a reply. */
const thread = (client: ReturnType<typeof createClient>) =>
  act(() =>
    client.store.update((s) => ({
      ...s,
      following: true,
      messages: [
        {
          id: "u",
          role: "user",
          content: [
            { type: "text", text: "look" },
            { type: "image", source: { type: "url", value: "https://example.com/a.png", mimeType: "image/png" } },
          ],
        },
        { id: "a", role: "assistant", content: "Nice." },
      ],
      branches: { "": { versions: [[{ id: "u0", role: "user", content: "hello" }], []], active: 1 } },
    })),
  );

describe("the parts registry", () => {
  it("replaces the parts that were wired in by hand: branch picker, editor, sent file, chips, dictation, following", () => {
    const client = createClient();
    thread(client);
    const names = ["BranchPicker", "MessageEditor", "UserFilePart", "AttachmentChips", "ComposerDictate", "Following"] as const;
    const components = Object.fromEntries(names.map((name) => [name, standIn(name)])) as Partial<ChatComponents>;
    renderWith(client, <Chat components={components} />);
    for (const name of names.filter((n) => n !== "MessageEditor")) expect(screen.getAllByTestId(`own-${name}`).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    expect(screen.getByTestId("own-MessageEditor")).toBeTruthy();
  });

  it("has a default for every part, and a provider's replacement wins over it below the provider only", () => {
    expect(Object.values(defaultParts).every((part) => part !== undefined)).toBe(true);
    function Which() {
      const Outbox = usePart("Outbox");
      return <span data-testid="which">{Outbox === defaultParts.Outbox ? "default" : "own"}</span>;
    }
    const own = standIn("Outbox");
    render(
      <>
        <Which />
        <ChatComponentsProvider value={{ Outbox: own }}>
          <Which />
        </ChatComponentsProvider>
      </>,
    );
    expect(screen.getAllByTestId("which").map((el) => el.textContent)).toEqual(["default", "own"]);
  });
});
