import { Chat } from "@tandem/ui";

export const GermanChat = () => (
  // #region sample
  <Chat
    labels={{
      message: "Nachricht",
      send: "Senden",
      toolCall: (name) => `Werkzeugaufruf: ${name}`,
      runError: (message) => `Fehler: ${message ?? "der Agent konnte nicht antworten"}`,
      usageSummary: ({ total }) => `${total ?? "?"} Token`,
    }}
  />
  // #endregion sample
);
