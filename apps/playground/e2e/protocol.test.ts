import {
  answered,
  approved,
  lastUserText,
  type MockAgent,
  newId,
  run,
  runFinished,
  runStarted,
  type Script,
  type Step,
  startMockAgent,
  subagent,
  textMessage,
  toolCall,
  toolResult,
} from "@tandem/mock-agent";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closePages, lastAssistantText, openPage, type Stack, screenshot, send, settled, startStack } from "./stack";

let stack: Stack;
const agents: MockAgent[] = [];
beforeAll(async () => {
  stack = await startStack();
});
afterEach(() => closePages(stack));
afterAll(async () => {
  await Promise.all(agents.map((a) => a.close()));
  await stack?.close();
});
const serve = async (options: Parameters<typeof startMockAgent>[0]) => {
  const agent = await startMockAgent(options);
  agents.push(agent);
  return agent;
};
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
/** Uncaught errors of the page (openPage collects them). */
const errors = (page: object) => (page as { errors: string[] }).errors;

describe("predictive state, whatever the tool is called", () => {
  const BEFORE = "The harbour was quiet.";
  // Not write_document, and the argument is not named after the state key: only PredictState says.
  const script: Script = (input, { tokenDelayMs }) => {
    const confirmed = answered(input, "confirm_changes");
    if (confirmed) {
      // No state event either way: what the user sees after answering is the client's doing.
      return run(input, textMessage(approved(confirmed.result) ? "Kept as it is." : "Dropped it.", { tokenDelayMs }));
    }
    const draft = `A draft about ${lastUserText(input)}. ${"The lamp turned slowly over the water. ".repeat(6)}`.trim();
    const known = (input.state as { document?: string } | undefined)?.document !== undefined;
    return run(input, [
      // The first time, the agent says what the document is; after that, the client's state is the document.
      ...(known ? [] : [{ type: "STATE_SNAPSHOT", snapshot: { document: BEFORE } }]),
      { type: "CUSTOM", name: "PredictState", value: [{ state_key: "document", tool: "compose_prose", tool_argument: "body" }] },
      ...toolCall("compose_prose", { title: "Draft", body: draft }, { chunks: 40, tokenDelayMs }),
      ...toolCall("confirm_changes", {}, { tokenDelayMs }),
    ]);
  };

  it("streams the argument into the document live, keeps it after Approve, restores it after Reject", async () => {
    const agent = await serve({ scenario: script, tokenDelayMs: 10 });
    const page = await openPage(stack, "predictive-state-updates", query({ agent: agent.url }));
    const doc = page.getByTestId("document");
    const predicted = page.locator('[data-testid="document"][data-predicted="true"]');

    // Live: the document grows while the tool's argument streams, marked as the agent's proposal.
    // The argument is held after its 8th and its 20th piece (of 40) to look at it part-written.
    const early = agent.hold({ type: "TOOL_CALL_ARGS", count: 8 });
    const later = agent.hold({ type: "TOOL_CALL_ARGS", count: 20 });
    await send(page, "the lighthouse");
    await early.reached;
    await expect.poll(() => predicted.textContent(), { timeout: 15_000 }).toMatch(/^A draft/);
    const lengthEarly = (await doc.textContent())!.length;
    early.release();
    await later.reached;
    await expect.poll(async () => (await predicted.textContent())!.length, { timeout: 15_000 }).toBeGreaterThan(lengthEarly);
    const lengthLater = (await doc.textContent())!.length;
    later.release();
    await page.getByRole("group", { name: "Confirm changes" }).waitFor({ timeout: 15_000 });
    expect(await doc.getAttribute("data-predicted")).toBe("true");
    const proposal = (await doc.textContent())!;
    expect(proposal.length).toBeGreaterThan(lengthLater);
    expect(proposal).toMatch(/^A draft about the lighthouse\. The lamp turned/);
    await page.getByRole("group", { name: "Confirm changes" }).getByRole("button", { name: "Approve", disabled: false }).click();
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("Kept as it is.");
    await settled(page);
    expect(await doc.textContent()).toBe(proposal);
    expect(await doc.getAttribute("data-predicted")).toBe("false");

    await send(page, "the storm");
    const second = page.getByRole("group", { name: "Confirm changes" }).last();
    await second.getByRole("button", { name: "Reject", disabled: false }).waitFor({ timeout: 15_000 });
    expect(await doc.textContent()).toMatch(/^A draft about the storm\./);
    await second.getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("Dropped it.");
    await settled(page);
    // Back to what the document was before this prediction: the first draft, kept.
    expect(await doc.textContent()).toBe(proposal);
    expect(errors(page)).toEqual([]);
  });
});

