import type { RunAgentInput } from "@ag-ui/core";
import { newId, run, textMessage } from "../steps.js";
import type { Script, Step } from "../types.js";
import { lastUserText } from "./read.js";

// A2UI v0.9 surfaces, as an agent behind @ag-ui/a2ui-middleware sends them: ACTIVITY_SNAPSHOT
// with activityType "a2ui-surface", messageId "a2ui-surface-<id>" and content
// { a2ui_operations: [...] }. The user's actions come back on the next run as
// forwardedProps.a2uiAction.userAction ({ name, surfaceId, sourceComponentId, context }).

const CATALOG = "https://a2ui.org/specification/v0_9/basic_catalog.json";
const op = (operation: Record<string, unknown>) => ({ version: "v0.9", ...operation });

/** The user's action a run carries, as the client sends it for the middleware. */
export interface A2uiUserAction {
  name: string;
  surfaceId: string;
  sourceComponentId?: string;
  context?: Record<string, unknown>;
}

/** The operations of the booking form: a name field and a guest count bound to /form, a greeting bound to the name, Confirm. */
function booking(): unknown[] {
  return [
    op({ createSurface: { surfaceId: "booking", catalogId: CATALOG } }),
    op({
      updateComponents: {
        surfaceId: "booking",
        components: [
          { id: "root", component: "Card", child: "body" },
          { id: "body", component: "Column", children: ["title", "name", "greeting", "guests", "extras", "confirm"] },
          { id: "title", component: "Text", variant: "h2", text: "Book a table" },
          { id: "name", component: "TextField", label: "Name", value: { path: "/form/name" } },
          { id: "greeting", component: "Text", text: { path: "/form/name" } },
          { id: "guests", component: "Slider", label: "Guests", min: 1, max: 8, value: { path: "/form/guests" } },
          { id: "extras", component: "CheckBox", label: "Window seat", value: { path: "/form/window" } },
          { id: "confirm", component: "Button", variant: "primary", child: "confirm-label", action: confirmAction },
          { id: "confirm-label", component: "Text", text: "Confirm" },
        ],
      },
    }),
    op({ updateDataModel: { surfaceId: "booking", path: "/", value: { form: { name: "", guests: 2, window: false }, status: "draft" } } }),
  ];
}

const confirmAction = {
  event: {
    name: "confirm",
    context: { name: { path: "/form/name" }, guests: { path: "/form/guests" }, window: { path: "/form/window" } },
  },
};

/** The agent's answer to Confirm: the title says who booked, the status is set, Confirm is gone. */
function confirmed(action: A2uiUserAction): unknown[] {
  const { name = "", guests = 0 } = (action.context ?? {}) as { name?: string; guests?: number };
  return [
    op({
      updateComponents: {
        surfaceId: "booking",
        components: [
          { id: "title", component: "Text", variant: "h2", text: `Booked for ${name}, ${guests} guests` },
          { id: "body", component: "Column", children: ["title", "status"] },
          { id: "status", component: "Text", variant: "caption", text: { path: "/status" } },
        ],
      },
    }),
    op({ updateDataModel: { surfaceId: "booking", path: "/status", value: "Confirmed" } }),
  ];
}

/** A surface that tries what it should not: unknown components, markup and scripts in strings, a javascript: image, a cycle, bad operations. */
function hostile(): unknown[] {
  return [
    op({ createSurface: { surfaceId: "hostile", catalogId: CATALOG } }),
    op({
      updateComponents: {
        surfaceId: "hostile",
        components: [
          { id: "root", component: "Column", children: ["markup", "script", "image", "unknown", "loop", "tag"] },
          { id: "markup", component: "Text", text: "<img src=x onerror=\"document.title='pwned'\">" },
          { id: "script", component: "Text", text: "<script>document.title='pwned'</script>" },
          { id: "image", component: "Image", url: "javascript:document.title='pwned'", description: "bad image" },
          { id: "unknown", component: "Iframe", src: "https://example.com" },
          { id: "loop", component: "Card", child: "loop" },
          { id: "tag", component: "Text", text: { path: "/__proto__/polluted" } },
        ],
      },
    }),
    op({ updateDataModel: { surfaceId: "hostile", path: "/__proto__/polluted", value: "yes" } }),
    { version: "v0.8", beginRendering: { surfaceId: "hostile" } },
    op({ updateComponents: { surfaceId: "nowhere", components: [] } }),
  ];
}

