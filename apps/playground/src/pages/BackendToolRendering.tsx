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

/** What the card can show, in order; a field the result does not carry is left out, unit and all. */
const FIELDS: Array<{ key: keyof Weather; label: string; unit: string }> = [
  { key: "temperature", label: "Temperature", unit: "°C" },
  { key: "conditions", label: "Conditions", unit: "" },
  { key: "humidity", label: "Humidity", unit: "%" },
  { key: "wind_speed", label: "Wind", unit: " km/h" },
  { key: "feels_like", label: "Feels like", unit: "°C" },
];

const present = (value: unknown) =>
  (typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && value.trim() !== "");

/** The agent's own tool, get_weather, drawn as a card from its arguments and result. */
export default function BackendToolRendering() {
  useToolRenderer({
    name: "get_weather",
    render: ({ args, result, status }) => {
      const place = (args?.location ?? args?.city ?? "…") as string;
      const weather = (typeof result === "object" && result !== null ? result : undefined) as Weather | undefined;
      return (
        <article data-testid="weather-card" className="pg-card pg-weather" aria-busy={status !== "complete"}>
          <h3>Weather in {weather?.city ?? place}</h3>
          {weather ? (
            <dl>
              {FIELDS.filter((f) => present(weather[f.key])).map((f) => (
                <div key={f.key}>
                  <dt>{f.label}</dt>
                  <dd>
                    {String(weather[f.key])}
                    {f.unit}
                  </dd>
                </div>
              ))}
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
