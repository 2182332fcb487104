import type { RunAgentInput } from "@tandem/core";
import { AgentProvider } from "@tandem/react";
import { render, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { Chat } from "../chat/Chat.js";
import { expectNoAxeViolations } from "../test/harness.js";
import { useA2uiRenderer } from "./A2uiActivity.js";
import type { A2uiCatalog } from "./catalog.js";
import { type A2uiMiddlewareServer, loggedAction, startA2uiMiddlewareServer } from "./test/middlewareAgent.js";

let server: A2uiMiddlewareServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function A2uiChat({ catalog }: { catalog?: A2uiCatalog }) {
  useA2uiRenderer(catalog ? { catalog } : {});
  return <Chat />;
}

async function chatWithMiddleware() {
  server = await startA2uiMiddlewareServer();
  render(
    <AgentProvider url={server.url} threadId="t">
      <A2uiChat />
    </AgentProvider>,
  );
  return server;
}

const surfaces = () => screen.queryAllByTestId("a2ui-surface");

async function ask(text: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole("textbox", { name: "Message" }), text);
  await user.click(screen.getByRole("button", { name: "Send" }));
  return user;
}

describe("A2UI surfaces in <Chat>, behind the real @ag-ui/a2ui-middleware", { timeout: 20_000 }, () => {
  it("draws the surface the agent sends, with its data model bound both ways", async () => {
    await chatWithMiddleware();
    await ask("Book a table");
    const surface = await screen.findByRole("region", { name: "Interface booking" });
    expect(surface.dataset.testid).toBe("a2ui-surface");
    expect(surface.dataset.surfaceId).toBe("booking");
    // Its top heading (variant h2) sits one level under the page's h1, whatever variant it has.
    expect(within(surface).getByRole("heading", { name: "Book a table" }).tagName).toBe("H2");
    expect((within(surface).getByRole("slider", { name: "Guests" }) as HTMLInputElement).value).toBe("2");
    // Typing into the field writes /form/name, which the greeting below reads.
    await userEvent.setup().type(within(surface).getByRole("textbox", { name: "Name" }), "Ada");
    expect(within(surface).getByText("Ada")).toBeTruthy();
    await expectNoAxeViolations(surface);
  });

  it("sends a button's action to the agent and draws the agent's update in the same surface", async () => {
    const agent = await chatWithMiddleware();
    await ask("Book a table");
    const surface = await screen.findByRole("region", { name: "Interface booking" });
    const user = userEvent.setup();
    await user.type(within(surface).getByRole("textbox", { name: "Name" }), "Ada");
    await user.click(within(surface).getByRole("checkbox", { name: "Window seat" }));
    await user.click(within(surface).getByRole("button", { name: "Confirm" }));

    await within(surface).findByRole("heading", { name: "Booked for Ada, 2 guests" });
    expect(within(surface).getByText("Confirmed")).toBeTruthy();
    expect(within(surface).queryByRole("button", { name: "Confirm" })).toBeNull();
    expect(surfaces()).toHaveLength(1);
    // On the wire: the action in forwardedProps, as the middleware reads it.
    const request = agent.agent.requests.at(-1)!.body as RunAgentInput;
    expect(request.forwardedProps).toMatchObject({
      a2uiAction: {
        userAction: {
          name: "confirm",
          surfaceId: "booking",
          sourceComponentId: "confirm",
          context: { name: "Ada", guests: 2, window: true },
        },
      },
    });
    // Behind the middleware: the agent saw it as a log_a2ui_event call and its result.
    expect(loggedAction(agent.received.at(-1)!)).toMatchObject({ name: "confirm", context: { name: "Ada", guests: 2, window: true } });
    expect(agent.received.at(-1)!.messages.at(-1)!.content).toContain('User performed action "confirm" on surface "booking"');
  });

  it("contains a hostile surface: errors inside its box, no markup, no script, nothing changed outside", async () => {
    document.title = "Tandem";
    await chatWithMiddleware();
    await ask("hostile");
    const surface = await screen.findByRole("region", { name: "Interface hostile" });
    // The middleware sends each surface's operations as an activity of its own: the errors of the
    // operations on no surface are shown in theirs.
    const errors = screen.getAllByTestId("a2ui-error").map((e) => e.textContent);
    expect(
      within(surface)
        .getAllByTestId("a2ui-error")
        .map((e) => e.textContent),
    ).toEqual(['Unknown component "Iframe".', 'Component "loop" contains itself.']);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Operation \d: version "v0.8" is not v0.9$/),
        expect.stringMatching(/^Operation \d: updateComponents: no surface "nowhere" \(createSurface first\)$/),
      ]),
    );
    expect(within(surface).getByText("<script>document.title='pwned'</script>")).toBeTruthy();
    expect(surface.querySelector("script, iframe, img")).toBeNull();
    expect(within(surface).getByText(/bad image \(not shown/)).toBeTruthy();
    expect(document.title).toBe("Tandem");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The rest of the chat still works.
    expect(screen.getByRole("textbox", { name: "Message" })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("button", { name: "Send" })).toBeTruthy());
  });
});
