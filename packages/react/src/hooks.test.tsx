import { runFinished, runStarted, textMessage, toolCall, toolResults } from "@tandem/mock-agent";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bodies, renderWith, serve, Transcript } from "./test/harness.js";
import { useAgent } from "./useAgent.js";
import { useAgentState } from "./useAgentState.js";
import { useFrontendTool, useHumanInTheLoop } from "./useFrontendTool.js";

const send = () => fireEvent.click(screen.getByRole("button", { name: "Send" }));
const items = () => screen.getAllByRole("listitem").map((li) => [li.dataset.role, li.textContent]);

describe("useAgent against a local SSE agent", () => {
  it("shows the user's message and the streamed reply", async () => {
    const agent = await serve(async function* (input) {
      yield runStarted(input);
      yield* textMessage(["Stream", "ing ", "works"], { messageId: "a1" });
      yield runFinished(input);
    });
    renderWith(agent, <Transcript />);
    send();
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("idle"));
    expect(items()).toEqual([
      ["user", "hello"],
      ["assistant", "Streaming works"],
    ]);
  });

  it("executes a frontend tool and shows the follow-up run's answer", async () => {
    const agent = await serve((input) =>
      input.messages.at(-1)?.role === "tool"
        ? [runStarted(input), ...textMessage([`Done: ${toolResults(input)[0]!.content}`], { messageId: "a2" }), runFinished(input)]
        : [
            runStarted(input),
            ...toolCall("change_background", { background: "navy" }, { toolCallId: "c1", parentMessageId: "m-c1", chunks: 2 }),
            runFinished(input),
          ],
    );
    function App() {
      useFrontendTool({
        name: "change_background",
        description: "Change the page background",
        parameters: z.object({ background: z.string() }),
        handler: ({ background }) => {
          document.body.style.background = background;
          return `background is ${background}`;
        },
      });
      return <Transcript prompt="navy please" />;
    }
    renderWith(agent, <App />);
    send();
    await waitFor(() => expect(screen.getByText("Done: background is navy")).toBeTruthy());
    expect(document.body.style.background).toBe("navy");
    expect(bodies(agent)[0]!.tools[0]).toMatchObject({ name: "change_background", description: "Change the page background" });
  });

  it("waits for a human-in-the-loop answer given through render's respond", async () => {
    const agent = await serve((input) =>
      input.messages.at(-1)?.role === "tool"
        ? [runStarted(input), ...textMessage([`You said ${toolResults(input)[0]!.content}`], { messageId: "a2" }), runFinished(input)]
        : [
            runStarted(input),
            ...toolCall("confirm_delete", { file: "a.txt" }, { toolCallId: "c1", parentMessageId: "m-c1", chunks: 2 }),
            runFinished(input),
          ],
    );
    function App() {
      useHumanInTheLoop({
        name: "confirm_delete",
        parameters: z.object({ file: z.string() }),
        render: ({ args, status, respond }) =>
          status === "awaiting-input" ? (
            <button type="button" onClick={() => respond?.("yes")}>
              Delete {args?.file}?
            </button>
          ) : null,
      });
      const { toolCalls, respond } = useAgent();
      return (
        <>
          <Transcript />
          {toolCalls.map((c) =>
            c.status === "awaiting-input" ? (
              <button type="button" key={c.id} onClick={() => respond(c.id, "yes")}>
                Delete {(c.args as { file: string }).file}?
              </button>
            ) : null,
          )}
        </>
      );
    }
    renderWith(agent, <App />);
    send();
    const confirm = await screen.findByRole("button", { name: "Delete a.txt?" });
    expect(screen.getByTestId("status").textContent).toBe("awaiting-input");
    await new Promise((r) => setTimeout(r, 50));
    expect(agent.requests).toHaveLength(1);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByText("You said yes")).toBeTruthy());
    expect(agent.requests).toHaveLength(2);
  });

  it("resolves two parallel tool calls, each with its own answer", async () => {
    const agent = await serve((input) =>
      input.messages.at(-1)?.role === "tool"
        ? [
            runStarted(input),
            ...textMessage(
              [
                toolResults(input)
                  .map((m) => `${m.toolCallId}=${m.content}`)
                  .join(" "),
              ],
              { messageId: "a2" },
            ),
            runFinished(input),
          ]
        : [
            runStarted(input),
            ...toolCall("pick", { n: 1 }, { toolCallId: "c1", parentMessageId: "m", chunks: 2 }),
            ...toolCall("pick", { n: 2 }, { toolCallId: "c2", parentMessageId: "m", chunks: 2 }),
            runFinished(input),
          ],
    );
    function App() {
      const { toolCalls, respond } = useAgent();
      useHumanInTheLoop({ name: "pick", parameters: { type: "object", properties: { n: { type: "number" } } }, render: () => null });
      return (
        <>
          <Transcript />
          {toolCalls
            .filter((c) => c.status === "awaiting-input")
            .map((c) => (
              <button type="button" key={c.id} onClick={() => respond(c.id, `picked ${(c.args as { n: number }).n}`)}>
                Answer {c.id}
              </button>
            ))}
        </>
      );
    }
    renderWith(agent, <App />);
    send();
    fireEvent.click(await screen.findByRole("button", { name: "Answer c2" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Answer c2" })).toBeNull());
    expect(agent.requests).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Answer c1" }));
    await waitFor(() => expect(screen.getByText("c1=picked 1 c2=picked 2")).toBeTruthy());
  });

  it("follows state snapshots and deltas and sends setState back", async () => {
    const agent = await serve(async function* (input) {
      const recipe = (input.state as { recipe?: { title: string; ingredients: string[] } }).recipe;
      yield runStarted(input);
      yield { type: "STATE_SNAPSHOT", snapshot: { recipe: { title: recipe?.title ?? "Soup", ingredients: recipe?.ingredients ?? [] } } };
      yield { delay: 20 };
      yield { type: "STATE_DELTA", delta: [{ op: "add", path: "/recipe/ingredients/-", value: "salt" }] };
      yield runFinished(input);
    });
    type S = { recipe?: { title: string; ingredients: string[] } };
    function App() {
      const [state, setState] = useAgentState<S>();
      const title = useAgentState((s?: S) => s?.recipe?.title);
      return (
        <>
          <p data-testid="title">{title}</p>
          <p data-testid="ingredients">{state?.recipe?.ingredients.join(",")}</p>
          <button
            type="button"
            onClick={() => setState((s) => ({ recipe: { title: "Stew", ingredients: [...(s?.recipe?.ingredients ?? []), "beans"] } }))}
          >
            Edit
          </button>
          <Transcript />
        </>
      );
    }
    renderWith(agent, <App />, { initialState: {} });
    send();
    await waitFor(() => expect(screen.getByTestId("ingredients").textContent).toBe("salt"));
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("idle"));
    expect(screen.getByTestId("title").textContent).toBe("Soup");
    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    expect(screen.getByTestId("title").textContent).toBe("Stew");
    send();
    await waitFor(() => expect(agent.requests).toHaveLength(2));
    expect(bodies(agent)[1]!.state).toEqual({ recipe: { title: "Stew", ingredients: ["salt", "beans"] } });
    await waitFor(() => expect(screen.getByTestId("ingredients").textContent).toBe("salt,beans,salt"));
  });
});

