import { isObject } from "@tandem/core";
import { Component, createContext, type ErrorInfo, type ReactNode, useContext, useMemo } from "react";
import { PartFailed } from "../util/PartFailed.js";
import { boundPath, readValue } from "./binding.js";
import type { A2uiCatalog, A2uiComponentProps } from "./catalog.js";
import { absolutePath, getAt } from "./dataModel.js";
import type { A2uiSurfaceState } from "./operations.js";

/** A user action, as `@ag-ui/a2ui-middleware` reads it from `forwardedProps.a2uiAction.userAction`. */
export interface A2uiUserAction {
  name: string;
  surfaceId: string;
  sourceComponentId: string;
  /** ISO 8601, when the user acted. */
  timestamp: string;
  /** The action's context, its bound values read at the moment of the action. */
  context: Record<string, unknown>;
}

interface SurfaceScope {
  surface: A2uiSurfaceState;
  catalog: A2uiCatalog;
  onAction(action: A2uiUserAction): void;
  onEdit(path: string, value: unknown): void;
}

/** What a surface has drawn so far: the positions of its nodes in the tree, counted once each. */
interface Drawing extends SurfaceScope {
  drawn: Set<string>;
}

const ScopeContext = createContext<Drawing | null>(null);

/** The smallest Text heading variant the surface uses (1 for h1): its headings start one level under the chat's. */
export const TopHeading = createContext(1);

const topHeading = (surface: A2uiSurfaceState) => {
  let top = 6;
  for (const c of surface.components.values()) {
    const level = c.component === "Text" && typeof c.variant === "string" && /^h[1-5]$/.test(c.variant) ? Number(c.variant[1]) : 6;
    top = Math.min(top, level);
  }
  return top;
};

/** How deep a component tree may nest before it is cut off (a hostile or broken surface). */
const MAX_DEPTH = 40;
/** How many items a list template draws at most (a hostile data model may hold millions). */
const MAX_ITEMS = 500;
/**
 * How many components one surface draws at most (DESIGN §7): counted as they are drawn, each
 * position in the tree once. A surface that reuses children (`a → [b, b] → …`) would otherwise
 * draw 2^depth of them; past the budget it stops and says so inside the surface.
 */
export const A2UI_NODE_BUDGET = 2000;

/** Thrown by a node past the budget: the surface shows it failed, inside itself. */
class OverBudget extends Error {
  constructor() {
    super(`This interface has more than ${A2UI_NODE_BUDGET} components; it was not drawn.`);
  }
}

/** Draws one surface from its state: the component "root" and what it references. */
export function SurfaceView({ surface, catalog, onAction, onEdit }: SurfaceScope) {
  const scope = useMemo(() => ({ surface, catalog, onAction, onEdit, drawn: new Set<string>() }), [surface, catalog, onAction, onEdit]);
  return (
    <ScopeContext.Provider value={scope}>
      <TopHeading.Provider value={topHeading(surface)}>
        <Contained surface={surface}>{surface.components.has("root") ? <Node id="root" scope="/" path={[]} at="root" /> : null}</Contained>
      </TopHeading.Provider>
    </ScopeContext.Provider>
  );
}

/** A problem drawn inside the surface, in place of what could not be drawn. */
export function SurfaceError({ children }: { children: ReactNode }) {
  return (
    <p className="tandem-a2ui__error" data-testid="a2ui-error">
      {children}
    </p>
  );
}

/** Keeps a component that throws inside the surface: the error is shown there and nothing else breaks. */
// A new state of the surface (its next operation) draws it again.
class Contained extends Component<{ children: ReactNode; surface: A2uiSurfaceState }, { error: Error | null; surface: A2uiSurfaceState }> {
  override state = { error: null as Error | null, surface: this.props.surface };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  static getDerivedStateFromProps(props: { surface: A2uiSurfaceState }, state: { surface: A2uiSurfaceState }) {
    return props.surface === state.surface ? null : { error: null, surface: props.surface };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (!(error instanceof OverBudget)) console.warn("[tandem] an A2UI component failed to draw:", error, info.componentStack);
  }
  override render() {
    const { error } = this.state;
    return error instanceof OverBudget ? (
      <PartFailed message={error.message} />
    ) : error ? (
      <SurfaceError>This surface could not be drawn: {error.message}</SurfaceError>
    ) : (
      this.props.children
    );
  }
}

