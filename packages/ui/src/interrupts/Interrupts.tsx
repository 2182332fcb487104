import { type Interrupt, useAgent, useInterruptRender } from "@tandem/react";
import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { useChatComponents } from "../chat/components.js";
import { cx } from "../util/cx.js";
import { keyOf, RenderHost } from "../util/RenderHost.js";
import { InterruptPrompt as DefaultInterruptPrompt } from "./InterruptPrompt.js";

/** Props of `<Interrupts>`: a `<div>`'s props. */
export interface InterruptsProps extends Omit<ComponentPropsWithoutRef<"div">, "children"> {}

const NONE: Interrupt[] = [];

/** Every pending interrupt: the useInterrupt render when one is registered, else InterruptPrompt. */
export const Interrupts = forwardRef<HTMLDivElement, InterruptsProps>(function Interrupts({ className, ...rest }, ref) {
  const interrupts = useAgent((s) => (s.interrupts.length === 0 ? NONE : s.interrupts));
  const { resolveInterrupt, cancelInterrupt } = useAgent();
  const render = useInterruptRender();
  const { InterruptPrompt = DefaultInterruptPrompt } = useChatComponents();
  if (interrupts.length === 0) return null;
  // A failed answer (e.g. the interrupt is gone) is reported by the thread's error; the actions never reject.
  const resolve = (id: string) => (payload?: unknown) => void resolveInterrupt(id, payload);
  const cancel = (id: string) => () => void cancelInterrupt(id);
  return (
    <div {...rest} ref={ref} className={cx("tandem-interrupts", className)}>
      {interrupts.map((interrupt) =>
        render ? (
          <RenderHost
            key={`${interrupt.id}:${keyOf(render)}`}
            render={render}
            props={{ interrupt, resolve: resolve(interrupt.id), cancel: cancel(interrupt.id) }}
          />
        ) : (
          <InterruptPrompt key={interrupt.id} interrupt={interrupt} onResolve={resolve(interrupt.id)} onCancel={cancel(interrupt.id)} />
        ),
      )}
    </div>
  );
});
