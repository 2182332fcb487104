import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

describe("tandem-mock CLI", () => {
  it("starts on the port given, lists the scenario URLs, answers /health and stops on SIGTERM", async () => {
    const bin = fileURLToPath(new URL("../bin/tandem-mock.mjs", import.meta.url));
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
});
