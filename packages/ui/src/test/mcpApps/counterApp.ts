// The counter app an MCP server serves in the tests: an MCP Apps view built on ext-apps' own
// `App` (bundled into the resource's HTML by `appHtml`). It shows the tool's input and result,
// adds one through a server tool, and asks the host to open a link.
import { App } from "@modelcontextprotocol/ext-apps";

const $ = (id: string) => document.getElementById(id)!;
let count = 0;
const show = (n: number) => {
  count = n;
  $("count").textContent = `Count: ${n}`;
};

const app = new App({ name: "Counter", version: "1.0.0" }, {}, { autoResize: true });
app.ontoolinput = ({ arguments: args }) => {
  $("input").textContent = `Started at ${String(args?.start)}`;
};
app.ontoolresult = (result) => show(Number((result.structuredContent as { count?: number } | undefined)?.count ?? 0));
app.onhostcontextchanged = () => {};
$("add").addEventListener("click", async () => {
  try {
    const result = await app.callServerTool({ name: "increment", arguments: { count } });
    show(Number((result.structuredContent as { count?: number } | undefined)?.count));
  } catch (error) {
    $("status").textContent = `Failed: ${(error as Error).message}`;
  }
});
$("docs").addEventListener("click", async () => {
  const result = await app.openLink({ url: String(($("docs") as HTMLButtonElement).dataset.url) });
  $("status").textContent = result.isError ? "Link refused" : "Link opened";
});
await app.connect();
const context = app.getHostContext();
$("theme").textContent = `Theme: ${context?.theme ?? "none"}; text ${context?.styles?.variables?.["--color-text-primary"] ?? "none"}`;
