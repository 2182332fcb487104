import { useThreads } from "@tandem/react";

export function Threads() {
  // #region sample
  const { threads, currentId, storage, create, switchTo, rename, remove } = useThreads();
  // threads: [{ id, title, createdAt, updatedAt, running }], most recent first
  // #endregion sample
  return (
    <nav aria-label="Threads">
      <button type="button" onClick={() => create()}>
        New thread
      </button>
      {threads.map((t) => (
        <span key={t.id}>
          <button
            type="button"
            aria-current={t.id === currentId ? "page" : undefined}
            aria-description={t.running ? "Running" : undefined}
            onClick={() => switchTo(t.id)}
          >
            {t.title}
            {t.running && " •"}
          </button>
          <button type="button" onClick={() => rename(t.id, `${t.title}!`)}>
            Rename
          </button>
          <button type="button" onClick={() => remove(t.id)}>
            Delete
          </button>
        </span>
      ))}
      {storage.kind === "failed" && <p role="status">{storage.message}</p>}
    </nav>
  );
}
