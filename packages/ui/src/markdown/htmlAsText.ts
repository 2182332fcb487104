/** The few mdast fields this plugin reads (mdast's own types are not a dependency). */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: { hProperties?: Record<string, unknown> };
}

/** Parents whose children are blocks: a bare text node cannot stand there, it needs a paragraph. */
const BLOCK_PARENTS = new Set(["root", "blockquote", "listItem", "footnoteDefinition"]);

function walk(node: MdNode): void {
  const children = node.children;
  if (!children) return;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.type === "html") {
      // Not a `text` node: mdast-util-to-hast trims spaces around line breaks in those. A node type
      // it does not know, with a value, becomes a hast text node exactly as written.
      const text: MdNode = { type: "tandemLiteral", value: child.value ?? "" };
      children[i] = BLOCK_PARENTS.has(node.type)
        ? // A block of HTML keeps its lines (white-space: pre-wrap in the stylesheet).
          { type: "paragraph", children: [text], data: { hProperties: { className: ["tandem-markdown__html"] } } }
        : text;
    } else walk(child);
  }
}

/**
 * A remark plugin that turns raw HTML (inline and block, comments too) into plain text, so agent
 * text that talks about markup shows it exactly as written: never parsed into elements and
 * never dropped. Code spans and fenced code are untouched.
 */
export function remarkHtmlAsText() {
  return (tree: MdNode) => walk(tree);
}
