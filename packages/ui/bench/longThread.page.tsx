// The page of longThread.trace.mjs: <ThreadList> and <Chat> over a memoryStorage holding a short
// thread and a stored thread of N messages (default 5,000; `?n=`), user and assistant in turn,
// ~40 words each, every tenth reply with a list and a code block. Not a test.
import { memoryStorage } from "@tandem/core";
import { AgentProvider } from "@tandem/react";
import { Chat, ThreadList } from "@tandem/ui";
import { createRoot } from "react-dom/client";

const n = Number(new URLSearchParams(location.search).get("n") ?? 5000);
const words =
  "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua".split(" ");
const text = (i: number) => {
  const body = Array.from({ length: 40 }, (_, k) => words[(i * 7 + k) % words.length]).join(" ");
  return i % 20 === 1 ? `${body}\n\n- one **bold** item\n- two\n\n\`\`\`js\nconst x = ${i};\n\`\`\`` : body;
};

const storage = memoryStorage();
const thread = (id: string, title: string, count: number, at: number) => {
  const messages = Array.from({ length: count }, (_, i) => ({
    id: `${id}-${i}`,
    role: i % 2 ? ("assistant" as const) : ("user" as const),
    content: `#${i} ${text(i)}`,
  }));
  return storage.save({
    thread: { id, title, createdAt: at, updatedAt: at, state: {}, interrupts: [], toolCallStatus: {} },
    order: messages.map((m) => m.id),
    put: messages,
    remove: [],
  });
};
await thread("long", "Long thread", n, 1);
await thread("short", "Short thread", 4, 2);

createRoot(document.getElementById("root")!).render(
  <AgentProvider url="http://127.0.0.1:9/agent" storage={storage}>
    <div style={{ display: "flex", height: "100vh" }}>
      <ThreadList style={{ width: 240, flex: "none" }} />
      <Chat style={{ flex: "1 1 auto", minWidth: 0 }} />
    </div>
  </AgentProvider>,
);
