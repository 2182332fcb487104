import { useCapabilities, useSubagents } from "@tandem/react";
import { Chat } from "@tandem/ui";

/** Who the agent says it can delegate to (its AG-UI capabilities), when it says. */
function AdvertisedSubagents() {
  const subagents = useCapabilities()?.multiAgent?.subagents ?? [];
  const active = useSubagents({ active: true });
  if (subagents.length === 0) return null;
  return (
    <section className="pg-card pg-agents" aria-label="Subagents this agent advertises">
      <p>This agent can delegate to:</p>
      <ul>
        {subagents.map((s) => (
          <li key={s.name}>
            <strong>{s.name}</strong>
            {s.description && ` — ${s.description}`}
            {active.some((a) => a.name === s.name) && " (working now)"}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A supervisor delegates to subagents. <Chat> draws each invocation (SUBAGENT_STARTED …
 * FINISHED / ERROR, its messages carrying subagentRunId) as a group with its status; the
 * supervisor's own words stay outside. The footer shows the token usage the run reports.
 */
export default function Subagents() {
  return (
    <>
      <AdvertisedSubagents />
      <Chat
        showUsage
        suggestions={[
          { label: "Write a report", prompt: "write a report about tides" },
          { label: "Let the writer fail", prompt: "write about volcanoes and make the writer fail" },
        ]}
      />
    </>
  );
}
