import { PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { useAgentClient } from "@tandem/react";
import { type ComponentPropsWithoutRef, useEffect, useMemo, useRef, useState } from "react";
import { cx } from "../util/cx.js";
import { PartFailed } from "../util/PartFailed.js";
import { createHostBridge } from "./bridge.js";
import { readContent } from "./content.js";
import { LinkConfirmation, type PendingLink } from "./LinkConfirmation.js";
import { DEFAULT_MCP_APP_LABELS, type McpAppLabels } from "./labels.js";
import { mcpRequester, resourceHtml } from "./proxy.js";
import { appDocument, type ResourceCsp } from "./srcdoc.js";
import { hostContextOf } from "./theme.js";
import { toolNameOf } from "./toolName.js";

/** Props of `<McpApp>`: a `<div>`'s props, plus the `mcp-apps` activity it draws. */
export interface McpAppProps extends Omit<ComponentPropsWithoutRef<"div">, "content" | "children"> {
  /** The activity message's id (its tool call names the frame). */
  messageId: string;
  /** The activity's content, as `@ag-ui/mcp-apps-middleware` emits it (see `McpAppContent`). */
  content: Record<string, unknown>;
  /** Words shown around the app; English by default. */
  labels?: Partial<McpAppLabels>;
  /** Opens a link the user agreed to (default: a new tab without opener or referrer). */
  onOpenLink?: (url: string) => void;
}

/** The frame's height before the app reports its own, and the most an app may ask for (CSS px). */
const INITIAL_HEIGHT = 120;
const MAX_HEIGHT = 2000;

type Loaded = { html: string; csp: ResourceCsp | undefined } | { error: string } | null;

/**
 * An MCP app (`activityType: "mcp-apps"`): its `ui://` resource read through the agent and shown
 * in a frame sandboxed without `allow-same-origin` (an opaque origin: no access to the page, its
 * storage or cookies), under a restrictive Content-Security-Policy, titled with its tool's name,
 * inside `data-testid="mcp-app"`. The host side of the MCP Apps bridge answers the frame, and only
 * it: the app's tool calls go to its server through the agent, size changes resize the frame
 * (height, up to 2000 px), and links open only after the user confirms.
 */
export function McpApp({ messageId, content: raw, labels: labelsProp, onOpenLink, className, ...rest }: McpAppProps) {
  const labels = { ...DEFAULT_MCP_APP_LABELS, ...labelsProp };
  const client = useAgentClient();
  const content = useMemo(() => readContent(raw), [raw]);
  // Read once: the call and its result come before the activity, and a row that follows the
  // thread on every token would cost each app a walk of the thread per token.
  const [toolName] = useState(() => toolNameOf(client.state, messageId));
  const title = toolName ?? (typeof content === "string" ? labels.app : content.resourceUri);
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const [pending, setPending] = useState<PendingLink | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  // The frame's document, counted: each Retry after a navigation loads the app in a new frame.
  const [generation, setGeneration] = useState(0);
  const [navigated, setNavigated] = useState(false);
  // Loads of the frame since its document was set: the first is the app; any later one is a new
  // document the frame navigated to, which the bridge never answers.
  const loads = useRef<{ set: boolean; count: number }>({ set: false, count: 0 });
  const request = useMemo(() => (typeof content === "string" ? null : mcpRequester(client, content)), [client, content]);
  const uri = typeof content === "string" ? null : content.resourceUri;

  // The resource, read through the agent once per app.
  useEffect(() => {
    if (!request || !uri) return;
    const controller = new AbortController();
    request("resources/read", { uri }, controller.signal).then(
      (answer) => {
        const { html, meta } = resourceHtml(answer);
        const ui = meta.ui as { csp?: ResourceCsp } | undefined;
        setLoaded({ html, csp: ui?.csp });
      },
      (error: unknown) => controller.signal.aborted || setLoaded({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => controller.abort();
  }, [request, uri]);

  // The bridge, connected before the document is set so the app's first message finds it.
  const latest = useRef({ labels, onOpenLink });
  latest.current = { labels, onOpenLink };
  // biome-ignore lint/correctness/useExhaustiveDependencies: toolName only names the app (a late name must not restart it); the bridge lives as long as its document.
  useEffect(() => {
    const iframe = frame.current;
    if (!iframe?.contentWindow || !loaded || "error" in loaded || typeof content === "string" || !request || navigated) return;
    let closed = false;
    loads.current = { set: false, count: 0 };
    const bridge = createHostBridge({
      toolName: toolName ?? content.resourceUri,
      content,
      request,
      hostContext: hostContextOf(iframe),
      csp: loaded.csp,
      onSize: ({ height: h }) => {
        if (typeof h === "number" && Number.isFinite(h)) setHeight(Math.min(MAX_HEIGHT, Math.max(0, Math.ceil(h))));
      },
      confirmLink: (url) =>
        new Promise<boolean>((resolve) => {
          if (closed) return resolve(false);
          setPending((previous) => {
            previous?.resolve(false);
            return { url, resolve };
          });
        }),
      ...(latest.current.onOpenLink && { openLink: (url: string) => latest.current.onOpenLink?.(url) }),
    });
    // Only messages whose source is this frame's window reach the bridge, and no answer leaves
    // once the frame has left its document.
    const post = new PostMessageTransport(iframe.contentWindow, iframe.contentWindow);
    const transport = {
      start: () => post.start(),
      close: () => post.close(),
      send: (message: object, options?: object) => (closed ? Promise.resolve() : post.send(message as never, options as never)),
      set onmessage(handler: ((message: unknown, extra?: unknown) => void) | undefined) {
        post.onmessage = handler && ((message: unknown, extra?: unknown) => (closed ? undefined : handler(message, extra)));
      },
      set onclose(handler: (() => void) | undefined) {
        post.onclose = handler;
      },
      set onerror(handler: ((error: Error) => void) | undefined) {
        post.onerror = handler;
      },
    };
    void bridge.connect(transport).then(() => {
      if (closed) return;
      loads.current.set = true;
      iframe.srcdoc = appDocument(loaded.html, loaded.csp);
    });
    return () => {
      closed = true;
      setPending((previous) => {
        previous?.resolve(false);
        return null;
      });
      void bridge.close();
    };
  }, [loaded, content, request, navigated, generation]);

  const onLoad = () => {
    if (!loads.current.set) return;
    loads.current.count++;
    if (loads.current.count > 1) setNavigated(true);
  };

  const error = typeof content === "string" ? content : loaded && "error" in loaded ? loaded.error : null;
  return (
    <div
      data-testid="mcp-app"
      data-state={error ? "error" : navigated ? "closed" : loaded ? "ready" : "loading"}
      {...rest}
      className={cx("tandem-mcp-app", className)}
    >
      {error ? (
        <p role="alert" className="tandem-mcp-app__error">
          {labels.failed(error)}
        </p>
      ) : navigated ? (
        <PartFailed
          message={labels.navigated}
          retry={() => {
            setNavigated(false);
            setGeneration((g) => g + 1);
          }}
        />
      ) : loaded ? (
        <iframe
          key={generation}
          ref={frame}
          onLoad={onLoad}
          title={title}
          sandbox="allow-scripts allow-forms"
          referrerPolicy="no-referrer"
          className="tandem-mcp-app__frame"
          style={{ height }}
        />
      ) : (
        <p className="tandem-mcp-app__loading" aria-busy="true">
          {labels.loading}
        </p>
      )}
      {pending && (
        <LinkConfirmation
          link={pending}
          labels={labels}
          onDone={(agreed) => {
            setPending(null);
            pending.resolve(agreed);
            frame.current?.focus();
          }}
        />
      )}
    </div>
  );
}
