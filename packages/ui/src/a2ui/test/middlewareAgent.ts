// A scripted AG-UI agent behind the real @ag-ui/a2ui-middleware, served over HTTP by the mock
// agent's server: what an app's backend with A2UI looks like. The agent answers like a backend
// tool that returns `{ a2ui_operations }` (the middleware turns that into ACTIVITY_SNAPSHOTs), and
// reads the user's action from the `log_a2ui_event` call the middleware puts into the thread.
import { A2UIMiddleware } from "@ag-ui/a2ui-middleware";
import { AbstractAgent, type BaseEvent, EventType, type RunAgentInput } from "@ag-ui/client";
import { a2uiSurfaces, type MockAgent, startMockAgent } from "@tandem/mock-agent";
import { Observable } from "rxjs";

/** The middleware's server, and every input the agent behind it received (after the middleware). */
export interface A2uiMiddlewareServer {
  url: string;
  /** What reached the agent: the thread with the middleware's `log_a2ui_event` call for each action. */
  received: RunAgentInput[];
  agent: MockAgent;
  close(): Promise<void>;
}

let ids = 0;
const id = (prefix: string) => `${prefix}-${++ids}`;

/** The user's action the middleware put into the thread, if the run answers one. */
export function loggedAction(input: RunAgentInput): { name: string; context?: Record<string, unknown> } | undefined {
  const last = input.messages.at(-1);
  if (last?.role !== "tool") return undefined;
  for (const m of input.messages) {
    const call = m.role === "assistant" ? m.toolCalls?.find((c) => c.id === last.toolCallId) : undefined;
    if (call?.function.name === "log_a2ui_event") return JSON.parse(call.function.arguments);
  }
  return undefined;
}

class ScriptedAgent extends AbstractAgent {
  constructor(private readonly received: RunAgentInput[]) {
    super();
  }

  override run(input: RunAgentInput): Observable<BaseEvent> {
    this.received.push(input);
    const { threadId, runId } = input;
    const action = loggedAction(input);
    const user = [...input.messages].reverse().find((m) => m.role === "user");
    const operations = action
      ? a2uiSurfaces.confirmed(action as Parameters<typeof a2uiSurfaces.confirmed>[0])
      : /hostile/i.test(String(user?.content ?? ""))
        ? a2uiSurfaces.hostile()
        : a2uiSurfaces.booking();
    const text = action ? "Your table is booked." : "Here is the booking form.";
    const messageId = id("msg");
    const toolCallId = id("call");
    const events = [
      { type: EventType.RUN_STARTED, threadId, runId },
      { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: text },
      { type: EventType.TEXT_MESSAGE_END, messageId },
      {
        type: EventType.TOOL_CALL_START,
        toolCallId,
        toolCallName: action ? "confirm_booking" : "show_surface",
        parentMessageId: messageId,
      },
      { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: "{}" },
      { type: EventType.TOOL_CALL_END, toolCallId },
      { type: EventType.TOOL_CALL_RESULT, messageId: id("result"), toolCallId, content: JSON.stringify({ a2ui_operations: operations }) },
      { type: EventType.RUN_FINISHED, threadId, runId },
    ] as BaseEvent[];
    return new Observable<BaseEvent>((subscriber) => {
      for (const event of events) subscriber.next(event);
      subscriber.complete();
    });
  }
}

/** Starts the scripted agent behind `new A2UIMiddleware()` on 127.0.0.1 and a free port. */
export async function startA2uiMiddlewareServer(): Promise<A2uiMiddlewareServer> {
  const received: RunAgentInput[] = [];
  const middleware = new A2UIMiddleware();
  const agent = await startMockAgent({
    scenario: (input) =>
      new Promise((resolve, reject) => {
        const events: BaseEvent[] = [];
        // The middleware resolves its own copy of @ag-ui/client's types (same version): cast across.
        middleware.run(input, new ScriptedAgent(received) as never).subscribe({
          next: (event) => events.push(event),
          error: reject,
          complete: () => resolve(events as never),
        });
      }),
  });
  return { url: agent.url, received, agent, close: () => agent.close() };
}
