/** Every word `<McpApp>` shows; give `labels` a partial object to translate or reword them. */
export interface McpAppLabels {
  /** Shown while the app's resource is read. */
  loading: string;
  /** The frame's title when its tool is not known. */
  app: string;
  /** Shown when the app cannot be drawn. */
  failed: (reason: string) => string;
  /** Shown when the app's frame left the document it was given (it was closed; Retry loads it again). */
  navigated: string;
  /** The question before a link the app asked for is opened. */
  openLinkQuestion: string;
  openLink: string;
  cancel: string;
}

/** The English words: the DOM contract (tests and screen readers find parts by them). */
export const DEFAULT_MCP_APP_LABELS: McpAppLabels = {
  loading: "Loading the app…",
  app: "MCP app",
  failed: (reason) => `The app could not be shown: ${reason}`,
  navigated: "The app left its page and was closed.",
  openLinkQuestion: "The app wants to open a link:",
  openLink: "Open link",
  cancel: "Cancel",
};
