/** What the host tells an app at `ui/initialize` (MCP Apps' `HostContext`; the fields Tandem fills). */
export interface HostContext {
  [key: string]: unknown;
  theme?: "light" | "dark";
  styles?: { variables?: Record<string, string> };
  locale?: string;
  timeZone?: string;
  platform?: "web" | "desktop" | "mobile";
}

/** The MCP Apps style variables the kit's own CSS variables fill. */
const VARIABLES: Array<[app: string, kit: string]> = [
  ["--color-background-primary", "--tandem-color-bg"],
  ["--color-background-secondary", "--tandem-color-surface"],
  ["--color-background-tertiary", "--tandem-color-surface-strong"],
  ["--color-background-danger", "--tandem-color-danger-bg"],
  ["--color-text-primary", "--tandem-color-text"],
  ["--color-text-secondary", "--tandem-color-text-muted"],
  ["--color-text-danger", "--tandem-color-danger"],
  ["--color-text-success", "--tandem-color-success"],
  ["--color-text-warning", "--tandem-color-warning"],
  ["--color-text-info", "--tandem-color-accent"],
  ["--color-border-primary", "--tandem-color-border"],
  ["--color-ring-primary", "--tandem-color-focus"],
  ["--font-sans", "--tandem-font-family"],
  ["--font-mono", "--tandem-font-mono"],
  ["--font-text-md-size", "--tandem-font-size"],
  ["--font-text-sm-size", "--tandem-font-size-sm"],
  ["--border-radius-sm", "--tandem-radius-sm"],
  ["--border-radius-md", "--tandem-radius-md"],
  ["--border-radius-lg", "--tandem-radius-lg"],
];

/**
 * What the app is told about its host: the kit's theme as MCP Apps style variables (read from the
 * element the app sits in, so a themed `<Chat>` themes its apps), light or dark, locale, time zone.
 */
export function hostContextOf(element: Element): HostContext {
  const style = getComputedStyle(element);
  const variables: Record<string, string> = {};
  for (const [app, kit] of VARIABLES) {
    const value = style.getPropertyValue(kit).trim();
    if (value) variables[app] = value;
  }
  const dark =
    style.colorScheme?.includes("dark") || (!style.colorScheme?.includes("light") && matchMedia?.("(prefers-color-scheme: dark)").matches);
  return {
    theme: dark ? "dark" : "light",
    styles: { variables },
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    platform: "web",
  };
}
