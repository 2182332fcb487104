import { Component, createContext, type ErrorInfo, type ReactNode, useContext, useMemo } from "react";
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

const ScopeContext = createContext<SurfaceScope | null>(null);

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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Draws one surface from its state: the component "root" and what it references. */
export function SurfaceView({ surface, catalog, onAction, onEdit }: SurfaceScope) {
  const scope = useMemo(() => ({ surface, catalog, onAction, onEdit }), [surface, catalog, onAction, onEdit]);
  return (
    <ScopeContext.Provider value={scope}>
      <TopHeading.Provider value={topHeading(surface)}>
        <Contained>{surface.components.has("root") ? <Node id="root" scope="/" path={[]} /> : null}</Contained>
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
class Contained extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn("[tandem] an A2UI component failed to draw:", error, info.componentStack);
  }
  override render() {
    return this.state.error ? (
      <SurfaceError>This surface could not be drawn: {this.state.error.message}</SurfaceError>
    ) : (
      this.props.children
    );
  }
}

function Node({ id, scope, path }: { id: string; scope: string; path: readonly string[] }) {
  const context = useContext(ScopeContext)!;
  const { surface, catalog, onAction, onEdit } = context;
  const definition = surface.components.get(id);
  if (path.includes(id)) return <SurfaceError>Component "{id}" contains itself.</SurfaceError>;
  if (path.length > MAX_DEPTH) return <SurfaceError>The surface nests deeper than {MAX_DEPTH} components.</SurfaceError>;
  // Not sent yet (the agent is still streaming the surface): nothing to draw for now.
  if (!definition) return null;
  const Drawn = Object.hasOwn(catalog, definition.component) ? catalog[definition.component] : undefined;
  if (!Drawn) return <SurfaceError>Unknown component "{definition.component}".</SurfaceError>;
  const inner = [...path, id];
  const read = (value: unknown) => readValue(value, surface.data, scope);
  const props: A2uiComponentProps = {
    component: definition,
    surfaceId: surface.surfaceId,
    read,
    write(value, next) {
      const bound = boundPath(value, scope);
      if (bound !== null) onEdit(bound, next);
    },
    child: (childId) => (typeof childId === "string" ? <Node id={childId} scope={scope} path={inner} /> : null),
    children(list) {
      if (Array.isArray(list)) {
        return (
          list
            .filter((c): c is string => typeof c === "string")
            // biome-ignore lint/suspicious/noArrayIndexKey: an id may be listed twice; position tells them apart.
            .map((c, i) => <Node key={`${i}:${c}`} id={c} scope={scope} path={inner} />)
        );
      }
      if (isObject(list) && typeof list.componentId === "string" && typeof list.path === "string") {
        const at = absolutePath(list.path, scope);
        const items = getAt(surface.data, at);
        const keys = Array.isArray(items) ? items.map((_, i) => String(i)) : isObject(items) ? Object.keys(items) : [];
        const base = at === "/" ? "" : at;
        const drawn = keys
          .slice(0, MAX_ITEMS)
          .map((key) => <Node key={key} id={list.componentId as string} scope={`${base}/${key}`} path={inner} />);
        if (keys.length > MAX_ITEMS)
          drawn.push(<SurfaceError key="more">{keys.length - MAX_ITEMS} more items are not shown.</SurfaceError>);
        return drawn;
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
