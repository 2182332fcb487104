/** The story the mock agent at `baseUrl` tells on a connection that does not drop: what a resumed reply must end as. */
export async function wholeStory(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/agentic-chat`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ threadId: "story", runId: "story", messages: [{ id: "u", role: "user", content: "tell me a story" }] }),
  });
  return (await response.text())
    .split("\n\n")
    .flatMap((frame) => frame.split("\n").filter((line) => line.startsWith("data: ")))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; delta?: string })
    .filter((event) => event.type === "TEXT_MESSAGE_CONTENT")
    .map((event) => event.delta)
    .join("");
}
