import { runFinished, runStarted } from "@tandem/mock-agent";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, expectTypeOf, it } from "vitest";
import { bodies, renderWith, serve, Transcript } from "./test/harness.js";
import { type SetAgentState, useAgentState } from "./useAgentState.js";

type Recipe = { title: string; servings: number };

// Type assertions are checked by `tsc` (`pnpm typecheck`, part of `pnpm test`).
describe("useAgentState types", () => {
  it("types the state as T | undefined, and the selector's input too", () => {
    expectTypeOf<Parameters<SetAgentState<Recipe>>[0]>().toEqualTypeOf<Recipe | ((previous: Recipe | undefined) => Recipe)>();
    function Slice() {
      const [recipe] = useAgentState<Recipe>();
      expectTypeOf(recipe).toEqualTypeOf<Recipe | undefined>();
      // @ts-expect-error -- the state may be undefined, so this does not compile
      recipe.title;
      // @ts-expect-error -- a selector that ignores `undefined` does not compile
      useAgentState((s: Recipe) => s.title);
      const title = useAgentState((s?: Recipe) => s?.title);
      expectTypeOf(title).toEqualTypeOf<string | undefined>();
      return null;
    }
    expect(Slice).toBeTypeOf("function");
  });
});

describe("useAgentState", () => {
  function View() {
    const [recipe, setRecipe] = useAgentState<Recipe>();
    const servings = useAgentState((s?: Recipe) => (s === undefined ? "unset" : String(s.servings)));
    return (
      <>
        <p data-testid="state">{recipe === undefined ? "undefined" : JSON.stringify(recipe)}</p>
        <p data-testid="servings">{servings}</p>
        <button type="button" onClick={() => setRecipe((r) => ({ title: r?.title ?? "New", servings: (r?.servings ?? 0) + 1 }))}>
          More
        </button>
        <Transcript />
      </>
    );
  }
  const shown = () => [screen.getByTestId("state").textContent, screen.getByTestId("servings").textContent];

  it("is undefined until the agent sets it, then follows it", async () => {
    const agent = await serve(async function* (input) {
      yield runStarted(input);
      yield { delay: 30 };
      yield { type: "STATE_SNAPSHOT", snapshot: { title: "Soup", servings: 2 } };
      yield runFinished(input);
    });
    renderWith(agent, <View />);
    expect(shown()).toEqual(["undefined", "unset"]);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(shown()).toEqual(['{"title":"Soup","servings":2}', "2"]));
  });

  it("is an empty object when the agent sets an empty object", async () => {
    const agent = await serve((input) => [runStarted(input), { type: "STATE_SNAPSHOT", snapshot: {} }, runFinished(input)]);
    renderWith(agent, <View />);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("idle"));
    expect(screen.getByTestId("state").textContent).toBe("{}");
  });

  it("starts from initialState", async () => {
    const agent = await serve((input) => [runStarted(input), runFinished(input)]);
    renderWith(agent, <View />, { initialState: { title: "Stew", servings: 4 } });
    expect(shown()).toEqual(['{"title":"Stew","servings":4}', "4"]);
  });

  it("gives the updater undefined while unset, and sends what it returns", async () => {
    const agent = await serve((input) => [runStarted(input), runFinished(input)]);
    renderWith(agent, <View />);
    fireEvent.click(screen.getByRole("button", { name: "More" }));
    expect(shown()).toEqual(['{"title":"New","servings":1}', "1"]);
    fireEvent.click(screen.getByRole("button", { name: "More" }));
    expect(shown()).toEqual(['{"title":"New","servings":2}', "2"]);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(agent.requests).toHaveLength(1));
    expect(bodies(agent)[0]!.state).toEqual({ title: "New", servings: 2 });
  });
});
