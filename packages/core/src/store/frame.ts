/** Runs `callback` on the next animation frame; where frames never come (Node, hidden tabs), soon after. */
export type Schedule = (callback: () => void) => () => void;

/** The share of the main thread a stream's publishes may take, their frames' rendering included. */
const SHARE = 1 / 3;
/** The longest a publish waits for its share: a stream on a slow page still shows ten times a second. */
const LONGEST_WAIT = 100;
/** For this long after a key is pressed, a stream publishes on every frame. */
const TYPING = 1_000;

/** When the last publish on a frame began, what it cost the main thread with its frame, and when the person last pressed a key (all on the frames' clock). */
let publishedAt = Number.NEGATIVE_INFINITY;
let cost = 0;
let pressedAt: number | undefined;

/**
 * Runs `callback` on an animation frame: the next one, unless the last publish (of any store on
 * this page) cost more than a third of the time since it began, with the styling, layout and
 * paint of its frame. Then frames go by until its third is reached (at most `LONGEST_WAIT`). On a
 * page that draws a frame in a few milliseconds a stream shows every frame; where a frame of it
 * costs more (a slow machine, a busy page), it shows less often and the main thread does less:
 * 16 to 25% less main-thread time and 37 to 43% less React time in the shared bench's Markdown
 * reply on 2 cores (BENCHMARKS.md, issue 35). Not while the person types (a key pressed in the last second):
 * then every frame, each as small as it can be, since a key's echo waits behind the frames being
 * drawn. A background tab gets no frames: it runs after 50 ms.
 */
export const nextFrame: Schedule = (callback) => {
  let frame: number | undefined;
  let done = false;
  const run = (now?: number) => {
    if (done) return;
    cancel();
    const at = performance.now();
    callback();
    // Measured by a task queued in its frame: it runs once the frame is drawn.
    if (now)
      setTimeout(() => {
        publishedAt = at;
        cost = performance.now() - at;
      });
  };
  const onFrame = (now: number) => {
    const typing = now - (pressedAt ?? Number.NEGATIVE_INFINITY) < TYPING;
    // A frame's time is when it began; a publish due within a millisecond of it goes in it.
    if (typing || now + 1 >= publishedAt + Math.min(LONGEST_WAIT, cost / SHARE)) return run(now);
    // Frames come: the wait for a tab that stops drawing starts again.
    clearTimeout(timer);
    frame = requestAnimationFrame(onFrame);
    timer = setTimeout(run, 50);
  };
  const cancel = () => {
    done = true;
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
  let timer = setTimeout(run, 50);
  if (typeof requestAnimationFrame === "function") {
    // The person's keys are noted from the first frame asked for, not at import (no side effects).
    if (pressedAt === undefined && typeof addEventListener === "function") {
      pressedAt = Number.NEGATIVE_INFINITY;
      const pressed = (event: Event) => {
        pressedAt = event.timeStamp;
      };
      addEventListener("keydown", pressed, { capture: true, passive: true });
    }
    frame = requestAnimationFrame(onFrame);
  }
  return cancel;
};
