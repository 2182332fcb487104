const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);
const IMAGE_PROTOCOLS = new Set(["http:", "https:"]);

function protocolOf(url: string): string | null {
  try {
    return new URL(url).protocol;
  } catch {
    return null; // relative or malformed: no protocol we can vouch for
  }
}

/** Whether an agent-written link may be followed: absolute http(s) or mailto only. */
export function isSafeLink(url: string | null | undefined): url is string {
  if (!url) return false;
  const protocol = protocolOf(url);
  return protocol !== null && LINK_PROTOCOLS.has(protocol);
}

/** Whether an agent-written image may be loaded: absolute http(s) only. */
export function isSafeImage(url: string | null | undefined): url is string {
  if (!url) return false;
  const protocol = protocolOf(url);
  return protocol !== null && IMAGE_PROTOCOLS.has(protocol);
}
