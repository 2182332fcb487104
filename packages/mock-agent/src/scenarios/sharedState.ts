import { run, textMessage } from "../steps.js";
import type { Script } from "../types.js";

interface Ingredient {
  icon: string;
  name: string;
  amount: string;
}
interface Recipe {
  title: string;
  skill_level: string;
  special_preferences: string[];
  cooking_time: string;
  ingredients: Ingredient[];
  instructions: string[];
}

const DEFAULT: Recipe = {
  title: "Make Your Recipe",
  skill_level: "Intermediate",
  special_preferences: [],
  cooking_time: "45 min",
  ingredients: [
    { icon: "🥕", name: "Carrots", amount: "3 large, grated" },
    { icon: "🌾", name: "All-Purpose Flour", amount: "2 cups" },
  ],
  instructions: ["Preheat oven to 350°F (175°C)"],
};

const SALT: Ingredient = { icon: "🧂", name: "Salt", amount: "a pinch" };

/** Dojo "shared state": the agent reads the recipe the user edited and improves it, keeping their edits. */
export const sharedState: Script = (input, { tokenDelayMs }) => {
  const mine = (input.state as { recipe?: Partial<Recipe> } | undefined)?.recipe;
  const recipe: Recipe = { ...DEFAULT, ...mine, ingredients: [...(mine?.ingredients ?? DEFAULT.ingredients)] };
  if (!recipe.ingredients.some((i) => i.name === SALT.name)) recipe.ingredients.push(SALT);
  if (recipe.instructions.length < 3) {
    recipe.instructions = [...recipe.instructions, "Mix the dry ingredients", "Bake for 30 minutes, until golden"].slice(0, 3);
  }
  const seen = (mine?.ingredients ?? []).map((i) => i.name).filter(Boolean);
  const said = seen.length
    ? `I see your recipe has ${seen.join(", ")}. I kept them, added a pinch of salt and filled in the steps.`
    : "I started a recipe for you: add or change ingredients and ask me again.";
  return run(input, [{ type: "STATE_SNAPSHOT", snapshot: { ...(input.state as object), recipe } }, ...textMessage(said, { tokenDelayMs })]);
};
