// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { startMockAgent } from "@tandem/mock-agent";
import { preloadChat } from "@tandem/ui";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterAll, beforeAll, expect, it } from "vitest";
import { App } from "./App";

const agent = await startMockAgent({ recording: JSON.parse(readFileSync("recordings/teal.json", "utf8")) });
afterAll(() => agent.close());
beforeAll(() => preloadChat());

it("turns the page teal, as the real agent did", async () => {
  render(<App url={`${agent.baseUrl}/run`} />); // the path the recording was made at
  fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: "make it teal" } });
  fireEvent.click(screen.getByRole("button", { name: "Send" }));
  expect(await screen.findByText(/teal now/)).toBeTruthy();
});
