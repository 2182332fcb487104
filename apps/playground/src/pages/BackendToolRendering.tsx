import { useToolRenderer } from "@tandem/react";
import { Chat } from "@tandem/ui";

interface Weather {
  city?: string;
  temperature?: number;
  conditions?: string;
  humidity?: number;
  wind_speed?: number;
  feels_like?: number;
}

/** The agent's own tool, get_weather, drawn as a card from its arguments and result. */
export default function BackendToolRendering() {
  useToolRenderer({
    name: "get_weather",
    render: ({ args, result, status }) => {
      const place = (args?.location ?? args?.city ?? "…") as string;
      const weather = (typeof result === "object" ? result : undefined) as Weather | undefined;
      return (
        <article data-testid="weather-card" className="pg-card pg-weather" aria-busy={status !== "complete"}>
          <h3>Weather in {weather?.city ?? place}</h3>
          {weather ? (
            <dl>
              <dt>Temperature</dt>
              <dd>{weather.temperature}°C</dd>
              <dt>Conditions</dt>
              <dd>{weather.conditions}</dd>
              <dt>Humidity</dt>
              <dd>{weather.humidity}%</dd>
              <dt>Wind</dt>
              <dd>{weather.wind_speed} km/h</dd>
              <dt>Feels like</dt>
              <dd>{weather.feels_like}°C</dd>
            </dl>
          ) : (
            <p>Looking it up…</p>
          )}
        </article>
      );
    },
  });
  return <Chat suggestions={[{ label: "Weather", prompt: "What is the weather in Paris?" }]} />;
}
