import { indexedDbStorage, restStorage, type ThreadStorage } from "@tandem/core";
import { AgentProvider } from "@tandem/react";
import { ThreadList } from "@tandem/ui";
import { useCallback, useId, useRef, useState } from "react";
import { EventInspector } from "./EventInspector";
import { logFeedback } from "./feedbackLog";
import { Panel, type PanelName } from "./Panel";
import type { PageInfo } from "./pages";
import { SettingsPanel } from "./SettingsPanel";
import type { AgentSettings } from "./settings";

const storages = new Map<string, ThreadStorage>();

/**
 * Where a page keeps its threads, made once per page and place (never per render): the server
 * `?threads=` names (its session cookie sent along), else an IndexedDB database of the page's own.
 */
function storageFor(page: string, threads: string | undefined): ThreadStorage {
  const key = threads === undefined ? page : `${page} ${threads}`;
  let storage = storages.get(key);
  if (!storage) {
    storage =
      threads === undefined ? indexedDbStorage({ name: `playground-${page}` }) : restStorage({ url: threads, credentials: "include" });
    storages.set(key, storage);
  }
  return storage;
}

/**
 * One page: its note, its threads beside the demo (kept in IndexedDB, or on the `?threads=`
 * server: a reload brings the current one back), the inspector and the page's source. The page
 * fills the window and the chat scrolls inside it; below a tablet's width the threads and the
 * inspector are panels that the "Threads" and "Inspector" buttons open.
 */
export function PageFrame({ page, settings }: { page: PageInfo; settings: AgentSettings }) {
  const { Page } = page;
  const id = useId();
  const [open, setOpen] = useState<PanelName | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const toggles = { threads: useRef<HTMLButtonElement>(null), inspector: useRef<HTMLButtonElement>(null) };
  const toggle = (name: PanelName, label: string) => (
    <button
      ref={toggles[name]}
      type="button"
      className="tandem-button"
      aria-expanded={open === name}
      aria-controls={`${id}-${name}`}
      onClick={() => setOpen(open === name ? null : name)}
    >
      {label}
    </button>
  );
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
          {settings.transport === "websocket" && (
            <>
              {" "}
              over <code>WebSocket</code>
            </>
          )}
          {settings.threads && (
            <>
              {" "}
              threads → <code>{settings.threads}</code>
            </>
          )}
        </p>
        <div className="pg-page-tools">
          <SettingsPanel settings={settings} />
          <details className="pg-source">
            <summary>Source of this page</summary>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the source scrolls; a keyboard must reach it (axe's scrollable-region-focusable) */}
            <pre tabIndex={0}>
              <code>{page.source}</code>
            </pre>
          </details>
        </div>
        <div className="pg-panel-toggles">
          {toggle("threads", "Threads")}
          {toggle("inspector", "Inspector")}
        </div>
      </header>
      <AgentProvider
        key={`${page.path} ${settings.protocol} ${settings.agent} ${settings.agentId ?? ""} ${settings.stop ?? ""} ${settings.capabilities ?? ""} ${settings.threads ?? ""} ${settings.resume ?? ""} ${settings.transport}`}
        url={settings.agent}
        protocol={settings.protocol}
        {...(settings.agentId !== undefined && { agentId: settings.agentId })}
        {...(settings.stop !== undefined && { stop: settings.stop })}
        {...((settings.retryMs !== undefined || settings.retryMaxMs !== undefined) && {
          retry: {
            ...(settings.retryMs !== undefined && { delayMs: settings.retryMs }),
            maxDelayMs: Math.max(settings.retryMaxMs ?? 30_000, settings.retryMs ?? 0),
          },
        })}
        {...(settings.capabilities !== undefined && settings.protocol === "ag-ui" && { capabilities: settings.capabilities })}
        {...(settings.resume !== undefined && settings.protocol === "ag-ui" && { resume: settings.resume })}
        {...(settings.transport === "websocket" && settings.protocol === "ag-ui" && { websocket: true })}
        {...(page.initialState !== undefined && { initialState: page.initialState })}
        {...(page.takesFeedback && { onFeedback: logFeedback, ...(settings.feedback && { feedback: settings.feedback }) })}
        storage={storageFor(page.path, settings.threads)}
        // The inspector is a lazy chunk: the log keeps what happened before it mounted.
        eventLog={20_000}
        // Its Diagnostics lane: what the kit refused, repaired or stripped, with the rule broken.
        diagnostics={500}
      >
        <div className="pg-workspace">
          <Panel id={`${id}-threads`} label="Threads" side="start" open={open === "threads"} toggle={toggles.threads} onClose={close}>
            <ThreadList className="pg-threads" />
          </Panel>
          <div className="pg-demo">
            <Page />
          </div>
          <Panel id={`${id}-inspector`} label="Inspector" side="end" open={open === "inspector"} toggle={toggles.inspector} onClose={close}>
            <EventInspector />
          </Panel>
        </div>
      </AgentProvider>
    </>
  );
}
