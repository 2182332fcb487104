import { useHumanInTheLoop } from "@tandem/react";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Chat } from "../chat/Chat.js";
import { Composer } from "../composer/Composer.js";
import {
  awaitInput,
  createClient,
  dispatch,
  expectNoAxeViolations,
  renderWith,
  runError,
  runFinished,
  runStarted,
  say,
  textDelta,
  textStart,
  toolCall,
} from "../test/harness.js";
import { type ChatLabels, defaultLabels, LabelsProvider } from "./labels.js";

const TOOL_STATUS = {
  streaming: "Wird vorbereitet",
  executing: "Läuft",
  "awaiting-input": "Wartet auf dich",
  complete: "Fertig",
  error: "Fehlgeschlagen",
} as const;
const SUBAGENT_STATUS = { running: "Arbeitet", finished: "Fertig", suspended: "Pausiert", failed: "Fehlgeschlagen" } as const;

/** Every label <Chat> uses, in German (the test below finds any that is left in English). */
const de = {
  welcome: "Wie kann ich helfen?",
  message: "Nachricht",
  placeholder: "Schreib dem Agenten…",
  send: "Senden",
  stop: "Anhalten",
  conversation: "Unterhaltung",
  jumpToLatest: "Zum Neuesten",
  agentReplying: "Der Agent antwortet…",
  agentContinuing: "Der Agent macht weiter…",
  replyFinished: "Antwort fertig",
  awaitingInput: "Der Agent wartet auf deine Eingabe",
  runError: (message) => `Fehler: ${message ?? "der Agent konnte nicht antworten"}`,
  retry: "Erneut versuchen",
  suggestions: "Vorschläge",
  stepsInProgress: "Laufende Schritte",
  reasoning: "Überlegungen",
  thinking: "Denkt nach…",
  attachedImage: "Angehängtes Bild",
  attachment: (type) => `Anhang (${type})`,
  progress: "Werkzeugfortschritt",
  toolProgress: (toolName) => `Fortschritt von ${toolName}`,
  percent: (percent) => `${percent} %`,
  toolCall: (toolName) => `Werkzeugaufruf: ${toolName}`,
  toolStatus: (status) => TOOL_STATUS[status],
  arguments: "Argumente",
  result: "Ergebnis",
  confirm: (toolName) => `Darf der Agent ${toolName} ausführen?`,
  reasonOptional: "Begründung (optional)",
  approve: "Genehmigen",
  reject: "Ablehnen",
  subagent: (name) => `Unteragent: ${name}`,
  subagentKind: "Unteragent",
  subagentStatus: (status) => SUBAGENT_STATUS[status],
  interrupt: "Der Agent braucht deine Eingabe",
  interruptResponse: "Antwort (JSON oder Text, optional)",
  choose: "Auswählen…",
  resolve: "Übernehmen",
  cancel: "Abbrechen",
  fieldRequired: "Pflichtfeld",
  fieldInteger: "Gib eine ganze Zahl ein",
  fieldNumber: "Gib eine Zahl ein",
  fieldJson: "Gib gültiges JSON ein",
  tokenUsage: "Tokenverbrauch",
  usageLastRun: (summary) => `Letzter Lauf: ${summary}`,
  usageThread: (summary) => `Unterhaltung gesamt: ${summary}`,
  usageSummary: ({ input, output, total }) => `${total ?? "?"} Token (${input ?? "?"} rein, ${output ?? "?"} raus)`,
  unnamedModel: "Unbenanntes Modell",
  code: "Quelltext",
  copy: "Kopieren",
  copied: "Kopiert",
  messageActions: "Nachrichtenaktionen",
  edit: "Bearbeiten",
  editMessage: "Nachricht bearbeiten",
  save: "Speichern",
  regenerate: "Neu erzeugen",
  versions: "Versionen",
  previousVersion: "Vorherige Version",
  nextVersion: "Nächste Version",
  version: (index, count) => `Version ${index} von ${count}`,
  attachFiles: "Dateien anhängen",
  attachments: "Anhänge",
  removeAttachment: (fileName) => `${fileName} entfernen`,
  dropFiles: "Dateien hier ablegen",
  uploading: "Wird hochgeladen…",
  fileTooLarge: (fileName, limit) => `${fileName} ist größer als ${limit}.`,
  tooManyFiles: (max) => `Höchstens ${max} Dateien pro Nachricht.`,
  fileNotAccepted: (fileName) => `${fileName} kann dieser Agent nicht lesen.`,
  attachmentsNotSupported: (kinds) => `Dieser Agent kann keine ${kinds} empfangen.`,
  attachmentFailed: (fileName, message) => `${fileName} konnte nicht angehängt werden: ${message}`,
  outbox: "Zu senden",
  outboxState: (state) =>
    ({ queued: "In der Warteschlange", waiting: "Wartet auf Verbindung", unreachable: "Noch nicht gesendet", held: "Nicht gesendet" })[
      state
    ],
  outboxStatus: ({ count, failed }) => `${count} nicht gesendet${failed ? " (Fehler)" : ""}.`,
  sendNow: "Jetzt senden",
  agentUnreachable: "Der Agent ist nicht erreichbar.",
  removeQueued: (text) => `${text} aus der Warteschlange nehmen`,
  remove: "Entfernen",
} satisfies Partial<ChatLabels>;

