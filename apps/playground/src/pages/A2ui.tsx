import { Chat } from "@tandem/ui";
import { type A2uiCatalog, useA2uiRenderer } from "@tandem/ui/a2ui";

/** An app's own component, mapped by name: an agent that sends `{ component: "Badge", text }` gets this. */
const catalog: A2uiCatalog = {
  Badge: ({ component, read }) => <span className="pg-card">{String(read(component.text) ?? "")}</span>,
};

/**
 * A2UI v0.9: the agent sends surfaces (ACTIVITY_SNAPSHOT "a2ui-surface", as
 * @ag-ui/a2ui-middleware does) and <Chat> draws them with the basic catalog and the app's own
 * components. Inputs write to the surface's data model; Confirm goes back to the agent as
 * forwardedProps.a2uiAction.userAction, and its answer updates the same surface.
 */
export default function A2ui() {
  useA2uiRenderer({ catalog });
  return (
    <Chat
      suggestions={[
        { label: "Book a table", prompt: "book a table" },
        { label: "A hostile surface", prompt: "show a hostile surface" },
      ]}
    />
  );
}
