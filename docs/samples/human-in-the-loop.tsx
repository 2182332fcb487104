import { useHumanInTheLoop } from "@tandem/react";
import { z } from "zod";

export function DeleteFilesConfirmation() {
  useHumanInTheLoop({
    name: "delete_files",
    description: "Ask the user before deleting files",
    parameters: z.object({ paths: z.array(z.string()) }),
    // The run waits until respond() is called; the agent gets what you pass it.
    render: ({ args, respond }) => (
      <fieldset aria-label="Delete files">
        <p>Delete {args?.paths?.join(", ")}?</p>
        <button type="button" disabled={!respond} onClick={() => respond?.({ approved: true })}>
          Approve
        </button>
        <button type="button" disabled={!respond} onClick={() => respond?.({ approved: false })}>
          Reject
        </button>
      </fieldset>
    ),
  });
  return null;
}
