import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createClient, renderWith } from "../test/harness.js";
import { Composer } from "./Composer.js";

/** A stand-in for the browser's recognizer: the test says what it "hears". */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  lang = "";
  continuous = false;
  interimResults = false;
  onresult: ((event: unknown) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  listening = false;
  private results: { transcript: string; isFinal: boolean }[] = [];
  start() {
    FakeRecognition.last = this;
    this.listening = true;
  }
  stop() {
    this.end();
  }
  abort() {
    this.onerror?.({ error: "aborted" });
    this.end();
  }
  hear(transcript: string, isFinal: boolean) {
    const last = this.results.at(-1);
    if (last && !last.isFinal) this.results.pop();
    this.results.push({ transcript, isFinal });
    const results = this.results.map((r) => Object.assign([{ transcript: r.transcript }], { isFinal: r.isFinal }));
    act(() => this.onresult?.({ resultIndex: 0, results }));
  }
  fail(error: string) {
    act(() => {
      this.onerror?.({ error });
      this.end();
    });
  }
  private end() {
    if (!this.listening) return;
    this.listening = false;
    this.onend?.();
  }
}

const box = () => screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
const dictate = () => screen.queryByRole("button", { name: "Dictate" }) as HTMLButtonElement | null;
/** The button's code is a chunk of its own: wait for it to show. */
const shown = () => screen.findByRole("button", { name: "Dictate" });
const hearing = () => FakeRecognition.last!;

afterEach(() => {
  delete (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
  FakeRecognition.last = null;
});

describe("dictation", () => {
  it("has no Dictate button where the browser has no speech recognition", async () => {
    renderWith(createClient(), <Composer />);
    await import("./ComposerDictateBody.js");
    expect(dictate()).toBeNull();
  });

  it("puts interim and final words after what was typed, and sends nothing", async () => {
    (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition = FakeRecognition;
    const client = createClient();
    const sendMessage = vi.spyOn(client, "sendMessage");
    renderWith(client, <Composer />);
    const user = userEvent.setup();
    await shown();
    fireEvent.change(box(), { target: { value: "Note:" } });
    await user.click(dictate()!);
    expect(dictate()!.getAttribute("aria-pressed")).toBe("true");
    expect(hearing().interimResults).toBe(true);
    hearing().hear("buy", false);
    expect(box().value).toBe("Note: buy");
    hearing().hear("buy milk", true);
    hearing().hear(" and bread", false);
    expect(box().value).toBe("Note: buy milk and bread");
    // A second press stops; the words stay and nothing was sent.
    await user.click(dictate()!);
    expect(dictate()!.getAttribute("aria-pressed")).toBe("false");
    expect(box().value).toBe("Note: buy milk and bread");
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it("stops on Escape", async () => {
    (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition = FakeRecognition;
    renderWith(createClient(), <Composer />);
    const user = userEvent.setup();
    await shown();
    await user.click(dictate()!);
    hearing().hear("hello", false);
    await user.keyboard("{Escape}");
    expect(dictate()!.getAttribute("aria-pressed")).toBe("false");
    expect(box().value).toBe("hello");
  });

  it("says politely why it stopped when the microphone is not allowed or nothing was heard", async () => {
    (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition = FakeRecognition;
    renderWith(createClient(), <Composer />);
    const user = userEvent.setup();
    await shown();
    await user.click(dictate()!);
    hearing().fail("not-allowed");
    await waitFor(() => expect(screen.getByText("Dictation needs permission to use the microphone.")).toBeTruthy());
    expect(screen.getByText("Dictation needs permission to use the microphone.").getAttribute("aria-live")).toBe("polite");
    expect(dictate()!.getAttribute("aria-pressed")).toBe("false");
    await user.click(dictate()!);
    expect(screen.queryByText("Dictation needs permission to use the microphone.")).toBeNull();
    hearing().fail("no-speech");
    await waitFor(() => expect(screen.getByText("No speech was heard. Press Dictate to try again.")).toBeTruthy());
  });

  it("drops late words once the message is sent", async () => {
    (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition = FakeRecognition;
    const client = createClient();
    const sendMessage = vi.spyOn(client, "sendMessage").mockResolvedValue(undefined);
    renderWith(client, <Composer />);
    const user = userEvent.setup();
    await shown();
    await user.click(dictate()!);
    const recognition = hearing();
    recognition.hear("ship it", false);
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(sendMessage).toHaveBeenCalledWith("ship it");
    recognition.hear("ship it now", true);
    expect(box().value).toBe("");
  });
});
