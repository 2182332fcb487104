import type { ComponentType, ReactNode } from "react";
import type { A2uiComponent } from "./operations.js";

/** What a catalog component gets: its definition and the means to read, write, draw children and act. */
export interface A2uiComponentProps {
  /** The component as the agent sent it: `id`, `component` (its catalog name) and its properties. */
  component: A2uiComponent;
  /** The surface it belongs to. */
  surfaceId: string;
  /** A property's value: a literal as is, `{ path }` read from the surface's data model (relative inside a list item). */
  read(value: unknown): unknown;
  /** Writes `next` where a `{ path }` property is bound (two-way inputs); a literal property is left alone. */
  write(value: unknown, next: unknown): void;
  /** Draws one child component by its id. */
  child(id: unknown): ReactNode;
  /** Draws a child list: a list of ids, or a template `{ componentId, path }` drawn once per item at `path`. */
  children(list: unknown): ReactNode[];
  /** Sends the component's `action` (`{ event: { name, context } }`) to the agent as a user action. */
  act(action: unknown): void;
}

/** Components by their A2UI name (`"Text"`, `"Button"`, or an app's own, e.g. `"StockChart"`). */
export type A2uiCatalog = Readonly<Record<string, ComponentType<A2uiComponentProps>>>;