describe("SSE read as the spec says", () => {
  const REPLY = "Framing **check**: one, two — three ✓ 🚀\n\n- a list\n- of items";

  /** The reply's events, each framed as the message asks: LF, CRLF, CR, or with every SSE field there is. */
  const framed: Script = (input) => {
    const variant = lastUserText(input);
    const events: Step[] = [runStarted(input), ...textMessage(REPLY, { messageId: newId("reply") }), runFinished(input)];
    const json = events.map((e) => ({ ...(e as object), timestamp: 1 }));
    const frames = json.map((event, i) => {
      switch (variant) {
        case "crlf":
          return `data: ${JSON.stringify(event)}\r\n\r\n`;
        case "cr":
          return `data: ${JSON.stringify(event)}\r\r`;
        case "fields":
          // A comment, event/id/retry fields, data over several lines (some without the space), CRLF and LF mixed.
          return (
            `: keep-alive ${i}\n` +
            "event: message\r\n" +
            `id: ${i}\n` +
            "retry: 3000\n" +
            JSON.stringify(event, null, 2)
              .split("\n")
              .map((line, j) => (j % 2 ? `data:${line}` : `data: ${line}`))
              .join("\r\n") +
            "\r\n\r\n"
          );
        default:
          return `data: ${JSON.stringify(event)}\n\n`;
      }
    });
    const body = (variant === "fields" ? "\uFEFF" : "") + frames.join("");
    if (variant !== "split") return [{ raw: body }];
    // Frames cut anywhere: small pieces, each its own write.
    const chars = Array.from(body);
    const pieces: Step[] = [];
    for (let i = 0; i < chars.length; i += 7) pieces.push({ raw: chars.slice(i, i + 7).join("") }, { delay: 1 });
    return pieces;
  };

  it("renders CRLF, CR, comments, event/id/retry fields, multi-line data, a BOM and split frames exactly like LF", async () => {
    const agent = await serve({ scenario: framed });
    const page = await openPage(stack, "agentic-chat", query({ agent: agent.url }));
    const replies: Array<{ text: string | null; html: string }> = [];
    for (const variant of ["lf", "crlf", "cr", "fields", "split"]) {
      await send(page, variant);
      await expect
        .poll(() => page.locator('[data-testid="message"][data-role="assistant"]').count(), { timeout: 15_000 })
        .toBe(replies.length + 1);
      await settled(page);
      const reply = lastAssistantText(page);
      await reply.locator("ul li").nth(1).waitFor();
      replies.push({ text: await reply.textContent(), html: await reply.locator(".tandem-markdown").innerHTML() });
    }
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(replies[0]!.text).toContain("Framing check: one, two — three ✓ 🚀");
    expect(replies[0]!.text).toContain("of items");
    expect(replies[0]!.html).toContain("<strong>check</strong>");
    for (const reply of replies.slice(1)) expect(reply).toEqual(replies[0]);
    expect(errors(page)).toEqual([]);
  });
});

