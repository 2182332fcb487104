export interface MarkdownProps {
  /** The Markdown text; it may be incomplete while it streams. */
  children: string;
  className?: string;
}
