/**
 * A2UI v0.9 surfaces in the chat, an entry of its own.
 *
 * @module @tandem/ui/a2ui
 */
"use client";
// A client module for React Server Components, as the main entry.

// `@tandem/ui/a2ui`: draws the A2UI surfaces an agent sends through @ag-ui/a2ui-middleware
// (ACTIVITY_SNAPSHOT, activityType "a2ui-surface"), and sends the user's actions back. An entry of
// its own, so apps without A2UI never load it.

export { A2uiActivity, type A2uiActivityProps, A2uiRenderer, useA2uiRenderer } from "./A2uiActivity.js";
export { basicCatalog } from "./basicCatalog.js";
export type { A2uiCatalog, A2uiComponentProps } from "./catalog.js";
export type { A2uiComponent } from "./operations.js";
export type { A2uiUserAction } from "./SurfaceView.js";
export { A2UI_ACTIVITY_TYPE } from "./surfaceStore.js";
