import { useAgent, useAgentState } from "@tandem/react";
import { Chat } from "@tandem/ui";

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
type State = { recipe: Recipe };

export const initialRecipeState: State = {
  recipe: {
    title: "Make Your Recipe",
    skill_level: "Intermediate",
    special_preferences: [],
    cooking_time: "45 min",
    ingredients: [
      { icon: "🥕", name: "Carrots", amount: "3 large, grated" },
      { icon: "🌾", name: "All-Purpose Flour", amount: "2 cups" },
    ],
    instructions: ["Preheat oven to 350°F (175°C)"],
  },
};

function RecipeCard() {
  const [state, setState] = useAgentState<State>();
  const { sendMessage, isRunning } = useAgent();
  const recipe = state?.recipe ?? initialRecipeState.recipe;
  const edit = (index: number, field: keyof Ingredient, value: string) =>
    setState((s = initialRecipeState) => ({
      ...s,
      recipe: { ...s.recipe, ingredients: s.recipe.ingredients.map((ing, i) => (i === index ? { ...ing, [field]: value } : ing)) },
    }));
  const add = () =>
    setState((s = initialRecipeState) => ({
      ...s,
      recipe: { ...s.recipe, ingredients: [...s.recipe.ingredients, { icon: "🍴", name: "", amount: "" }] },
    }));
  return (
    <section data-testid="recipe-card" className="pg-card pg-recipe" aria-label="Recipe">
      <h2>{recipe.title}</h2>
      <p>
        {recipe.skill_level} · {recipe.cooking_time}
      </p>
      <h3>Ingredients</h3>
      <ul>
        {recipe.ingredients.map((ing, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the Dojo's recipe gives ingredients no ids; a row is its position, and its inputs are controlled.
          <li key={i} className="tandem-field">
            <span aria-hidden="true">{ing.icon}</span>
            <input
              className="pg-input"
              aria-label={`Ingredient ${i + 1} name`}
              value={ing.name}
              onChange={(e) => edit(i, "name", e.target.value)}
            />
            <input
              className="pg-input"
              aria-label={`Ingredient ${i + 1} amount`}
              value={ing.amount}
              onChange={(e) => edit(i, "amount", e.target.value)}
            />
          </li>
        ))}
      </ul>
      <button type="button" className="tandem-button" onClick={add}>
        Add ingredient
      </button>
      <h3>Instructions</h3>
      <ol>
        {recipe.instructions.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <button
        type="button"
        className="tandem-button tandem-button--primary"
        disabled={isRunning}
        onClick={() => void sendMessage("Improve my recipe")}
      >
        Improve with AI
      </button>
    </section>
  );
}

/** State shared both ways: your edits go with the next run; the agent's snapshot comes back. */
export default function SharedState() {
  return (
    <>
      <RecipeCard />
      <Chat />
    </>
  );
}
