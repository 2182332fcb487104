// #region sample
import { Chat } from "@tandem/ui";
import "@tandem/ui/styles.css";

// theme: "light" | "dark" | "system" (follows prefers-color-scheme); className lands on the root, .tandem
export const BrandedChat = () => <Chat theme="system" className="brand-chat" />;
// #endregion sample