describe("a server that keeps a thread busy after the client goes away (CopilotKit's runtime)", () => {
  const stopUrl = (agent: MockAgent) => `${agent.baseUrl}/agent/{agentId}/stop/{threadId}`;

  it("with `stop` set: Stop mid-stream reaches the server, and the next message gets its reply", async () => {
    const agent = await serve({ busyThreads: true, tokenDelayMs: 40 });
    const page = await openPage(stack, "agentic-chat", query({ agent: `${agent.baseUrl}/agentic-chat`, stop: stopUrl(agent) }));
    expect(await page.locator(".pg-endpoint").textContent()).toContain("/agent/{agentId}/stop/{threadId}");
    // The story held after its fifth word: Stop is there until the test clicks it.
    const telling = agent.hold({ type: "TEXT_MESSAGE_CONTENT", count: 5 });
    await send(page, "tell me a long story");
    await telling.reached;
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toMatch(/Once upon a time/);
    await page.getByRole("button", { name: "Stop" }).click();
    await settled(page);
    await expect.poll(() => agent.requests.filter((r) => r.path.startsWith("/agent/")).length, { timeout: 5_000 }).toBe(1);
    const stop = agent.requests.find((r) => r.path.startsWith("/agent/"))!;
    const { threadId, runId } = agent.requests.find((r) => r.path === "/agentic-chat")!.body as { threadId: string; runId: string };
    expect([stop.method, stop.path]).toEqual(["POST", `/agent/default/stop/${encodeURIComponent(threadId)}`]);
    expect(stop.body).toEqual({ runId });

    await send(page, "count down from 10");
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("10 9 8 7 6 5 4 3 2 1 ✓");
    await settled(page);
    expect(await page.getByRole("alert").count()).toBe(0);
    await screenshot(page, "busy-thread-stop");
  });

  it("without `stop`: the empty stream becomes an error that names the likely cause", async () => {
    const agent = await serve({ busyThreads: true, tokenDelayMs: 40 });
    const page = await openPage(stack, "agentic-chat", query({ agent: `${agent.baseUrl}/agentic-chat` }));
    // The story held after its fifth word: Stop is there, and the server's run stays busy (it
    // ignores the client going away) until the test releases it.
    const telling = agent.hold({ type: "TEXT_MESSAGE_CONTENT", count: 5 });
    await send(page, "tell me a long story");
    await telling.reached;
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toMatch(/Once upon a time/);
    await page.getByRole("button", { name: "Stop" }).click();
    await settled(page);
    await send(page, "count down from 10");
    const alert = page.getByRole("alert");
    await alert.waitFor({ timeout: 15_000 });
    telling.release();
    expect(await alert.textContent()).toMatch(/empty stream.*busy with an earlier run on this thread.*`stop`/);
    expect(agent.requests.some((r) => r.path.startsWith("/agent/"))).toBe(false);
  });

  it("the settings panel sets the stop URL", async () => {
    const agent = await serve({ busyThreads: true });
    const page = await openPage(stack, "agentic-chat", query({ agent: `${agent.baseUrl}/agentic-chat` }));
    await page.getByText("Settings").click();
    await page.getByLabel("Stop URL").fill(stopUrl(agent));
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("stop")).toBe(stopUrl(agent));
    expect(new URL(page.url()).searchParams.get("agent")).toBe(`${agent.baseUrl}/agentic-chat`);
  });
});

describe("backend tool rendering with a partial result", () => {
  it("the weather card shows only the fields the result carries", async () => {
    const agent = await serve({
      scenario: (input) => {
        const id = newId("weather");
        return run(input, [
          ...toolCall("get_weather", { location: "Oslo" }, { toolCallId: id }),
          toolResult(id, { city: "Oslo", temperature: 4, conditions: "Sleet" }),
          ...textMessage("Cold."),
        ]);
      },
    });
    const page = await openPage(stack, "backend-tool-rendering", query({ agent: agent.url }));
    await send(page, "weather in Oslo?");
    const card = page.getByTestId("weather-card");
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain("Sleet");
    await settled(page);
    expect(await card.locator("dt").allTextContents()).toEqual(["Temperature", "Conditions"]);
    expect(await card.locator("dd").allTextContents()).toEqual(["4°C", "Sleet"]);
    expect(await card.textContent()).not.toMatch(/%|km\/h|Humidity|Wind|Feels like/);
  });
});

