import { useHumanInTheLoop } from "@tandem/react";
import { fireEvent, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { type ComponentPropsWithoutRef, createRef, forwardRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { Chat } from "../chat/Chat.js";
import { awaitInput, createClient, dispatch, renderWith, runStarted, toolCall } from "../test/harness.js";
import { Composer, ComposerInput, type ComposerProps, ComposerSend, ComposerStop } from "./Composer.js";

const box = () => screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;

/** An app's own button component, as a design system would have it. */
const AppButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<"button">>(function AppButton(props, ref) {
  return <button ref={ref} {...props} className={`app-button ${props.className ?? ""}`} />;
});

describe("Composer parts", () => {
  it("forwards a ref to the form, spreads the app's props on it and merges its class", () => {
    const ref = createRef<HTMLFormElement>();
    renderWith(createClient(), <Composer ref={ref} className="mine" aria-describedby="hint" data-section="chat" />);
    const form = ref.current!;
    expect(form.tagName).toBe("FORM");
    expect(form.contains(box())).toBe(true);
    expect(form.classList.contains("tandem-composer")).toBe(true);
    expect(form.classList.contains("mine")).toBe(true);
    expect(form.getAttribute("aria-describedby")).toBe("hint");
    expect(form.dataset.section).toBe("chat");
  });

  it("says whether the agent is replying in data-state, and marks Send data-disabled only while there is nothing to send", () => {
    const client = createClient();
    const ref = createRef<HTMLFormElement>();
    renderWith(client, <Composer ref={ref} />);
    const send = screen.getByRole("button", { name: "Send" });
    expect(ref.current!.dataset.state).toBe("idle");
    expect(send.getAttribute("data-disabled")).toBe("");
    fireEvent.change(box(), { target: { value: "hi" } });
    expect(send.hasAttribute("data-disabled")).toBe(false);
    dispatch(client, runStarted());
    expect(ref.current!.dataset.state).toBe("running");
    // What is sent while the agent replies waits in the outbox.
    expect(send.hasAttribute("data-disabled")).toBe(false);
    fireEvent.change(box(), { target: { value: "" } });
    expect(send.getAttribute("data-disabled")).toBe("");
  });

  it("runs the app's onSubmit first, and does not send when it calls preventDefault", () => {
    const client = createClient();
    const sendMessage = vi.spyOn(client, "sendMessage").mockResolvedValue(undefined);
    let block = false;
    const onSubmit = vi.fn((event: { preventDefault(): void }) => {
      expect(sendMessage).not.toHaveBeenCalled();
      if (block) event.preventDefault();
    });
    renderWith(client, <Composer onSubmit={onSubmit} />);
    fireEvent.change(box(), { target: { value: "first" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(sendMessage).toHaveBeenCalledWith("first");

    block = true;
    sendMessage.mockClear();
    fireEvent.change(box(), { target: { value: "second" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(sendMessage).not.toHaveBeenCalled();
    expect(box().value).toBe("second");
  });

  it("lets an input's onKeyDown see Enter first, and keep it from sending with preventDefault", async () => {
    const client = createClient();
    const sendMessage = vi.spyOn(client, "sendMessage").mockResolvedValue(undefined);
    const seen: string[] = [];
    renderWith(
      client,
      <Composer>
        <ComposerInput
          onKeyDown={(event) => {
            seen.push(event.key);
            if (event.key === "Enter" && event.ctrlKey) event.preventDefault();
          }}
        />
        <ComposerSend />
      </Composer>,
    );
    const user = userEvent.setup();
    await user.click(box());
    await user.keyboard("hi{Control>}{Enter}{/Control}");
    expect(sendMessage).not.toHaveBeenCalled();
    await user.keyboard("{Enter}");
    expect(sendMessage).toHaveBeenCalledWith("hi");
    expect(seen).toEqual(["h", "i", "Control", "Enter", "Enter"]);
  });

  it("puts Send and Stop on the app's own buttons with asChild, keeping their handlers", async () => {
    const client = createClient();
    const sendMessage = vi.spyOn(client, "sendMessage").mockResolvedValue(undefined);
    const stop = vi.spyOn(client, "stop");
    const appClick = vi.fn();
    const sendRef = createRef<HTMLButtonElement>();
    renderWith(
      client,
      <Composer>
        <ComposerInput placeholder="Ask" />
        <ComposerStop asChild>
          <AppButton onClick={appClick}>Halt</AppButton>
        </ComposerStop>
        <ComposerSend asChild ref={sendRef} className="wide">
          <AppButton>Go</AppButton>
        </ComposerSend>
      </Composer>,
    );
    const go = screen.getByRole("button", { name: "Go" }) as HTMLButtonElement;
    expect(sendRef.current).toBe(go);
    expect(go.type).toBe("submit");
    expect(go.disabled).toBe(true);
    expect([...go.classList]).toEqual(expect.arrayContaining(["app-button", "tandem-composer__send", "wide"]));
    expect(screen.queryByRole("button", { name: "Send" })).toBeNull();
    expect(box().placeholder).toBe("Ask");

    const user = userEvent.setup();
    await user.type(box(), "hello");
    await user.click(go);
    expect(sendMessage).toHaveBeenCalledExactlyOnceWith("hello");

    expect(screen.queryByRole("button", { name: "Halt" })).toBeNull();
    dispatch(client, runStarted());
    await user.click(screen.getByRole("button", { name: "Halt" }));
    expect(appClick).toHaveBeenCalledOnce();
    expect(stop).toHaveBeenCalledOnce();
  });

  it("does not stop when the Stop button's own onClick calls preventDefault", () => {
    const client = createClient();
    const stop = vi.spyOn(client, "stop");
    renderWith(
      client,
      <Composer>
        <ComposerInput />
        <ComposerStop onClick={(event) => event.preventDefault()} />
      </Composer>,
    );
    dispatch(client, runStarted());
    fireEvent.click(screen.getByRole("button", { name: "Stop" }));
    expect(stop).not.toHaveBeenCalled();
  });

  it("gets focus back in a composed input, whose ref the app also holds, once a confirmation is answered", () => {
    const client = createClient();
    vi.spyOn(client, "respond").mockImplementation(() => {});
    const inputRef = createRef<HTMLTextAreaElement>();
    function AppComposer(props: ComposerProps) {
      return (
        <Composer {...props}>
          <ComposerInput ref={inputRef} />
          <ComposerSend />
        </Composer>
      );
    }
    function Tools() {
      useHumanInTheLoop({ name: "delete_file" });
      return null;
    }
    renderWith(
      client,
      <>
        <Tools />
        <Chat components={{ Composer: AppComposer }} />
      </>,
    );
    dispatch(client, runStarted(), toolCall("c1", "delete_file", { path: "/a" }, "a"));
    awaitInput(client, "c1");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Approve" }));
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(inputRef.current).toBe(box());
    expect(document.activeElement).toBe(box());
  });
});
