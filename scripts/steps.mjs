// The steps of a scratch-app test (scripts/consumer-test.mjs, scripts/nextjs-test.mjs): each is
// timed and printed; a failure is printed with the command's output.

/** Seconds since `since`, as printed. */
export const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** A list of results and the `step` that adds to it. */
export function steps() {
  const results = [];
  /** Runs a step; a failure is recorded with the command's output and ends the test when `required`. */
  async function step(label, fn, { required = false } = {}) {
    const since = Date.now();
    try {
      const returned = await fn();
      const note = typeof returned === "string" ? returned : "";
      results.push({ label, ok: true });
      console.log(`  ✓ ${label} (${seconds(since)})${note ? `\n${note.replace(/^/gm, "      ")}` : ""}`);
    } catch (error) {
      results.push({ label, ok: false });
      const output = [error.stdout, error.stderr].filter(Boolean).join("\n").trim();
      console.log(`  ✗ ${label} (${seconds(since)})\n${(output || String(error.stack ?? error)).replace(/^/gm, "      ")}`);
      if (required) throw new Error(`${label} failed`);
    }
  }
  return { results, step };
}
