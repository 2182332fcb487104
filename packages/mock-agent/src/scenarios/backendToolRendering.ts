import { newId, run, textMessage, toolCall, toolResult } from "../steps.js";
import type { Script } from "../types.js";
import { lastUserText } from "./read.js";

function cityIn(text: string): string {
  const match = text.match(/\b(?:in|for|at)\s+([A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+)*)/u);
  return match?.[1] ?? "Tokyo";
}

/** Dojo "backend tool rendering": the server calls get_weather itself and streams the result. */
export const backendToolRendering: Script = (input, { tokenDelayMs }) => {
  const city = cityIn(lastUserText(input));
  const toolCallId = newId("weather");
  const weather = { city, temperature: 21, conditions: "Partly cloudy", humidity: 64, wind_speed: 12, feels_like: 20 };
  return run(input, [
    ...toolCall("get_weather", { location: city }, { toolCallId, chunks: 2, tokenDelayMs }),
    toolResult(toolCallId, weather),
    ...textMessage(`It is ${weather.temperature}°C and ${weather.conditions.toLowerCase()} in ${city}.`, { tokenDelayMs }),
  ]);
};
