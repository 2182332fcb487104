import { useAgent, useBranches } from "@tandem/react";

export function Turn({ messageId, replyId }: { messageId: string; replyId: string }) {
  // #region sample
  const { editMessage, regenerate } = useAgent();
  const edit = () => editMessage(messageId, "a better question"); // a new version of that turn, then a run
  const again = () => regenerate(replyId); // a new version of that reply; the old one stays

  const { index, count, previous, next, select } = useBranches(messageId); // the turn it begins
  // #endregion sample
  return (
    <p>
      <button type="button" onClick={edit}>
        Edit
      </button>
      <button type="button" onClick={again}>
        Regenerate
      </button>
      <button type="button" onClick={previous}>
        Previous version
      </button>
      {index + 1} / {count}
      <button type="button" onClick={next}>
        Next version
      </button>
      <button type="button" onClick={() => select(0)}>
        First
      </button>
    </p>
  );
}
