import { fireEvent, screen } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { createClient, dispatch, renderWith, runError, runStarted } from "../test/harness.js";
import { RunError, RunErrorMessage, RunErrorRetry } from "./RunError.js";

describe("RunError parts", () => {
  it("forwards a ref to the alert and spreads the app's props on it", () => {
    const client = createClient();
    const ref = createRef<HTMLDivElement>();
    renderWith(client, <RunError ref={ref} className="mine" data-place="top" />);
    expect(ref.current).toBeNull();
    dispatch(client, runStarted(), runError("Model overloaded"));
    const alert = screen.getByRole("alert");
    expect(ref.current).toBe(alert);
    expect(alert.dataset.kind).toBe("agent");
    expect(alert.dataset.place).toBe("top");
    expect([...alert.classList]).toEqual(["tandem-run-error", "mine"]);
  });

  it("composes the app's own message and Retry link from the parts (asChild)", () => {
    const client = createClient();
    const retry = vi.spyOn(client, "retry").mockResolvedValue(undefined);
    renderWith(
      client,
      <RunError>
        <RunErrorMessage className="big" />
        <RunErrorRetry asChild>
          <a href="#again">Try once more</a>
        </RunErrorRetry>
      </RunError>,
    );
    dispatch(client, runStarted(), runError("Model overloaded"));
    expect(screen.getByText("Model overloaded").className).toBe("tandem-run-error__message big");
    const link = screen.getByRole("link", { name: "Try once more" });
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    fireEvent.click(link);
    expect(retry).toHaveBeenCalledOnce();
  });

  it("runs Retry's onClick first and does not retry when it calls preventDefault", () => {
    const client = createClient();
    const retry = vi.spyOn(client, "retry").mockResolvedValue(undefined);
    const order: string[] = [];
    retry.mockImplementation(async () => {
      order.push("retry");
    });
    let block = false;
    renderWith(
      client,
      <RunError>
        <RunErrorRetry
          onClick={(event) => {
            order.push("app");
            if (block) event.preventDefault();
          }}
        />
      </RunError>,
    );
    dispatch(client, runStarted(), runError("boom"));
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(order).toEqual(["app", "retry"]);
    block = true;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(order).toEqual(["app", "retry", "app"]);
  });
});
