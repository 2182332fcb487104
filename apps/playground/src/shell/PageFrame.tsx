import { AgentProvider } from "@tandem/react";
import { EventInspector } from "./EventInspector";
import type { PageInfo } from "./pages";
import { SettingsPanel } from "./SettingsPanel";
import type { AgentSettings } from "./settings";

/** One page: its note, the demo inside its own agent thread, the inspector and the page's source. */
export function PageFrame({ page, settings }: { page: PageInfo; settings: AgentSettings }) {
  const { Page } = page;
  return (
    <>
      <header className="pg-page-header">
        <h1>{page.title}</h1>
        <p>{page.note}</p>
        <p className="pg-endpoint">
          <code>{settings.protocol}</code> → <code>{settings.agent}</code>
          {settings.agentId && (
            <>
              {" "}
              agent <code>{settings.agentId}</code>
            </>
          )}
          {settings.stop && (
            <>
              {" "}
              stop → <code>{settings.stop}</code>
            </>
          )}
        </p>
        <SettingsPanel settings={settings} />
      </header>
      <AgentProvider
        key={`${page.path} ${settings.protocol} ${settings.agent} ${settings.agentId ?? ""} ${settings.stop ?? ""} ${settings.capabilities ?? ""}`}
        url={settings.agent}
        protocol={settings.protocol}
        {...(settings.agentId !== undefined && { agentId: settings.agentId })}
        {...(settings.stop !== undefined && { stop: settings.stop })}
        {...(settings.capabilities !== undefined && settings.protocol === "ag-ui" && { capabilities: settings.capabilities })}
        {...(page.initialState !== undefined && { initialState: page.initialState })}
      >
        <div className="pg-workspace">
          <div className="pg-demo">
            <Page />
          </div>
          <EventInspector />
        </div>
      </AgentProvider>
      <details className="pg-source">
        <summary>Source of this page</summary>
        <pre>
          <code>{page.source}</code>
        </pre>
      </details>
    </>
  );
}