describe("useAgent errors", () => {
  const failures = {
    "a 500 response": { status: 500, body: { error: "upstream exploded" } },
    "a dropped connection": "drop",
    "a truncated stream": "truncate",
  } as const;

  for (const [label, failure] of Object.entries(failures)) {
    it(`shows ${label} as an error, keeps the user's message, and retry() succeeds`, async () => {
      let attempt = 0;
      const agent = await serve((input) => {
        if (attempt++ === 0) {
          if (failure === "drop")
            return [runStarted(input), ...textMessage(["part"], { messageId: "p" }).slice(0, 2), { delay: 10 }, { drop: true }];
          if (failure === "truncate") return [runStarted(input), ...textMessage(["part"], { messageId: "p" })];
          return failure;
        }
        return [runStarted(input), ...textMessage(["Recovered"], { messageId: "ok" }), runFinished(input)];
      });
      renderWith(agent, <Transcript />);
      send();
      await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("error"));
      // A drop is resumed first; the mock's run died with the connection, so it is not continued: truncated.
      expect(screen.getByRole("alert").textContent).toMatch(typeof failure === "object" ? /^http: upstream exploded/ : /^truncated/);
      expect(items()[0]).toEqual(["user", "hello"]);
      if (failure !== "drop" && typeof failure !== "string") expect(items()).toHaveLength(1);
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
      await waitFor(() => expect(screen.getByText("Recovered")).toBeTruthy());
      expect(screen.getByTestId("status").textContent).toBe("idle");
      expect(items()).toEqual([
        ["user", "hello"],
        ["assistant", "Recovered"],
      ]);
      expect(screen.queryByRole("alert")).toBeNull();
    });
  }

  it("Stop mid-stream leaves an idle thread with the partial reply", async () => {
    const agent = await serve(async function* (input, ctx) {
      yield runStarted(input);
      yield { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" };
      for (let i = 1; i <= 500 && !ctx.signal.aborted; i++) {
        yield { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: `${i} ` };
        yield { delay: 5 };
      }
    });
    renderWith(agent, <Transcript />);
    send();
    await waitFor(() => expect(screen.getAllByRole("listitem")[1]?.textContent).toMatch(/^1 2 3/));
    act(() => fireEvent.click(screen.getByRole("button", { name: "Stop" })));
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("idle"));
    const partial = screen.getAllByRole("listitem")[1]!.textContent!;
    await new Promise((r) => setTimeout(r, 60));
    expect(screen.getAllByRole("listitem")[1]!.textContent).toBe(partial);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
