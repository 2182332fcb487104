import { useActivityRenderer, useInterrupt, useToolRenderer } from "@tandem/react";

function Plan({ steps }: { steps: string[] }) {
  return (
    <ol>
      {steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  );
}

export function Renderers() {
  // #region tool
  useToolRenderer({
    name: "search_web",
    render: ({ status, args, result }) => (
      <p>{status === "complete" ? `Found ${JSON.stringify(result)}` : `Searching ${JSON.stringify(args)}…`}</p>
    ),
  });
  // #endregion tool
  // #region activity
  useActivityRenderer<{ steps: string[] }>({
    type: "plan",
    render: ({ content }) => <Plan steps={content.steps} />,
  });
  // #endregion activity
  // #region interrupt
  useInterrupt({
    render: ({ interrupt, resolve, cancel }) => (
      <fieldset aria-label="The agent asks">
        <pre>{JSON.stringify(interrupt)}</pre>
        <button type="button" onClick={() => resolve({ approved: true })}>
          Approve
        </button>
        <button type="button" onClick={() => cancel()}>
          Cancel
        </button>
      </fieldset>
    ),
  });
  // #endregion interrupt
  return null;
}
