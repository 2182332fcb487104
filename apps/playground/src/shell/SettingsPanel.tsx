import { type FormEvent, useId } from "react";
import { navigate } from "./router";
import { type AgentSettings, PROTOCOLS, TRANSPORTS } from "./settings";

/** The same as editing the query string: which server, which dialect, which agent. */
export function SettingsPanel({ settings }: { settings: AgentSettings }) {
  const id = useId();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const query = new URLSearchParams();
    query.set("agent", String(form.get("agent")));
    query.set("protocol", String(form.get("protocol")));
    if (form.get("transport") === "websocket") query.set("transport", "websocket");
    for (const name of ["agentId", "stop", "capabilities", "threads"]) {
      const value = String(form.get(name) ?? "").trim();
      if (value) query.set(name, value);
    }
    navigate(`${window.location.pathname}?${query}`);
  };
  return (
    <details className="pg-settings">
      <summary>Settings</summary>
      <form
        className="tandem-field"
        onSubmit={apply}
        key={`${settings.agent} ${settings.protocol} ${settings.agentId ?? ""} ${settings.stop ?? ""} ${settings.threads ?? ""} ${settings.transport}`}
      >
        <label htmlFor={`${id}-agent`}>Agent URL</label>
        <input id={`${id}-agent`} name="agent" type="url" defaultValue={settings.agent} required />
        <label htmlFor={`${id}-protocol`}>Protocol</label>
        <select id={`${id}-protocol`} name="protocol" defaultValue={settings.protocol}>
          {PROTOCOLS.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
        <label htmlFor={`${id}-transport`}>Transport (AG-UI)</label>
        <select id={`${id}-transport`} name="transport" defaultValue={settings.transport}>
          {TRANSPORTS.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
        <label htmlFor={`${id}-agentId`}>Agent id (agent runtime)</label>
        <input id={`${id}-agentId`} name="agentId" defaultValue={settings.agentId ?? ""} />
        <label htmlFor={`${id}-stop`}>Stop URL</label>
        <input
          id={`${id}-stop`}
          name="stop"
          type="text"
          inputMode="url"
          placeholder="http://host/agent/{agentId}/stop/{threadId}"
          aria-describedby={`${id}-stop-hint`}
          defaultValue={settings.stop ?? ""}
        />
        <p id={`${id}-stop-hint`} className="pg-muted pg-settings__hint">
          POSTed when you press Stop, for servers that keep a thread busy after the client goes away. {"{threadId}"}, {"{runId}"} and{" "}
          {"{agentId}"} are filled in.
        </p>
        <label htmlFor={`${id}-threads`}>Threads URL</label>
        <input
          id={`${id}-threads`}
          name="threads"
          type="url"
          placeholder="http://host/threads"
          aria-describedby={`${id}-threads-hint`}
          defaultValue={settings.threads ?? ""}
        />
        <p id={`${id}-threads-hint`} className="pg-muted pg-settings__hint">
          A server that keeps threads (the thread-store REST contract), your session cookie sent along; empty keeps them in this browser.
        </p>
        <button type="submit" className="tandem-button tandem-button--primary">
          Apply
        </button>
      </form>
    </details>
  );
}
