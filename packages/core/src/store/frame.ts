/** Runs `callback` on the next animation frame; where frames never come (Node, hidden tabs), soon after. */
export type Schedule = (callback: () => void) => () => void;

export const nextFrame: Schedule = (callback) => {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  // A background tab gets no frames at all; the timeout keeps a hidden chat from stalling.
  const timer = setTimeout(run, 50);
  const frame = typeof requestAnimationFrame === "function" ? requestAnimationFrame(run) : undefined;
  return () => {
    done = true;
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
};
