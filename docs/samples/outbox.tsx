import { useOutbox } from "@tandem/react";

export function MyOutbox() {
  // #region sample
  const { items, remove, sendOn } = useOutbox();
  // items: [{ id, content, state: "queued" | "waiting" | "held" }], in the order they go out
  // #endregion sample
  if (items.length === 0) return null;
  return (
    <ul aria-label="Messages to send">
      {items.map((item) => (
        <li key={item.id} data-state={item.state}>
          {item.state === "waiting" ? "Waiting for connection" : item.state === "held" ? "Not sent" : "Queued"}:{" "}
          {typeof item.content === "string" ? item.content : "(message with files)"}
          <button type="button" onClick={() => remove(item.id)}>
            Remove
          </button>
        </li>
      ))}
      {items[0]!.state !== "queued" && (
        <li>
          <button type="button" onClick={sendOn}>
            Send now
          </button>
        </li>
      )}
    </ul>
  );
}
