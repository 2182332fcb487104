/** A scheduler that publishes at once, for tests that read the store right after an event. */
export const sync = (callback: () => void) => {
  callback();
  return () => {};
};

export async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}
