import { loadOnce } from "@tandem/core";
import { createElement, type ReactNode, useEffect, useState } from "react";
import type { MathElement } from "./mathml.js";

/**
 * Loads the math renderer (a chunk of its own); the first reply with math asks for it. Not
 * loaded (offline?): the source stays, and the next formula tries again.
 */
export const preloadMath = loadOnce(() => import("./mathml.js"));

function toReact(element: MathElement, key?: number): ReactNode {
  return createElement(
    element.tag,
    key === undefined ? element.attributes : { ...element.attributes, key: String(key) },
    ...element.children.map((child, i) => (typeof child === "string" ? child : toReact(child, i))),
  );
}

/** TeX drawn as MathML once the renderer is there; until then, and for TeX it cannot read (half-written), the source. */
function MathView({ tex, display }: { tex: string; display: boolean }) {
  const loaded = preloadMath.loaded();
  const [, setLoaded] = useState(loaded);
  useEffect(() => {
    if (!preloadMath.loaded()) preloadMath().then(setLoaded, () => {});
  }, []);
  let math: ReactNode;
  if (loaded) {
    try {
      math = toReact(loaded.renderMath(tex, display));
    } catch {
      math = undefined;
    }
  }
  const className = `tandem-math tandem-math--${display ? "display" : "inline"}`;
  if (math) return display ? <div className={className}>{math}</div> : <span className={className}>{math}</span>;
  return display ? (
    <pre className={`${className} tandem-math--source`}>
      <code>{tex}</code>
    </pre>
  ) : (
    <code className={`${className} tandem-math--source`}>{tex}</code>
  );
}

/** `$…$`: inline math. */
export const InlineMath = ({ tex }: { tex: string }) => <MathView tex={tex} display={false} />;

/** `$$…$$` (or a ```` ```math ```` fence): display math. */
export const DisplayMath = ({ tex }: { tex: string }) => <MathView tex={tex} display />;
