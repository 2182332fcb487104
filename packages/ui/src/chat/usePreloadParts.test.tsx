import { useFrontendTool } from "@tandem/react";
import { act } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createClient, dispatch, renderWith, runStarted, toolArgs, toolStart } from "../test/harness.js";
import { Chat } from "./Chat.js";
import { LazyBranchPicker, LazyConfirmation, LazyRunError, LazyToolCall } from "./defaultParts.js";

function AskingTool({ handler }: { handler: boolean }) {
  useFrontendTool({ name: "delete_file", ...(handler && { handler: () => ({ ok: true }) }) });
  return null;
}

describe("parts loaded on first use start loading when the state says they will be needed", () => {
  it("the confirmation, as a call of a tool that waits for a person streams its arguments", () => {
    const preload = vi.spyOn(LazyConfirmation, "preload");
    const client = createClient();
    renderWith(
      client,
      <>
        <AskingTool handler={false} />
        <Chat />
      </>,
    );
    dispatch(client, runStarted());
    expect(preload).not.toHaveBeenCalled();
    dispatch(client, toolStart("c1", "delete_file"), toolArgs("c1", '{"path": "/tm'));
    expect(preload).toHaveBeenCalled();
  });

  it("not for a call of a tool that runs by itself", () => {
    const preload = vi.spyOn(LazyConfirmation, "preload");
    const client = createClient();
    renderWith(
      client,
      <>
        <AskingTool handler />
        <Chat />
      </>,
    );
    dispatch(client, runStarted(), toolStart("c1", "delete_file"), toolArgs("c1", '{"path": "/tm'));
    expect(preload).not.toHaveBeenCalled();
  });

  it("the run error alert as the chat mounts, and the tool call slot as the first run starts", () => {
    const errorAlert = vi.spyOn(LazyRunError, "preload");
    const toolCall = vi.spyOn(LazyToolCall, "preload");
    const client = createClient();
    renderWith(client, <Chat />);
    expect(errorAlert).toHaveBeenCalled();
    expect(toolCall).not.toHaveBeenCalled();
    dispatch(client, runStarted());
    expect(toolCall).toHaveBeenCalled();
  });

  it("the branch picker as soon as a turn has versions (a thread restored with them, an edit)", () => {
    const preload = vi.spyOn(LazyBranchPicker, "preload");
    const client = createClient();
    renderWith(client, <Chat />);
    expect(preload).not.toHaveBeenCalled();
    act(() => {
      client.store.update((s) => ({ ...s, branches: { "": { versions: [[], []], active: 1 } } }));
    });
    expect(preload).toHaveBeenCalled();
  });
});