function Node({ id, scope, path, at }: { id: string; scope: string; path: readonly string[]; at: string }) {
  const context = useContext(ScopeContext)!;
  const { surface, catalog, onAction, onEdit, drawn } = context;
  const definition = surface.components.get(id);
  if (path.includes(id)) return <SurfaceError>Component "{id}" contains itself.</SurfaceError>;
  if (path.length > MAX_DEPTH) return <SurfaceError>The surface nests deeper than {MAX_DEPTH} components.</SurfaceError>;
  // Counted before anything under it is drawn (React draws depth first): a fan-out stops here.
  drawn.add(at);
  if (drawn.size > A2UI_NODE_BUDGET) throw new OverBudget();
  // Not sent yet (the agent is still streaming the surface): nothing to draw for now.
  if (!definition) return null;
  const Drawn = Object.hasOwn(catalog, definition.component) ? catalog[definition.component] : undefined;
  if (!Drawn) return <SurfaceError>Unknown component "{definition.component}".</SurfaceError>;
  const inner = [...path, id];
  let calls = 0;
  const read = (value: unknown) => readValue(value, surface.data, scope);
  const props: A2uiComponentProps = {
    component: definition,
    surfaceId: surface.surfaceId,
    read,
    write(value, next) {
      const bound = boundPath(value, scope);
      if (bound !== null) onEdit(bound, next);
    },
    // Each call is its own position (a component may draw the same id twice), in drawing order.
    child: (childId) =>
      typeof childId === "string" ? <Node id={childId} scope={scope} path={inner} at={`${at}/c${calls++}:${childId}`} /> : null,
    children(list) {
      if (Array.isArray(list)) {
        const nodes: ReactNode[] = [];
        // A component's own list is as long as the agent sent it; only its first MAX_ITEMS are looked at.
        for (let i = 0; i < Math.min(list.length, MAX_ITEMS); i++) {
          const c: unknown = list[i];
          if (typeof c === "string") nodes.push(<Node key={`${i}:${c}`} id={c} scope={scope} path={inner} at={`${at}/${i}`} />);
        }
        return nodes;
      }
      if (isObject(list) && typeof list.componentId === "string" && typeof list.path === "string") {
        const where = absolutePath(list.path, scope);
        const items = getAt(surface.data, where);
        const base = where === "/" ? "" : where;
        const nodes: ReactNode[] = [];
        if (typeof items !== "object" || items === null) return nodes;
        // The item keys in order, never the array's length: a sparse array (`/items/4294967294`)
        // holds one key, and the walk stops at the cap.
        for (const key in items) {
          if (!Object.hasOwn(items, key)) continue;
          if (nodes.length === MAX_ITEMS) {
            const more = Object.keys(items).length - MAX_ITEMS;
            nodes.push(<SurfaceError key="more">{more} more items are not shown.</SurfaceError>);
            break;
          }
          nodes.push(<Node key={key} id={list.componentId} scope={`${base}/${key}`} path={inner} at={`${at}/t:${key}`} />);
        }
        return nodes;
      }
      return [];
    },
    act(action) {
      const event = isObject(action) && isObject(action.event) ? action.event : null;
      if (!event || typeof event.name !== "string") {
        console.warn(`[tandem] A2UI component "${id}": only event actions ({ event: { name, context } }) are sent`);
        return;
      }
      const context: Record<string, unknown> = {};
      if (isObject(event.context)) for (const [key, value] of Object.entries(event.context)) context[key] = read(value);
      onAction({
        name: event.name,
        surfaceId: surface.surfaceId,
        sourceComponentId: id,
        timestamp: new Date().toISOString(),
        context,
      });
    },
  };
  // A child's `weight` (Row, Column) is its share of the free space: a number, never a style string.
  const weight =
    typeof definition.weight === "number" && Number.isFinite(definition.weight) ? Math.min(100, Math.max(0, definition.weight)) : null;
  return weight === null ? (
    <Drawn {...props} />
  ) : (
    <div className="tandem-a2ui__weighted" style={{ flexGrow: weight, flexBasis: 0 }}>
      <Drawn {...props} />
    </div>
  );
}
