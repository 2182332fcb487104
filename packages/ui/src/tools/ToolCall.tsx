import { type ToolRenderProps, useAgent, useToolCall, useToolRender } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from "react";
import { useLabels } from "../labels/labels.js";
import { usePart } from "../parts/registry.js";
import { cx } from "../util/cx.js";
import { argsText, pretty } from "../util/json.js";
import { PartBoundary } from "../util/PartBoundary.js";
import { keyOf, RenderHost } from "../util/RenderHost.js";

/** Props of `<ToolCall>`: a `<fieldset>`'s props, plus the id of the tool call to show. */
export interface ToolCallProps extends Omit<ComponentPropsWithoutRef<"fieldset">, "children"> {
  toolCallId: string;
}

/**
 * One tool call, always inside a `role="group"` named `Tool call: <name>` with `data-status`
 * (and `data-state`, the same status).
 * Inside it: the render registered for the tool (useFrontendTool / useHumanInTheLoop render, or
 * useToolRenderer for its name or "*"), else a Confirmation while a human-in-the-loop call waits,
 * else the default card. The container adds no visuals around a custom render; a group is a
 * plain grouping role, so whatever the render draws (a card, a form, a dialog) keeps its meaning.
 * A "*" render does not hide a pending confirmation: a call waiting for a person with no render
 * of its own always gets Approve / Reject, so a catch-all renderer cannot leave the run stuck.
 */
export const ToolCall = forwardRef<HTMLFieldSetElement, ToolCallProps>(function ToolCall({ toolCallId, className, ...rest }, ref) {
  const call = useToolCall(toolCallId);
  const labels = useLabels();
  const name = call?.name ?? "";
  const own = useToolRender(name, { exact: true });
  const catchAll = useToolRender("*");
  const Confirmation = usePart("Confirmation");
  const ToolCallCard = usePart("ToolCallCard");
  // An open interrupt bound to the call asks its question itself (InterruptConfirmation): no second one here.
  const askedByInterrupt = useAgent((s) => s.interrupts.some((i) => i.toolCallId === toolCallId));
  if (!call) return null;

  const waiting = call.status === "awaiting-input" && !askedByInterrupt;
  // A catch-all render never hides a pending confirmation (see above).
  const custom = own ?? (waiting ? undefined : catchAll);
  let body: ReactNode;
  if (custom) {
    const props: ToolRenderProps = {
      toolCallId: call.id,
      name: call.name,
      status: call.status,
      args: call.args as ToolRenderProps["args"],
      ...(call.result !== undefined && { result: call.result }),
      ...(call.error !== undefined && { error: call.error }),
      ...(waiting && { respond: call.respond }),
    };
    body = <RenderHost key={keyOf(custom)} render={custom} props={props} />;
  } else if (waiting) {
    body = <Confirmation key={call.id} call={call} />;
  } else {
    body = <ToolCallCard call={call} />;
  }
  return (
    <fieldset
      aria-label={labels.toolCall(call.name)}
      data-state={call.status}
      data-status={call.status}
      data-tool-call-id={call.id}
      {...rest}
      ref={ref}
      className={cx("tandem-tool-call", custom && "tandem-tool-call--custom", className)}
    >
      {/* The group stays, named, with its status; a view of the call that fails shows its arguments and result as text. */}
      <PartBoundary resetKey={call} text={() => callText(call.args, call.argsText, call.result)}>
        {body}
      </PartBoundary>
    </fieldset>
  );
});

/** A tool call as plain text, for a view of it that failed: its arguments, then its result. */
function callText(args: unknown, raw: string | undefined, result: unknown): string {
  const text = argsText(args, raw ?? "");
  return result === undefined ? text : `${text}\n\n${pretty(result)}`;
}

declare module "../parts/registry.js" {
  interface ChatParts {
    /** The whole tool call slot: custom render, confirmation or card. */
    ToolCall: ToolCallProps;
  }
}
