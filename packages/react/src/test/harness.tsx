import type { Message, RunAgentInput } from "@tandem/core";
import { type MockAgent, type Script, startMockAgent } from "@tandem/mock-agent";
import { cleanup, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach } from "vitest";
import { AgentProvider, type AgentProviderProps } from "../AgentProvider.js";
import { useAgent } from "../useAgent.js";

let agents: MockAgent[] = [];
afterEach(async () => {
  cleanup();
  await Promise.all(agents.map((a) => a.close()));
  agents = [];
});

export async function serve(script: Script): Promise<MockAgent> {
  const agent = await startMockAgent({ scenario: script });
  agents.push(agent);
  return agent;
}

export const bodies = (agent: MockAgent) => agent.requests.map((r) => r.body as RunAgentInput);

export function renderWith(agent: MockAgent, ui: ReactNode, props: Partial<AgentProviderProps> = {}) {
  return render(
    <AgentProvider url={agent.url} threadId="t1" {...props}>
      {ui}
    </AgentProvider>,
  );
}

const text = (m: Message) => (typeof m.content === "string" ? m.content : "");

/** A bare transcript over useAgent, as an app would write one. */
export function Transcript({ prompt = "hello" }: { prompt?: string }) {
  const { messages, status, error, sendMessage, retry, stop } = useAgent();
  return (
    <div>
      <output data-testid="status">{status}</output>
      {error && (
        <p role="alert">
          {error.kind}: {error.message}
        </p>
      )}
      <ul>
        {messages.map((m) => (
          <li key={m.id} data-role={m.role}>
            {text(m)}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => void sendMessage(prompt)}>
        Send
      </button>
      <button type="button" onClick={() => void retry()}>
        Retry
      </button>
      <button type="button" onClick={() => stop()}>
        Stop
      </button>
    </div>
  );
}