/** A surface whose components reuse children (`root → [n1, n1] → …`) `depth` levels deep: 2^depth nodes if drawn in full. */
function fanOut(depth = 30): unknown[] {
  const components: object[] = Array.from({ length: depth }, (_, i) => ({
    id: i === 0 ? "root" : `n${i}`,
    component: "Column",
    children: [`n${i + 1}`, `n${i + 1}`],
  }));
  components.push({ id: `n${depth}`, component: "Text", text: "leaf" });
  return [
    op({ createSurface: { surfaceId: "fanout", catalogId: CATALOG } }),
    op({ updateComponents: { surfaceId: "fanout", components } }),
  ];
}

/** A list template over `/items`, then an item written at index 4294967294 (a list of 4.3 billion entries if allowed). */
function sparse(): unknown[] {
  return [
    op({ createSurface: { surfaceId: "sparse", catalogId: CATALOG } }),
    op({
      updateComponents: {
        surfaceId: "sparse",
        components: [
          { id: "root", component: "Column", children: { componentId: "item", path: "/items" } },
          { id: "item", component: "Text", text: { path: "." } },
        ],
      },
    }),
    op({ updateDataModel: { surfaceId: "sparse", path: "/items/4294967294", value: "far" } }),
  ];
}

/** Named sets of A2UI operations the `a2ui` scenario sends (for tests that drive other agents with them). */
export const a2uiSurfaces = {
  /** The booking form: createSurface, updateComponents, updateDataModel. */
  booking,
  /** The answer to its Confirm action: the title and status updated in place. */
  confirmed,
  /** A surface that misbehaves: unknown components, markup in strings, a cycle, bad operations. */
  hostile,
  /** Components reusing children 30 levels deep (the node budget stops it). */
  fanOut,
  /** A list template and a write at /items/4294967294. */
  sparse,
};

/** The action the run carries, if any. */
export function a2uiActionOf(input: RunAgentInput): A2uiUserAction | undefined {
  const props = input.forwardedProps as { a2uiAction?: { userAction?: A2uiUserAction } } | undefined;
  return props?.a2uiAction?.userAction;
}

const surface = (operations: unknown[]): Step => ({
  type: "ACTIVITY_SNAPSHOT",
  messageId: `a2ui-surface-${newId("call")}`,
  activityType: "a2ui-surface",
  content: { a2ui_operations: operations },
  replace: true,
});

/**
 * A2UI: "book" (or anything) shows the booking form; "hostile" a surface that misbehaves;
 * "fan-out" and "sparse" surfaces past the node budget and the list cap. A run
 * carrying the Confirm action answers with the surface updated in place.
 */
export const a2ui: Script = (input, { tokenDelayMs }) => {
  const action = a2uiActionOf(input);
  if (action?.name === "confirm") {
    return run(input, [...textMessage("Your table is booked.", { tokenDelayMs }), surface(confirmed(action))]);
  }
  if (action) return run(input, textMessage(`Unknown action "${action.name}".`, { tokenDelayMs }));
  if (/fan-out/i.test(lastUserText(input))) return run(input, [surface(fanOut()), ...textMessage("Done.", { tokenDelayMs })]);
  if (/sparse/i.test(lastUserText(input))) return run(input, [surface(sparse()), ...textMessage("Done.", { tokenDelayMs })]);
  if (/hostile/i.test(lastUserText(input))) return run(input, [surface(hostile()), ...textMessage("Done.", { tokenDelayMs })]);
  return run(input, [...textMessage("Here is the booking form.", { tokenDelayMs }), surface(booking())]);
};
