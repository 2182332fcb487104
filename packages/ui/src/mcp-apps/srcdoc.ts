/** The origins an app's resource declares in `_meta.ui.csp` (MCP Apps' `ResourceCsp`). */
export interface ResourceCsp {
  /** Origins for fetch, XHR and WebSocket (`connect-src`). */
  connectDomains?: string[];
  /** Origins for scripts, styles, images, fonts and media. */
  resourceDomains?: string[];
  /** Origins for nested frames (`frame-src`). */
  frameDomains?: string[];
}

/**
 * An origin a resource may name in its `_meta.ui.csp`: http(s) or ws(s), host (a leading `*.` allowed)
 * and an optional port, nothing else. Anything else (keywords, paths, quotes, `;`) is dropped, so
 * a resource can never widen the policy beyond origins.
 */
const ORIGIN = /^(?:https?|wss?):\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/i;

const origins = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((o): o is string => typeof o === "string" && ORIGIN.test(o)) : [];

/** A directive's sources: `fallback` when the resource declared none. */
const sources = (declared: string[], base: string[], fallback = "'none'") => {
  const all = [...base, ...declared];
  return all.length ? all.join(" ") : fallback;
};

/**
 * The Content-Security-Policy an app's document runs under: its own inline scripts and styles,
 * `data:`/`blob:` images and fonts, and only the origins its resource declared (none by default:
 * no network, no nested frames, no form posts, no `<base>`). No `unsafe-eval`.
 */
export function contentSecurityPolicy(csp: ResourceCsp | undefined): string {
  const connect = origins(csp?.connectDomains);
  const resources = origins(csp?.resourceDomains);
  const frames = origins(csp?.frameDomains);
  return [
    "default-src 'none'",
    `script-src ${sources(resources, ["'unsafe-inline'"])}`,
    `style-src ${sources(resources, ["'unsafe-inline'"])}`,
    `img-src ${sources(resources, ["data:", "blob:"])}`,
    `font-src ${sources(resources, ["data:"])}`,
    `media-src ${sources(resources, ["data:", "blob:"])}`,
    `connect-src ${sources(connect, [])}`,
    `frame-src ${sources(frames, [])}`,
    "form-action 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The `srcdoc` of an app's frame: its HTML with the policy as the document's first element, so it
 * holds before any of the app's scripts run. A leading doctype is kept first (no quirks mode). The
 * app can add policies of its own, which only narrow this one.
 */
export function appDocument(html: string, csp: ResourceCsp | undefined): string {
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  const body = doctype ? html.slice(doctype[0].length) : html;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(contentSecurityPolicy(csp))}">`;
  return `<!DOCTYPE html>${meta}${body}`;
}