describe("AG-UI 1.x rules every stack is held to", () => {
  it("several runs on one stream each land in order, data-running follows each; a stream cut mid-run is an error with Retry", async () => {
    let turn = 0;
    const agent = await serve({
      scenario: (input, { tokenDelayMs }) => {
        turn++;
        const say = (text: string) => textMessage(text, { tokenDelayMs });
        // The first request: a replayed run (A2A's middleware sends its own run id twice), then the one asked for.
        if (turn === 1) return [...run(input, say("Asked the other agent.")), ...run(input, say("It says yes."))];
        // The second: cut before its run ends (no RUN_FINISHED; the mock has nothing more to resume).
        if (turn === 2) return [runStarted(input), ...say("Half a rep")];
        return run(input, say("A whole reply."));
      },
    });
    const page = await openPage(stack, "agentic-chat", query({ agent: agent.url }));
    const chat = page.getByTestId("tandem-chat");
    const between = agent.hold({ type: "RUN_FINISHED", count: 1 });
    const second = agent.hold({ type: "RUN_STARTED", count: 2 });
    await send(page, "ask the other agent");
    await between.reached;
    await expect.poll(() => chat.getAttribute("data-running"), { timeout: 15_000 }).toBe("false");
    expect(await lastAssistantText(page).textContent()).toContain("Asked the other agent.");
    between.release();
    await second.reached;
    await expect.poll(() => chat.getAttribute("data-running"), { timeout: 15_000 }).toBe("true");
    second.release();
    await settled(page);
    const replies = page.locator('[data-testid="message"][data-role="assistant"]');
    expect(await replies.allTextContents()).toEqual([
      expect.stringContaining("Asked the other agent."),
      expect.stringContaining("It says yes."),
    ]);

    await send(page, "and then?");
    const alert = page.getByRole("alert");
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.textContent()).toMatch(/closed before the agent finished its reply/);
    expect(await chat.getAttribute("data-running")).toBe("false");
    expect(await lastAssistantText(page).textContent()).toContain("Half a rep");
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => lastAssistantText(page).textContent(), { timeout: 15_000 }).toContain("A whole reply.");
    await settled(page);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(errors(page)).toEqual([]);
  });

  it("a continuation tagged for another subagent is refused: the researcher's message keeps its text, the run fails", async () => {
    let turn = 0;
    const agent = await serve({
      scenario: (input, { tokenDelayMs }) =>
        turn++ === 0
          ? run(input, subagent({ name: "researcher" }, textMessage("Tides rise twice a day.", { messageId: "m-research", tokenDelayMs })))
          : run(input, subagent({ name: "writer" }, textMessage(" The writer was here.", { messageId: "m-research", tokenDelayMs }))),
    });
    const page = await openPage(stack, "subagents", query({ agent: agent.url }));
    await send(page, "research tides");
    const researcher = page.getByRole("group", { name: "Subagent: researcher" });
    await expect.poll(() => researcher.getAttribute("data-status"), { timeout: 15_000 }).toBe("finished");
    await settled(page);
    await send(page, "now write it");
    const alert = page.getByRole("alert");
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.textContent()).toMatch(/does not match the message 'm-research' opener's subagent/);
    expect(await page.getByRole("group", { name: "Subagent: writer" }).getAttribute("data-status")).toBe("failed");
    await researcher.getByRole("button", { name: /researcher/ }).click();
    expect(await researcher.textContent()).toContain("Tides rise twice a day.");
    expect(await page.getByText("The writer was here.").count()).toBe(0);
  });
});