/** What the English defaults say for the names and values this test uses. */
function englishTexts(): string[] {
  const d = defaultLabels;
  const texts: string[] = [];
  for (const value of Object.values(d)) if (typeof value === "string") texts.push(value);
  texts.push(
    d.runError("Modell überlastet"),
    d.runError(undefined),
    d.attachment("audio"),
    d.version(1, 2),
    d.removeAttachment("notiz.txt"),
    d.toolProgress("search"),
    d.percent(50),
    d.toolCall("search"),
    d.toolCall("delete_file"),
    d.confirm("delete_file"),
    d.subagent("researcher"),
    d.usageLastRun(""),
    d.usageThread(""),
    d.usageSummary({ input: 1, output: 2, total: 3 }),
    ...(["streaming", "executing", "awaiting-input", "complete", "error"] as const).map(d.toolStatus),
    ...(["running", "finished", "suspended", "failed"] as const).map(d.subagentStatus),
    ...(["queued", "waiting", "unreachable", "held"] as const).map(d.outboxState),
    d.outboxStatus({ count: 1, state: "held", failed: true }),
    d.removeQueued("Noch etwas"),
  );
  return texts;
}

/**
 * Every accessible name and visible word in the chat: labels of all kinds, and each element's
 * own text. English phrases are matched anywhere; single English words only as a whole text.
 */
function englishLeftIn(root: HTMLElement): string[] {
  const names: string[] = [];
  for (const el of [root, ...root.querySelectorAll<HTMLElement>("*")]) {
    for (const attribute of ["aria-label", "alt", "placeholder", "aria-valuetext", "title"]) {
      const value = el.getAttribute(attribute);
      if (value) names.push(value);
    }
    const own = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent)
      .join("")
      .trim();
    if (own) names.push(own);
    if (["BUTTON", "LABEL", "SUMMARY", "OPTION", "P", "LI"].includes(el.tagName)) names.push(el.textContent!.trim());
  }
  const english = englishTexts().filter((t) => t.trim() !== "");
  return english.filter((text) =>
    names.some((name) => (text.trim().includes(" ") || text.length > 12 ? name.includes(text.trim()) : name === text.trim())),
  );
}

function Tools() {
  useHumanInTheLoop({ name: "delete_file", description: "Löscht eine Datei" });
  return null;
}

type Event = { type: string; [key: string]: unknown };
const by = (subagentRunId: string, events: Event[]): Event[] => events.map((e) => ({ ...e, subagentRunId }));

