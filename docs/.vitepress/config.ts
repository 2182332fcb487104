import { readFileSync } from "node:fs";
import { defineConfig } from "vitepress";

// The API reference's sidebar, written by TypeDoc (`pnpm api`, run before dev and build).
const api = JSON.parse(readFileSync(new URL("../api/typedoc-sidebar.json", import.meta.url), "utf8"));

export default defineConfig({
  title: "Tandem",
  description: "A React kit for putting an AI agent into a web app.",
  cleanUrls: true,
  // Code samples are files beside the pages (samples/), type-checked by the tests and shown with `<<<`.
  srcExclude: ["samples/**", "README.md"],
  // A link to a page that does not exist fails the build (VitePress's dead-link check).
  ignoreDeadLinks: false,
  markdown: {
    config(md) {
      // Inline code is shown as written: `{{ … }}` in it is JSX, not a Vue interpolation.
      md.renderer.rules.code_inline = (tokens, idx) => `<code v-pre>${md.utils.escapeHtml(tokens[idx]!.content)}</code>`;
    },
  },
  themeConfig: {
    nav: [
      { text: "Guide", link: "/guide/quick-start" },
      { text: "API", link: "/api/" },
      { text: "Benchmarks", link: "/benchmarks-log" },
    ],
    sidebar: [
      {
        text: "Guide",
        items: [
          { text: "Quick start", link: "/guide/quick-start" },
          { text: "Your own agent server", link: "/guide/agent-server" },
          { text: "The agent in your components", link: "/guide/agent" },
          { text: "Tools and human in the loop", link: "/guide/tools" },
          { text: "Threads and storage", link: "/guide/threads" },
          { text: "Markdown replies", link: "/guide/markdown" },
          { text: "Real servers", link: "/guide/servers" },
          { text: "The inspector", link: "/guide/inspector" },
          { text: "MCP Apps", link: "/guide/mcp-apps" },
          { text: "Any screen, any machine", link: "/guide/screens" },
          { text: "Branches and attachments", link: "/guide/branches-attachments" },
          { text: "Testing", link: "/guide/testing" },
          { text: "Theming", link: "/guide/theming" },
          { text: "Parts and labels", link: "/guide/parts-labels" },
          { text: "Server-side rendering", link: "/guide/ssr" },
          { text: "Security model", link: "/guide/security" },
          { text: "Performance", link: "/guide/performance" },
          { text: "A2UI surfaces", link: "/guide/a2ui" },
          { text: "Approvals and interrupts", link: "/guide/approvals" },
          { text: "Queue and offline outbox", link: "/guide/outbox" },
          { text: "Feedback and dictation", link: "/guide/feedback-dictation" },
          { text: "Resumable streams", link: "/guide/resumable-streams" },
          { text: "WebSocket transport", link: "/guide/websocket" },
          { text: "The server: @tandem/server", link: "/guide/server" },
          { text: "The server contract", link: "/guide/server-contract" },
        ],
      },
      {
        text: "Reference",
        items: [
          { text: "DOM contract", link: "/dom-contract" },
          { text: "Playground", link: "/playground" },
          { text: "API", link: "/api/", items: api },
        ],
      },
      {
        text: "Project",
        items: [
          { text: "Benchmarks log", link: "/benchmarks-log" },
          { text: "Contributing to the docs", link: "/contributing" },
        ],
      },
    ],
    search: { provider: "local" },
  },
});
