import { AppBridge } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { CallToolResult, ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { isWebUrl } from "../util/urlPolicy.js";
import type { McpAppContent } from "./content.js";
import type { McpRequest } from "./proxy.js";
import type { ResourceCsp } from "./srcdoc.js";
import type { HostContext } from "./theme.js";

/** The host's name and version, as the app reads them from `ui/initialize`. */
const HOST_INFO = { name: "Tandem", version: "0.1.0" };

/** What the host side of one app needs. */
export interface HostBridgeOptions {
  /** The tool that opened the app. */
  toolName: string;
  content: McpAppContent;
  /** MCP requests to the app's server, through the agent. */
  request: McpRequest;
  /** Theme, styles and display mode sent at `ui/initialize`. */
  hostContext: HostContext;
  /** The policy the frame runs under, told to the app. */
  csp: ResourceCsp | undefined;
  /** The app asked for another size (CSS pixels; either may be missing). */
  onSize(size: { width?: number | undefined; height?: number | undefined }): void;
  /** The app asked to open `url` (http or https only): resolves true once the user agreed. */
  confirmLink(url: string): Promise<boolean>;
  /** Opens a link the user agreed to (default: a new tab, without opener or referrer). */
  openLink?(url: string): void;
  /** The clock of the rate limit (ms); `Date.now` by default. */
  now?(): number;
}

/** ext-apps' `McpUiHostContext` (its style variables are a closed set of names; ours are a subset). */
type BridgeHostContext = NonNullable<NonNullable<ConstructorParameters<typeof AppBridge>[3]>["hostContext"]>;

/**
 * An MCP transport, as the MCP SDK's `Transport` is shaped: ext-apps' `PostMessageTransport` for a
 * frame, or the SDK's in-memory pair in tests. (Tandem's types do not name ext-apps' own: they do
 * not resolve under `nodenext`.)
 */
export interface BridgeTransport {
  /** Starts listening for the app's messages. */
  start(): Promise<void>;
  /** Sends the app one JSON-RPC message. */
  send(message: object, options?: object): Promise<void>;
  /** Stops listening. */
  close(): Promise<void>;
}

/** The host side of one app's bridge: answers the app once connected, until closed. */
export interface HostBridge {
  /** Starts answering the app over `transport`. */
  connect(transport: BridgeTransport): Promise<void>;
  /** Stops answering it (closes the transport). */
  close(): Promise<void>;
}

/**
 * How many `tools/call` one app may make: at most `calls` in any `perMs` window (a sliding
 * window). Past it, the app's call is refused with a JSON-RPC error and never reaches the server.
 */
export const APP_TOOL_CALL_LIMIT = { calls: 20, perMs: 10_000 } as const;

/** The most `tools/list` pages read for one app (a server that pages forever is cut off). */
const MAX_TOOL_PAGES = 20;

/**
 * Whether a tool may be called by an app, as the MCP Apps spec (SEP-1865) says: its
 * `_meta.ui.visibility` lists `"app"`, or is absent (the default is `["model", "app"]`).
 */
export function visibleToApps(tool: unknown): boolean {
  if (typeof tool !== "object" || tool === null) return false;
  const meta = (tool as { _meta?: unknown })._meta;
  const ui = typeof meta === "object" && meta !== null ? (meta as { ui?: unknown }).ui : undefined;
  const visibility = typeof ui === "object" && ui !== null ? (ui as { visibility?: unknown }).visibility : undefined;
  if (visibility === undefined) return true;
  return Array.isArray(visibility) && visibility.includes("app");
}

/** The names of the server's tools an app may call, read with `tools/list` through the agent. */
async function appToolsOf(request: McpRequest, signal?: AbortSignal): Promise<Set<string>> {
  const names = new Set<string>();
  let cursor: unknown;
  for (let page = 0; page < MAX_TOOL_PAGES; page++) {
    const answer = await request("tools/list", typeof cursor === "string" ? { cursor } : {}, signal);
    const tools = Array.isArray(answer.tools) ? answer.tools : [];
    for (const tool of tools)
      if (visibleToApps(tool) && typeof (tool as { name?: unknown }).name === "string") names.add((tool as { name: string }).name);
    cursor = answer.nextCursor;
    if (typeof cursor !== "string") break;
  }
  return names;
}

const openInNewTab = (url: string) => {
  window.open(url, "_blank", "noopener,noreferrer");
};

/**
 * The host side of the MCP Apps bridge (ext-apps' `AppBridge`), not yet connected: answers
 * `ui/initialize` with the host context, then sends the tool's input and result; proxies the app's
 * `tools/call` (only to tools visible to apps, see {@link visibleToApps}, and at most
 * {@link APP_TOOL_CALL_LIMIT}) and `resources/read` through the agent; applies size changes; opens http(s) links
 * only after `confirmLink` resolves true. Everything else the app asks is refused (method not found).
 */
export function createHostBridge(options: HostBridgeOptions): HostBridge {
  const { content, request } = options;
  const bridge = new AppBridge(
    null,
    HOST_INFO,
    {
      openLinks: {},
      serverTools: {},
      serverResources: {},
      logging: {},
      ...(options.csp && { sandbox: { csp: options.csp } }),
    },
    {
      hostContext: {
        ...options.hostContext,
        toolInfo: { tool: { name: options.toolName, inputSchema: { type: "object" } } },
        displayMode: "inline",
        availableDisplayModes: ["inline"],
      } as unknown as BridgeHostContext,
    },
  );
  bridge.oninitialized = () => {
    void bridge.sendToolInput({ arguments: content.toolInput }).catch(() => {});
    void bridge.sendToolResult(content.result as CallToolResult).catch(() => {});
  };
  // The tools the app may call, read once (again after a failure); calls made in the window.
  let appTools: Promise<Set<string>> | undefined;
  const calls: number[] = [];
  const now = options.now ?? (() => Date.now());
  bridge.oncalltool = async (params, extra) => {
    const at = now();
    while (calls.length > 0 && calls[0]! <= at - APP_TOOL_CALL_LIMIT.perMs) calls.shift();
    if (calls.length >= APP_TOOL_CALL_LIMIT.calls)
      throw new Error(`Too many tool calls: an app may make ${APP_TOOL_CALL_LIMIT.calls} every ${APP_TOOL_CALL_LIMIT.perMs / 1000} s.`);
    calls.push(at);
    appTools ??= appToolsOf(request, extra.signal);
    let allowed: Set<string>;
    try {
      allowed = await appTools;
    } catch (error) {
      appTools = undefined;
      throw new Error(`Refused: the server's tool list could not be read (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (!allowed.has(params.name)) throw new Error(`Refused: the tool "${params.name}" is not visible to apps.`);
    return (await request("tools/call", params, extra.signal)) as CallToolResult;
  };
  bridge.onreadresource = async (params, extra) => (await request("resources/read", params, extra.signal)) as ReadResourceResult;
  bridge.onsizechange = (size) => options.onSize(size);
  bridge.onopenlink = async ({ url }) => {
    if (!isWebUrl(url)) return { isError: true };
    if (!(await options.confirmLink(url))) return { isError: true };
    (options.openLink ?? openInNewTab)(url);
    return {};
  };
  bridge.onrequestdisplaymode = async () => ({ mode: "inline" });
  bridge.onloggingmessage = () => {};
  let connected: BridgeTransport | undefined;
  return {
    connect(transport) {
      connected = transport;
      return bridge.connect(transport as Parameters<AppBridge["connect"]>[0]);
    },
    close: async () => connected?.close(),
  };
}