describe("labels", () => {
  it("shows and announces the whole chat in German, with no English left in its names", async () => {
    const client = createClient({
      initialMessages: [
        {
          id: "u",
          role: "user",
          content: [
            { type: "text", text: "Räum auf" },
            { type: "image", source: { type: "data", value: "AAAA", mimeType: "image/png" } },
            { type: "audio", source: { type: "url", value: "https://example.com/a.mp3" } } as never,
          ],
        },
      ],
    });
    const { container } = renderWith(
      client,
      <>
        <Tools />
        <Chat labels={de} showUsage suggestions={["Plane eine Reise"]} />
      </>,
    );
    const chat = screen.getByTestId("tandem-chat");
    const status = screen.getByTestId("tandem-announcer");
    expect(screen.getByRole("textbox", { name: "Nachricht" }).getAttribute("placeholder")).toBe("Schreib dem Agenten…");
    expect(screen.getByRole("button", { name: "Senden" })).toBeTruthy();
    expect(screen.getByRole("log", { name: "Unterhaltung" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Angehängtes Bild" })).toBeTruthy();
    expect(screen.getByText("Anhang (audio)")).toBeTruthy();
    expect(englishLeftIn(chat)).toEqual([]);

    // A question edited once, and a file waiting to be sent.
    act(() =>
      client.store.update((s) => ({ ...s, branches: { "": { versions: [[{ id: "u0", role: "user", content: "Alt" }], []], active: 1 } } })),
    );
    const picker = screen.getByTestId("branch-picker");
    expect(within(picker).getByRole("button", { name: "Vorherige Version" })).toBeTruthy();
    expect(within(picker).getByText("Version 2 von 2")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Bearbeiten" })).toBeTruthy();
    const files = await screen.findByLabelText("Dateien anhängen", { selector: "input" });
    fireEvent.change(files, { target: { files: [new File(["x"], "notiz.txt", { type: "text/plain" })] } });
    expect(await screen.findByRole("button", { name: "notiz.txt entfernen" })).toBeTruthy();
    expect(englishLeftIn(chat)).toEqual([]);

    // A run with everything in it: steps, reasoning, a tool with progress, a subagent, a confirmation.
    dispatch(
      client,
      runStarted(),
      { type: "STEP_STARTED", stepName: "recherche" },
      { type: "REASONING_MESSAGE_START", messageId: "r1", role: "reasoning" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "r1", delta: "hmm" },
      { type: "REASONING_MESSAGE_END", messageId: "r1" },
      say("a0", "Ich suche.\n\n```\nx()\n```"),
      toolCall("c1", "search", { q: "x" }, "a0"),
      { type: "ACTIVITY_SNAPSHOT", messageId: "p1", activityType: "tool-call-progress", content: { toolCallId: "c1", progress: 0.5 } },
      { type: "ACTIVITY_SNAPSHOT", messageId: "p2", activityType: "tool-call-progress", content: { progress: 0.5 } },
      { type: "SUBAGENT_STARTED", subagentRunId: "sa1", name: "researcher" },
      ...by("sa1", say("s1", "Gefunden.")),
      textStart("r2"),
      textDelta("r2", "Ich frage nach."),
    );
    expect(status.textContent).toBe("Der Agent antwortet…");
    expect(screen.getByRole("button", { name: "Anhalten" })).toBeTruthy();
    expect(screen.getByRole("list", { name: "Laufende Schritte" })).toBeTruthy();
    const tool = screen.getByRole("group", { name: "Werkzeugaufruf: search" });
    expect(within(tool).getByText("Läuft")).toBeTruthy();
    expect(within(tool).getByText("Argumente")).toBeTruthy();
    expect(within(tool).getByRole("progressbar", { name: "Fortschritt von search" }).getAttribute("aria-valuetext")).toBe("50 %");
    expect(screen.getByRole("progressbar", { name: "Werkzeugfortschritt" })).toBeTruthy();
    const subagent = screen.getByRole("group", { name: "Unteragent: researcher" });
    expect(within(subagent).getByText("Arbeitet")).toBeTruthy();
    // The Markdown renderer loads on first use.
    expect(await screen.findByText("Quelltext")).toBeTruthy();
    // The code block's Copy, and each message's.
    expect(screen.getAllByRole("button", { name: "Kopieren" }).length).toBeGreaterThan(1);
    expect(screen.getByText("Überlegungen").tagName).toBe("SUMMARY");
    expect(englishLeftIn(chat)).toEqual([]);

    // The agent asks to delete a file.
    dispatch(client, toolCall("c2", "delete_file", { path: "/tmp/a" }, "a0"), runFinished());
    awaitInput(client, "c2");
    expect(status.textContent).toBe("Der Agent wartet auf deine Eingabe");
    const confirmation = screen.getByRole("group", { name: "Darf der Agent delete_file ausführen?" });
    expect(within(confirmation).getByRole("button", { name: "Genehmigen" })).toBe(document.activeElement);
    expect(within(confirmation).getByRole("button", { name: "Ablehnen" })).toBeTruthy();
    expect(within(confirmation).getByRole("textbox", { name: "Begründung (optional)" })).toBeTruthy();
    // The title is the same label, with the tool's name emphasised.
    const name = within(confirmation).getByText("delete_file", { selector: "strong" });
    expect(name.parentElement!.textContent).toBe("Darf der Agent delete_file ausführen?");
    expect(englishLeftIn(chat)).toEqual([]);

    // Scrolled up: the way back down.
    const log = screen.getByRole("log");
    Object.defineProperty(log, "scrollHeight", { configurable: true, get: () => 5000 });
    Object.defineProperty(log, "clientHeight", { configurable: true, get: () => 200 });
    log.scrollTop = 4800;
    fireEvent.scroll(log);
    log.scrollTop = 0;
    fireEvent.scroll(log);
    expect(await screen.findByRole("button", { name: "Zum Neuesten" })).toBeTruthy();

    // An error, then a run that ends with interrupts and reports its token usage.
    act(() => client.store.update((s) => ({ ...s, status: "running" })));
    expect(status.textContent).toBe("Der Agent macht weiter…");
    dispatch(client, runError("Modell überlastet"));
    expect(status.textContent).toBe("Fehler: Modell überlastet");
    expect(within(screen.getByRole("alert")).getByRole("button", { name: "Erneut versuchen" })).toBeTruthy();
    // A message that was queued behind the failed run, held.
    act(() => client.store.update((s) => ({ ...s, outbox: [{ id: "q1", content: "Noch etwas", state: "held" }] })));
    expect(screen.getByRole("list", { name: "Zu senden" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Noch etwas aus der Warteschlange nehmen" }).textContent).toBe("Entfernen");
    expect(screen.getByRole("button", { name: "Jetzt senden" })).toBeTruthy();
    expect(screen.getByText("Nicht gesendet")).toBeTruthy();
    expect(englishLeftIn(chat)).toEqual([]);
    act(() => client.store.update((s) => ({ ...s, outbox: [] })));

    dispatch(client, runStarted("r3"), {
      ...runFinished("r3", {
        type: "interrupt",
        interrupts: [
          {
            id: "i1",
            reason: "",
            responseSchema: {
              type: "object",
              properties: { size: { enum: ["s", "m"] }, count: { type: "integer" }, n: { type: "number" }, extra: { type: "object" } },
              required: ["count"],
            },
          },
          { id: "i2", reason: "free" },
        ],
      }),
      usage: [{ inputTokens: 10, outputTokens: 5, totalTokens: 15 }],
    });
    const form = screen.getByRole("form", { name: "Der Agent braucht deine Eingabe" });
    expect(within(form).getByRole("option", { name: "Auswählen…" })).toBeTruthy();
    fireEvent.change(within(form).getByRole("spinbutton", { name: "n" }), { target: { value: "1e" } });
    fireEvent.change(within(form).getByRole("textbox", { name: "extra" }), { target: { value: "{" } });
    fireEvent.click(within(form).getByRole("button", { name: "Übernehmen" }));
    expect(within(form).getByText("Pflichtfeld")).toBeTruthy();
    expect(within(form).getByText("Gib gültiges JSON ein")).toBeTruthy();
    fireEvent.change(within(form).getByRole("spinbutton", { name: /count/ }), { target: { value: "1.5" } });
    fireEvent.click(within(form).getByRole("button", { name: "Übernehmen" }));
    expect(within(form).getByText("Gib eine ganze Zahl ein")).toBeTruthy();
    expect(screen.getByText("Antwort (JSON oder Text, optional)")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Abbrechen" })).toHaveLength(2);
    const usage = screen.getByRole("region", { name: "Tokenverbrauch" });
    expect(within(usage).getByText("Letzter Lauf: 15 Token (10 rein, 5 raus)")).toBeTruthy();
    expect(englishLeftIn(chat)).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it("fills in the English defaults for labels that are not given, and nests providers", () => {
    const client = createClient();
    renderWith(
      client,
      <LabelsProvider value={{ send: "Senden", stop: "Anhalten" }}>
        <LabelsProvider value={{ send: "Abschicken", message: undefined }}>
          <Composer />
        </LabelsProvider>
      </LabelsProvider>,
    );
    dispatch(client, runStarted());
    expect(screen.getByRole("button", { name: "Abschicken" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Anhalten" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Message" }).getAttribute("placeholder")).toBe("Message the agent…");
  });
});
