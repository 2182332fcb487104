// The math renderer: its own chunk, loaded when the first reply with math is drawn (see Math.tsx),
// never with the main entry nor with the Markdown renderer. Temml turns TeX into MathML, which
// browsers lay out themselves: no fonts, no stylesheet, a third of KaTeX's size.

import temml, { type Options } from "temml";

/** A MathML element as plain data, for React to create: tag, attributes and children. */
export interface MathElement {
  tag: string;
  attributes: Record<string, string>;
  children: (MathElement | string)[];
}

/**
 * The attributes MathML layout needs. Nothing else passes (no href, no style, no event
 * handler, no id): TeX written by an agent cannot link, load or run anything.
 */
const ATTRIBUTES = new Set([
  "accent",
  "accentunder",
  "align",
  "columnalign",
  "columnlines",
  "columnspacing",
  "depth",
  "display",
  "displaystyle",
  "encoding",
  "fence",
  "form",
  "frame",
  "height",
  "largeop",
  "linethickness",
  "lspace",
  "mathbackground",
  "mathcolor",
  "mathsize",
  "mathvariant",
  "maxsize",
  "minsize",
  "movablelimits",
  "notation",
  "rowalign",
  "rowlines",
  "rowspacing",
  "rspace",
  "scriptlevel",
  "separator",
  "stretchy",
  "symmetric",
  "voffset",
  "width",
]);

/** MathML's elements (temml makes nothing else with `trust` off; anything else is dropped). */
const ELEMENT = /^(math|semantics|annotation|annotation-xml|m[a-z]+|none)$/;

/** The fields of temml's MathML tree read here: an element (type, attributes, children) or a text. */
interface TemmlNode {
  type?: unknown;
  text?: unknown;
  attributes?: Record<string, unknown>;
  children?: TemmlNode[];
}

function toData(node: TemmlNode, into: (MathElement | string)[]): void {
  if (typeof node.text === "string" && node.type === undefined) {
    into.push(node.text);
    return;
  }
  const children: (MathElement | string)[] = [];
  for (const child of node.children ?? []) toData(child, children);
  if (node.type === undefined) {
    into.push(...children); // a fragment: its children stand in its place
    return;
  }
  if (typeof node.type !== "string" || !ELEMENT.test(node.type)) return;
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(node.attributes ?? {})) {
    if (ATTRIBUTES.has(name) && typeof value === "string" && !/[()<>]|url|script/i.test(value)) attributes[name] = value;
  }
  into.push({ tag: node.type, attributes, children });
}

/**
 * TeX as MathML, with `trust` off (no `\href`, `\url`, `\htmlClass`, `\includegraphics`…) and
 * only MathML elements and layout attributes kept (temml's tree is read, never markup, so
 * nothing is parsed as HTML: `__renderToMathMLTree` is the tree temml's own `renderToString`
 * serializes, internal, hence temml pinned exactly and this module's tests). Throws on TeX it
 * cannot read (half-written, or wrong): the caller shows the source.
 */
export function renderMath(tex: string, display: boolean): MathElement {
  // temml's typings differ between module settings (default export or namespace): the one field used, typed here.
  const internal = temml as unknown as { __renderToMathMLTree(tex: string, options: Options): unknown };
  const tree = internal.__renderToMathMLTree(tex, {
    displayMode: display,
    throwOnError: true,
    trust: false,
    maxExpand: 1000,
    maxSize: [50, 50],
  });
  const out: (MathElement | string)[] = [];
  toData(tree as TemmlNode, out);
  const math = out[0];
  if (out.length !== 1 || math === undefined || typeof math === "string" || math.tag !== "math") throw new Error("no MathML");
  return math;
}
