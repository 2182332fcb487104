// The one URL policy of @tandem/ui: what an agent-written URL may become (a link, an image, a
// file's picture, an app's request to open a page). Only absolute URLs with a listed protocol
// pass; relative, malformed, javascript: and other URLs never reach the page.

/** The URL's protocol (`"https:"`), or null for a relative or malformed one. */
function protocolOf(url: string): string | null {
  try {
    return new URL(url).protocol;
  } catch {
    return null; // relative or malformed: no protocol we can vouch for
  }
}

const WEB = new Set(["http:", "https:"]);
const LINK = new Set(["http:", "https:", "mailto:"]);

/** An absolute http(s) URL: what an image may load, and what an app (A2UI, MCP Apps) may open. */
export function isWebUrl(url: unknown): url is string {
  if (typeof url !== "string" || url === "") return false;
  const protocol = protocolOf(url);
  return protocol !== null && WEB.has(protocol);
}

/** Whether an agent-written link may be followed: absolute http(s) or mailto only. */
export function isSafeLink(url: string | null | undefined): url is string {
  if (!url) return false;
  const protocol = protocolOf(url);
  return protocol !== null && LINK.has(protocol);
}

/** Whether an agent-written image may be loaded: absolute http(s) only. */
export function isSafeImage(url: string | null | undefined): url is string {
  return isWebUrl(url);
}

/** Whether a file the user sent may be drawn from `url`: http(s), a `blob:` of this page, or an image's `data:` URL. */
export function isSafeFileSrc(url: string): boolean {
  return isWebUrl(url) || /^(blob:|data:image\/)/i.test(url);
}
