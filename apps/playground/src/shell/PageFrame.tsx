import { indexedDbStorage, type ThreadStorage } from "@tandem/core";
import { AgentProvider } from "@tandem/react";
import { ThreadList } from "@tandem/ui";
import { EventInspector } from "./EventInspector";
import type { PageInfo } from "./pages";
import { SettingsPanel } from "./SettingsPanel";
import type { AgentSettings } from "./settings";

const storages = new Map<string, ThreadStorage>();

/** Each page keeps its threads in an IndexedDB database of its own, made once per page (never per render). */
function storageFor(page: string): ThreadStorage {
  let storage = storages.get(page);
  if (!storage) {
    storage = indexedDbStorage({ name: `playground-${page}` });
    storages.set(page, storage);
  }
  return storage;
}

/**
 * One page: its note, its threads beside the demo (kept in IndexedDB: a reload brings the
 * current one back), the inspector and the page's source.
 */
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
        storage={storageFor(page.path)}
      >
        <div className="pg-workspace">
          <ThreadList className="pg-threads" />
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
