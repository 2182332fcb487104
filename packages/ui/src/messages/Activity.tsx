import { useActivityRender } from "@tandem/react";
import { type ComponentPropsWithoutRef, type ComponentType, forwardRef } from "react";
import { useLabels } from "../labels/labels.js";
import { cx } from "../util/cx.js";
import { pretty } from "../util/json.js";
import { keyOf, RenderHost } from "../util/RenderHost.js";
import { ProgressReport } from "./ProgressBar.js";

// Public from here (where apps import it); the file of its own keeps tool cards' progress out of the Activity chunk.
export { ProgressBar, type ProgressBarProps } from "./ProgressBar.js";

/** Props of `<Activity>`: a `<div>`'s props, plus the activity message's id, type and content. */
export interface ActivityProps extends Omit<ComponentPropsWithoutRef<"div">, "content" | "children"> {
  /** The activity message's id (a registered renderer gets it). */
  messageId: string;
  activityType: string;
  content: Record<string, unknown>;
}

type Content = Record<string, unknown>;

/** `tool-call-progress` (content `{ progress: 0..1, message }`) of a call that is not on screen. */
function ToolCallProgress({ content }: { content: Content }) {
  const labels = useLabels();
  return (
    <ProgressReport
      value={typeof content.progress === "number" ? content.progress : 0}
      message={typeof content.message === "string" ? content.message : undefined}
      label={labels.progress}
    />
  );
}

/** The activity types drawn without a registered renderer, and how. */
const BUILT_IN = new Map<string, ComponentType<{ content: Content }>>([["tool-call-progress", ToolCallProgress]]);

/**
 * An activity message, in a container with `data-activity-type`: drawn by the renderer
 * registered for its type with `useActivityRenderer` (else the "*" one), else built in
 * (`tool-call-progress` is a progress bar with its message), else as its type and content.
 */
export const Activity = forwardRef<HTMLDivElement, ActivityProps>(function Activity(
  { messageId, activityType, content, className, ...rest },
  ref,
) {
  const render = useActivityRender(activityType);
  const BuiltIn = render ? undefined : BUILT_IN.get(activityType);
  return (
    <div
      data-activity-type={activityType}
      {...rest}
      ref={ref}
      className={cx(
        "tandem-activity",
        render && "tandem-activity--custom",
        activityType === "tool-call-progress" && !render && "tandem-activity--progress",
        className,
      )}
    >
      {render ? (
        <RenderHost key={keyOf(render)} render={render} props={{ messageId, activityType, content }} />
      ) : BuiltIn ? (
        <BuiltIn content={content} />
      ) : (
        <>
          <p className="tandem-activity__type">{activityType}</p>
          <pre className="tandem-activity__content">{pretty(content)}</pre>
        </>
      )}
    </div>
  );
});

declare module "../parts/registry.js" {
  interface ChatParts {
    /** An activity message (a renderer registered for its type, progress, or its content). */
    Activity: ActivityProps;
  }
}
