import { act, screen, waitFor } from "@testing-library/react";
import { createRef, type ReactElement, type RefObject } from "react";
import { afterEach, describe, expect, it } from "vitest";
import * as ui from "./index.js";
import { createClient, dispatch, renderWith, runError, runFinished, runStarted, toolCall } from "./test/harness.js";

/** Exports that are not parts: providers hold no element. */
const NOT_PARTS = new Set(["ChatComponentsProvider", "ConfirmationFocusProvider", "LabelsProvider", "preloadMarkdown"]);

const isForwardRef = (value: unknown): boolean => {
  const type = (value as { $$typeof?: symbol; type?: unknown; render?: unknown } | null)?.$$typeof;
  if (type === Symbol.for("react.forward_ref")) return true;
  return type === Symbol.for("react.memo") && isForwardRef((value as { type: unknown }).type);
};

const components = Object.entries(ui).filter(
  ([name, value]) => /^[A-Z]/.test(name) && !NOT_PARTS.has(name) && (typeof value === "function" || typeof value === "object"),
);

/** The props every case passes (the ref fits any element: each part's own is checked at run time). */
type Probe = { ref: RefObject<HTMLElement | null>; props: { ref: RefObject<never>; className: string; "data-probe": string } };
const probe = (): Probe => {
  const ref = createRef<HTMLElement>();
  return { ref, props: { ref: ref as RefObject<never>, className: "probe", "data-probe": "yes" } };
};

/** A user message "u" that was edited once: its turn has two versions. */
const edited = (client: ReturnType<typeof createClient>) =>
  act(() =>
    client.store.update((s) => ({
      ...s,
      messages: [{ id: "u", role: "user", content: "hi" }],
      branches: { "": { versions: [[{ id: "u0", role: "user", content: "hello" }], []], active: 1 } },
    })),
  );

/** A part of a message row, rendered in place of the row's toolbar. */
const inRow = (part: ReactElement) => (
  <ui.ChatComponentsProvider value={{ MessageActions: () => part }}>
    <ui.Message id="u" />
  </ui.ChatComponentsProvider>
);

const call = {
  id: "c1",
  name: "search",
  args: { q: 1 },
  argsText: '{"q":1}',
  status: "awaiting-input" as const,
  messageId: "a",
  call: { id: "c1", type: "function" as const, function: { name: "search", arguments: '{"q":1}' } },
};

