import { registerFenceRenderer } from "@tandem/ui";
import type { ReactElement } from "react";

/** Your diagram component (e.g. over mermaid, loaded when it first renders). */
declare function MermaidDiagram(props: { source: string }): ReactElement;

// #region sample
registerFenceRenderer("mermaid", ({ code, streaming }) => (streaming ? <pre>{code}</pre> : <MermaidDiagram source={code} />));
// #endregion sample
