import { useFrontendTool } from "@tandem/react";
import { z } from "zod";

export function WeatherTool() {
  useFrontendTool({
    name: "show_weather",
    description: "Show the weather for a city",
    parameters: z.object({ city: z.string(), unit: z.enum(["C", "F"]).optional() }),
    // Runs in the browser; its result goes back to the agent, which then carries on.
    handler: async ({ city, unit = "C" }, { signal }) => {
      const response = await fetch(`/api/weather?city=${encodeURIComponent(city)}&unit=${unit}`, { signal });
      return response.json();
    },
    // Draws the call in the transcript, while it streams and once it has a result.
    render: ({ status, args, result }) => (
      <p>
        {args?.city ?? "…"}: {status === "complete" ? JSON.stringify(result) : "looking it up"}
      </p>
    ),
  });
  return null;
}
