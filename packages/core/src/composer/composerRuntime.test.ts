import { describe, expect, it, vi } from "vitest";
import { sync } from "../test/scripts.js";
import { ThreadRuntime } from "../threads/threadRuntime.js";
import type { AgentStatus } from "../types.js";
import type { PendingAttachment } from "./types.js";

const URL = "http://127.0.0.1:1";

function setup() {
  const runtime = new ThreadRuntime({
    agent: { url: URL, threadId: "t", schedule: sync, network: false },
    remember: { get: () => null, set: () => {} },
  });
  const sent = vi.spyOn(runtime.client, "sendMessage").mockResolvedValue(undefined);
  const status = (to: AgentStatus) => runtime.client.store.update((s) => ({ ...s, status: to }));
  return { runtime, composer: runtime.composer, sent, status };
}

const attachment = (id: string): PendingAttachment => ({ id, file: new File(["x"], `${id}.png`, { type: "image/png" }), state: "ready" });

describe("ComposerRuntime", () => {
  it("sends the draft through the current client and empties it", async () => {
    const { composer, sent } = setup();
    composer.setText("hello");
    await composer.send();
    expect(sent).toHaveBeenCalledWith("hello");
    expect(composer.getState()).toEqual({ text: "", attachments: [] });
  });

  it("puts a failed message's text and files back into an empty draft, and takes them out again when Retry resends it", async () => {
    const { composer, status } = setup();
    composer.setText("keep me");
    composer.setAttachments([attachment("a")]);
    await composer.send(async (files) => files.map((f) => ({ type: "text", text: f.id }) as never));
    status("running");
    status("error");
    expect(composer.getState().text).toBe("keep me");
    expect(composer.getState().attachments.map((a) => a.id)).toEqual(["a"]);
    status("running");
    expect(composer.getState()).toEqual({ text: "", attachments: [] });
  });

  it("keeps what the user typed since: a failed message's text comes back only into an empty draft", async () => {
    const { composer, status } = setup();
    composer.setText("first");
    await composer.send();
    status("running");
    composer.setText("typing again");
    status("error");
    expect(composer.getState().text).toBe("typing again");
  });

  it("gives nothing back once the run settled, nor for a message sent while the agent replied (it waits in the outbox)", async () => {
    const { composer, status } = setup();
    composer.setText("done");
    await composer.send();
    status("running");
    status("idle");
    status("error");
    expect(composer.getState().text).toBe("");

    status("running");
    composer.setText("queued");
    await composer.send();
    status("error");
    expect(composer.getState().text).toBe("");
  });

  it("gives the draft back when its files cannot be read, with the reason", async () => {
    const { composer, sent } = setup();
    composer.setText("look");
    composer.setAttachments([attachment("a")]);
    await expect(composer.send(() => Promise.reject("too big"))).rejects.toBe("too big");
    expect(sent).not.toHaveBeenCalled();
    expect(composer.getState().text).toBe("look");
    expect(composer.getState().attachments.map((a) => a.id)).toEqual(["a"]);
  });

  it("keeps the draft across a thread change, and gives back a message whose files were read after the thread was left", async () => {
    const { runtime, composer, sent } = setup();
    runtime.connect();
    let read = () => {};
    composer.setText("look");
    composer.setAttachments([attachment("a")]);
    const sending = composer.send(() => new Promise((resolve) => (read = () => resolve([]))));
    runtime.switchTo("other");
    composer.setText("");
    read();
    await sending;
    expect(sent).not.toHaveBeenCalled();
    expect(composer.getState().text).toBe("look");
    runtime.dispose();
  });
});
