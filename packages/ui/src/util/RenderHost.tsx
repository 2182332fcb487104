import type { ReactNode } from "react";

let nextKey = 0;
const keys = new WeakMap<object, number>();

/** A stable key per render function, so a new function remounts (its hooks start afresh). */
export function keyOf(fn: object): number {
  let key = keys.get(fn);
  if (key === undefined) {
    key = ++nextKey;
    keys.set(fn, key);
  }
  return key;
}

/**
 * Calls an app's render function as a component of its own, so hooks inside it belong to it
 * and not to the part that hosts it. Give it `key={keyOf(render)}`.
 */
export function RenderHost<P>({ render, props }: { render: (props: P) => ReactNode; props: P }): ReactNode {
  return render(props);
}
