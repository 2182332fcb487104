import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../bin/tandem-mock.mjs", import.meta.url));

describe("tandem-mock CLI", () => {
  it("starts on the port given, lists the scenario URLs, answers /health and stops on SIGTERM", async () => {
    const child = spawn(process.execPath, [bin, "--port", "0", "--token-delay", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    try {
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      await expect.poll(() => output, { timeout: 15_000 }).toContain("predictive-state-updates");
      const baseUrl = output.match(/^Mock agent on (http:\/\/127\.0\.0\.1:\d+)$/m)?.[1];
      expect(baseUrl).toBeDefined();
      expect(output).toContain(`${baseUrl}/human-in-the-loop`);
      expect(await (await fetch(`${baseUrl}/health`)).text()).toBe("ok");
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      expect((await exited)[0]).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 20_000);

  it("--busy-threads answers a second run on a busy thread with an empty stream until it is stopped", async () => {
    const child = spawn(process.execPath, [bin, "--port", "0", "--token-delay", "50", "--busy-threads"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      await expect.poll(() => output, { timeout: 15_000 }).toContain("subagents");
      const baseUrl = output.match(/^Mock agent on (http:\/\/127\.0\.0\.1:\d+) \(busy threads/m)?.[1];
      expect(baseUrl).toBeDefined();
      const body = (runId: string) =>
        JSON.stringify({ threadId: "cli", runId, messages: [{ id: "u", role: "user", content: "tell me a long story" }] });
      const post = (runId: string, signal?: AbortSignal) =>
        fetch(`${baseUrl}/agentic-chat`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: body(runId),
          ...(signal && { signal }),
        });
      const controller = new AbortController();
      await (await post("first", controller.signal)).body!.getReader().read();
      controller.abort();
      expect(await (await post("second")).text()).toBe("");
      const stopped = await fetch(`${baseUrl}/agent/agentic-chat/stop/cli`, { method: "POST" });
      expect(await stopped.json()).toEqual({ stopped: true });
      const third = (await post("third")).body!.getReader();
      expect(new TextDecoder().decode((await third.read()).value)).toContain('"RUN_STARTED"');
      await third.cancel();
    } finally {
      child.kill("SIGKILL");
    }
  }, 20_000);

  it("--drop-after n cuts every response after n events; Last-Event-ID reads on", async () => {
    const child = spawn(process.execPath, [bin, "--port", "0", "--token-delay", "0", "--drop-after", "3"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      await expect.poll(() => output, { timeout: 15_000 }).toContain("subagents");
      const baseUrl = output.match(/^Mock agent on (http:\/\/127\.0\.0\.1:\d+) \(responses cut after 3 events\)$/m)?.[1];
      expect(baseUrl).toBeDefined();
      const read = async (headers: Record<string, string> = {}) => {
        const response = await fetch(`${baseUrl}/agentic-chat`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify({ threadId: "cli", runId: "cut", messages: [] }),
        });
        let text = "";
        try {
          for await (const chunk of response.body!) text += Buffer.from(chunk).toString();
        } catch {
          // the cut
        }
        return [...text.matchAll(/^id: (.*)$/gm)].map((m) => m[1]);
      };
      expect(await read()).toEqual(["1", "2", "3"]);
      expect(await read({ "last-event-id": "3" })).toEqual(["4", "5", "6"]);
    } finally {
      child.kill("SIGKILL");
    }
  }, 20_000);

  it("refuses a --drop-after that is not a whole number of events", async () => {
    const child = spawn(process.execPath, [bin, "--drop-after", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk) => (errors += chunk));
    const [code] = await once(child, "exit");
    expect(code).toBe(2);
    expect(errors).toContain("--drop-after must be a whole number of events");
  }, 20_000);
});
