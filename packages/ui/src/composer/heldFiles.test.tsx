import type { RunAgentInput } from "@tandem/core";
import { type MockAgent, run, startMockAgent, textMessage } from "@tandem/mock-agent";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";

// The file handling as a cold page has it: not loaded until the test lets it arrive.
const arrival = vi.hoisted(() => {
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release: () => release() };
});
vi.mock("./attachments.js", async (importOriginal) => {
  await arrival.arrived;
  return importOriginal();
});

/** A fresh copy of the kit, as a page that just opened has it (the ui project's setup loaded the parts in another). */
async function coldKit() {
  vi.resetModules();
  const [{ Chat }, { AgentProvider }] = await Promise.all([import("../chat/Chat.js"), import("@tandem/react")]);
  return { Chat, AgentProvider };
}

let agent: MockAgent | undefined;
afterEach(() => agent?.close());

const box = () => screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
const send = () => screen.getByRole("button", { name: "Send" }) as HTMLButtonElement;
const users = () => (agent?.requests ?? []).map((r) => (r.body as RunAgentInput).messages.filter((m) => m.role === "user"));

it("holds the message while a file pasted into it waits for the file handling to load, then sends both together", async () => {
  agent = await startMockAgent({ scenario: (input) => run(input, textMessage("got it")) });
  const { Chat, AgentProvider } = await coldKit();
  render(
    <AgentProvider url={agent.url} threadId="t">
      <Chat />
    </AgentProvider>,
  );
  await screen.findByRole("button", { name: "Attach files" }); // the agent takes images
  fireEvent.change(box(), { target: { value: "see the screenshot" } });
  fireEvent.paste(box(), {
    clipboardData: {
      files: [new File([new Uint8Array([1, 2, 3])], "shot.png", { type: "image/png" })],
      types: ["Files"],
      getData: () => "",
    },
  });

  // The file is not in yet: the message cannot go without it, by click or by Enter.
  expect(send().disabled).toBe(true);
  fireEvent.click(send());
  fireEvent.keyDown(box(), { key: "Enter" });
  expect(box().value).toBe("see the screenshot");

  await act(async () => arrival.release());
  expect(await screen.findByTestId("attachment")).toBeTruthy();
  expect(send().disabled).toBe(false);
  fireEvent.click(send());
  await screen.findByText("got it");
  expect(users()).toHaveLength(1);
  const content = users()[0]![0]!.content as { type: string; text?: string }[];
  expect(content.map((part) => part.type)).toEqual(["text", "image"]);
  expect(content[0]!.text).toBe("see the screenshot");
});
