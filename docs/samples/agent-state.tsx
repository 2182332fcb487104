import { useAgentState } from "@tandem/react";

interface Recipe {
  title: string;
  ingredients: string[];
}
const defaultRecipe: Recipe = { title: "", ingredients: [] };

export function RecipeTitle() {
  // #region sample
  const [state, setState] = useAgentState<Recipe>(); // Recipe | undefined; follows STATE_SNAPSHOT / STATE_DELTA
  const title = useAgentState((s?: Recipe) => s?.title); // a slice; re-renders only when it changes
  setState((previous) => ({ ...defaultRecipe, ...previous, title: "Soup" }));
  // #endregion sample
  return <h1>{title ?? state?.title}</h1>;
}