/** Each part, rendered with the probe's ref, class and data attribute; `setup` puts the thread where the part shows. */
const cases: Array<{
  name: string;
  render: (p: Probe["props"]) => ReactElement;
  setup?: (client: ReturnType<typeof createClient>) => void;
}> = [
  { name: "Chat", render: (p) => <ui.Chat {...p} /> },
  { name: "Composer", render: (p) => <ui.Composer {...p} /> },
  {
    name: "ComposerInput",
    render: (p) => (
      <ui.Composer>
        <ui.ComposerInput {...p} />
      </ui.Composer>
    ),
  },
  {
    name: "ComposerSend",
    render: (p) => (
      <ui.Composer>
        <ui.ComposerSend {...p} />
      </ui.Composer>
    ),
  },
  {
    name: "ComposerStop",
    setup: (client) => dispatch(client, runStarted()),
    render: (p) => (
      <ui.Composer>
        <ui.ComposerStop {...p} />
      </ui.Composer>
    ),
  },
  {
    // Rendered once the transport says it carries files: found by its label then.
    name: "ComposerAttachButton",
    render: (p) => (
      <ui.Composer>
        <ui.ComposerAttachButton {...p}>hello</ui.ComposerAttachButton>
      </ui.Composer>
    ),
  },
  {
    // Rendered only where the browser has speech recognition: a stand-in, taken away after each test.
    name: "ComposerDictate",
    setup: () => {
      (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition = class {};
    },
    render: (p) => (
      <ui.Composer>
        <ui.ComposerDictate {...p} />
      </ui.Composer>
    ),
  },
  {
    name: "ComposerAttachments",
    render: (p) => (
      <ui.Composer>
        <ui.ComposerAttachments {...p} />
      </ui.Composer>
    ),
  },
  { name: "MessageList", render: (p) => <ui.MessageList {...p} /> },
  {
    name: "Message",
    setup: (client) => dispatch(client, runStarted(), toolCall("c1", "search", {}, "a")),
    render: (p) => <ui.Message id="a" {...p} />,
  },
  { name: "Activity", render: (p) => <ui.Activity messageId="x" activityType="plan" content={{}} {...p} /> },
  { name: "ProgressBar", render: (p) => <ui.ProgressBar value={0.5} label="Half" {...p} /> },
  { name: "Reasoning", render: (p) => <ui.Reasoning text="hmm" {...p} /> },
  { name: "StatusAnnouncer", render: (p) => <ui.StatusAnnouncer {...p} /> },
  { name: "Outbox", render: (p) => <ui.Outbox {...p} /> },
  { name: "SubagentGroup", render: (p) => <ui.SubagentGroup subagent={{ id: "s", name: "researcher", status: "running" }} {...p} /> },
  { name: "UserContent", render: (p) => <ui.UserContent content="hi" {...p} /> },
  { name: "RunError", setup: (client) => dispatch(client, runStarted(), runError("boom")), render: (p) => <ui.RunError {...p} /> },
  {
    name: "RunErrorMessage",
    setup: (client) => dispatch(client, runStarted(), runError("boom")),
    render: (p) => (
      <ui.RunError>
        <ui.RunErrorMessage {...p} />
      </ui.RunError>
    ),
  },
  {
    name: "RunErrorRetry",
    setup: (client) => dispatch(client, runStarted(), runError("boom")),
    render: (p) => (
      <ui.RunError>
        <ui.RunErrorRetry {...p} />
      </ui.RunError>
    ),
  },
  {
    name: "Steps",
    setup: (client) => dispatch(client, runStarted(), { type: "STEP_STARTED", stepName: "plan" }),
    render: (p) => <ui.Steps {...p} />,
  },
  {
    name: "Reconnecting",
    setup: (client) => {
      dispatch(client, runStarted());
      client.store.update((s) => ({ ...s, reconnecting: true }));
    },
    render: (p) => <ui.Reconnecting {...p} />,
  },
  {
    name: "Following",
    setup: (client) => client.store.update((s) => ({ ...s, following: true })),
    render: (p) => <ui.Following {...p} />,
  },
  {
    name: "Usage",
    setup: (client) => dispatch(client, runStarted(), { ...runFinished(), usage: [{ inputTokens: 1, outputTokens: 1 }] }),
    render: (p) => <ui.Usage {...p} />,
  },
  { name: "Suggestions", render: (p) => <ui.Suggestions suggestions={["Hi"]} {...p} /> },
  { name: "SuggestionsItem", render: (p) => <ui.SuggestionsItem prompt="Hi" {...p} /> },
  { name: "Confirmation", render: (p) => <ui.Confirmation call={call} {...p} /> },
  ...Object.entries({
    ConfirmationTitle: ui.ConfirmationTitle,
    ConfirmationDescription: ui.ConfirmationDescription,
    ConfirmationArgs: ui.ConfirmationArgs,
    ConfirmationReason: ui.ConfirmationReason,
    ConfirmationApprove: ui.ConfirmationApprove,
    ConfirmationReject: ui.ConfirmationReject,
  }).map(([name, Part]) => ({
    name,
    render: (p: Probe["props"]) => {
      const Any = Part as unknown as (props: object) => ReactElement;
      return (
        <ui.Confirmation call={call}>
          <Any {...p} {...(name === "ConfirmationDescription" && { children: "What it does" })} />
        </ui.Confirmation>
      );
    },
  })),
  {
    name: "ToolCall",
    setup: (client) => dispatch(client, runStarted(), toolCall("c1", "search", {}, "a")),
    render: (p) => <ui.ToolCall toolCallId="c1" {...p} />,
  },
  { name: "ToolCallCard", render: (p) => <ui.ToolCallCard call={{ ...call, status: "executing" }} {...p} /> },
  {
    name: "Interrupts",
    setup: (client) => dispatch(client, runStarted(), runFinished("r", { type: "interrupt", interrupts: [{ id: "i", reason: "pick" }] })),
    render: (p) => <ui.Interrupts {...p} />,
  },
  {
    name: "InterruptPrompt",
    render: (p) => <ui.InterruptPrompt interrupt={{ id: "i", reason: "pick" }} onResolve={() => {}} onCancel={() => {}} {...p} />,
  },
  { name: "Markdown", render: (p) => <ui.Markdown {...p}>hello</ui.Markdown> },
  {
    name: "InterruptConfirmation",
    render: (p) => <ui.InterruptConfirmation interrupt={{ id: "i", reason: "approve", toolCallId: "c" }} onResolve={() => {}} {...p} />,
  },
  { name: "MessageActions", setup: edited, render: (p) => inRow(<ui.MessageActions {...p} />) },
  ...Object.entries({
    MessageCopy: ui.MessageCopy,
    MessageEdit: ui.MessageEdit,
    MessageRegenerate: ui.MessageRegenerate,
    MessageEditor: ui.MessageEditor,
    BranchPicker: ui.BranchPicker,
    MessageFeedback: ui.MessageFeedback,
  }).map(([name, Part]) => ({
    name,
    setup: edited,
    render: (p: Probe["props"]) => {
      const Any = Part as unknown as (props: object) => ReactElement;
      return inRow(<Any {...p} />);
    },
  })),
  ...Object.entries({
    BranchPickerPrevious: ui.BranchPickerPrevious,
    BranchPickerCount: ui.BranchPickerCount,
    BranchPickerNext: ui.BranchPickerNext,
  }).map(([name, Part]) => ({
    name,
    setup: edited,
    render: (p: Probe["props"]) => {
      const Any = Part as unknown as (props: object) => ReactElement;
      return inRow(
        <ui.BranchPicker>
          <Any {...p} />
        </ui.BranchPicker>,
      );
    },
  })),
];

describe("every part composes like Radix", () => {
  afterEach(() => {
    delete (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
  });

  it("forwards its ref (all exported components)", () => {
    const parts = components.map(([name]) => name);
    expect(parts.length).toBeGreaterThan(30);
    expect(components.filter(([, value]) => !isForwardRef(value)).map(([name]) => name)).toEqual([]);
    // Each is checked below (the thread list's parts in its own tests).
    expect(parts.filter((name) => !name.startsWith("ThreadList") && !cases.some((c) => c.name === name))).toEqual([]);
  });

  for (const { name, render, setup } of cases) {
    it(`${name}: the ref reaches its root, which carries the app's props and class beside its own`, async () => {
      const client = createClient();
      setup?.(client);
      const { ref, props } = probe();
      renderWith(client, render(props));
      // The Markdown renderer may still be loading: its plain fallback composes the same way.
      // Parts that are chunks of their own (MessageFeedback, ComposerDictate) show once loaded.
      const root = await waitFor(() => ref.current ?? screen.getByText("hello"));
      expect(root).toBeInstanceOf(HTMLElement);
      expect(root.getAttribute("data-probe")).toBe("yes");
      expect(root.classList.contains("probe")).toBe(true);
      expect([...root.classList].some((c) => c.startsWith("tandem"))).toBe(true);
    });
  }
});
