/** The counter app's resource: what `tools/call show_counter` opens. */
export const MOCK_COUNTER_URI = "ui://tandem-mock/counter.html";

/**
 * The counter app the mock server serves: an MCP Apps view that speaks the bridge by hand
 * (JSON-RPC over postMessage, no SDK: the mock agent depends on no other package). It takes the
 * host's theme, shows the tool's input and result, adds one through the server's `increment`
 * tool, asks the host to open a link, and reports its height. Two buttons misbehave on purpose,
 * for the host's tests: one calls `delete_everything` (a tool not visible to apps, which the host
 * must refuse: the answer or error is shown), one navigates the frame away from the app's document.
 */
export const MOCK_COUNTER_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Counter</title>
<style>
body{margin:0;padding:12px;font-family:var(--font-sans,system-ui,sans-serif);color:var(--color-text-primary,#111);background:var(--color-background-secondary,transparent)}
p{margin:0 0 8px}#count{font-size:1.5em;font-weight:600}
button{font:inherit;padding:4px 12px;border-radius:var(--border-radius-sm,4px);border:1px solid var(--color-border-primary,#999);background:var(--color-background-primary,#fff);color:inherit;cursor:pointer}
button:focus-visible{outline:2px solid var(--color-ring-primary,#2563eb);outline-offset:2px}
</style></head>
<body>
<p id="input">Waiting for the tool's input…</p>
<p id="count" aria-live="polite">Count: none</p>
<p><button id="add" type="button">Add one</button> <button id="docs" type="button">Open the MCP Apps spec</button></p>
<p><button id="delete" type="button">Delete everything</button> <button id="leave" type="button">Leave this page</button></p>
<p id="status" role="status"></p>
<script>
(() => {
  let nextId = 1;
  let count = 0;
  const pending = new Map();
  const $ = (id) => document.getElementById(id);
  const send = (message) => window.parent.postMessage({ jsonrpc: "2.0", ...message }, "*");
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      send({ id, method, params });
    });
  const show = (n) => {
    count = n;
    $("count").textContent = "Count: " + n;
  };
  window.addEventListener("message", (event) => {
    const m = event.source === window.parent ? event.data : null;
    if (!m || m.jsonrpc !== "2.0") return;
    if (!m.method && pending.has(m.id)) {
      const p = pending.get(m.id);
      pending.delete(m.id);
      m.error ? p.reject(new Error(m.error.message)) : p.resolve(m.result);
    } else if (m.method === "ui/notifications/tool-input") {
      $("input").textContent = "Started at " + (m.params.arguments || {}).start;
    } else if (m.method === "ui/notifications/tool-result") {
      show(Number((m.params.structuredContent || {}).count));
    } else if (m.method === "ping") {
      send({ id: m.id, result: {} });
    }
  });
  const resize = () => send({ method: "ui/notifications/size-changed", params: { height: document.documentElement.scrollHeight } });
  $("add").addEventListener("click", async () => {
    try {
      const result = await request("tools/call", { name: "increment", arguments: { count } });
      show(Number(result.structuredContent.count));
    } catch (error) {
      $("status").textContent = "Failed: " + error.message;
    }
  });
  $("delete").addEventListener("click", async () => {
    $("status").textContent = "";
    try {
      const result = await request("tools/call", { name: "delete_everything", arguments: {} });
      $("status").textContent = "Answered: " + ((result.content || [])[0] || {}).text;
    } catch (error) {
      $("status").textContent = "Failed: " + error.message;
    }
  });
  $("leave").addEventListener("click", () => {
    location.href = "about:blank";
  });
  $("docs").addEventListener("click", async () => {
    const result = await request("ui/open-link", { url: "https://modelcontextprotocol.io/docs/extensions/apps" });
    $("status").textContent = result.isError ? "Link refused" : "Link opened";
  });
  request("ui/initialize", { protocolVersion: "2026-01-26", appInfo: { name: "Counter", version: "1.0.0" }, appCapabilities: {} }).then((result) => {
    const variables = (result.hostContext && result.hostContext.styles && result.hostContext.styles.variables) || {};
    for (const name in variables) document.documentElement.style.setProperty(name, variables[name]);
    send({ method: "ui/notifications/initialized", params: {} });
    resize();
    new ResizeObserver(resize).observe(document.body);
  });
})();
</script>
</body></html>`;
