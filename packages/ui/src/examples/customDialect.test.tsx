import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { AgentProvider } from "@tandem/react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Chat } from "../chat/Chat.js";
import { askDialect } from "./customDialect.js";

let server: Server | undefined;
afterEach(async () => {
  cleanup();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = undefined;
});

/** The dialect's server: `{ question }` in, text frames out; `done` unless told to drop. */
async function askServer(): Promise<{ url: string; questions: unknown[] }> {
  const questions: unknown[] = [];
  server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const { question } = JSON.parse(body) as { question: string };
    questions.push(question);
    res.writeHead(200, { "content-type": "text/event-stream", "access-control-allow-origin": "*" });
    for (const text of ["You asked: ", question]) res.write(`data: ${JSON.stringify({ text })}\n\n`);
    if (question !== "drop") res.write(`data: ${JSON.stringify({ done: true })}\n\n`);
    res.end();
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/ask`, questions };
}

async function ask(url: string, question: string) {
  render(
    <AgentProvider transport={askDialect(url)} threadId="t">
      <Chat />
    </AgentProvider>,
  );
  fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: question } });
  fireEvent.click(screen.getByRole("button", { name: "Send" }));
}

describe("the docs' custom dialect", () => {
  it("is the file the agent server guide shows", () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const guide = readFileSync(join(here, "../../../../docs/guide/agent-server.md"), "utf8");
    expect(guide).toContain("<<< ../../packages/ui/src/examples/customDialect.ts\n");
  });

  it("drives <Chat> against its server", async () => {
    const { url, questions } = await askServer();
    await ask(url, "why is the sky blue?");
    await waitFor(() => expect(screen.getByText("You asked: why is the sky blue?")).toBeTruthy());
    expect(questions).toEqual(["why is the sky blue?"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("reports a stream that stops without done as cut off, keeping the text", async () => {
    const { url } = await askServer();
    await ask(url, "drop");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/closed before the agent finished/));
    expect(screen.getByText("You asked: drop")).toBeTruthy();
  });
});
