import { useFrontendTool } from "@tandem/react";
import { Chat } from "@tandem/ui";

interface Haiku {
  japanese: string[];
  english: string[];
  image_name: string;
  gradient: string;
}

/** generate_haiku's arguments, drawn as a card while they stream. */
export default function ToolBasedGenerativeUi() {
  useFrontendTool({
    name: "generate_haiku",
    description: "Show a haiku to the user as a card.",
    parameters: {
      type: "object",
      properties: {
        japanese: { type: "array", items: { type: "string" } },
        english: { type: "array", items: { type: "string" } },
        image_name: { type: "string" },
        gradient: { type: "string" },
      },
      required: ["japanese", "english"],
    },
    handler: () => "haiku shown",
    render: ({ args }) => {
      const haiku = (args ?? {}) as Partial<Haiku>;
      return (
        <figure data-testid="haiku-card" className="pg-card pg-haiku" style={{ background: haiku.gradient }}>
          {haiku.japanese
            ?.map((line, i) => ({ line, english: haiku.english?.[i] }))
            .map(({ line, english }) => (
              <p key={line} lang="ja">
                {line}
                <br />
                <small lang="en">{english}</small>
              </p>
            ))}
          {haiku.image_name && <figcaption>{haiku.image_name}</figcaption>}
        </figure>
      );
    },
  });
  return <Chat suggestions={[{ label: "A haiku", prompt: "write me a haiku about an old pond" }]} />;
}
