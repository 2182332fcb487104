/** How much of a frame a diagnostic keeps: its JSON text is cut after this many characters. */
export const DIAGNOSTIC_FRAME_CHARACTERS = 2_000;

/**
 * A frame as a diagnostic keeps it: a string as it is, anything else as JSON text (a BigInt as
 * `12n`; what JSON cannot write, such as a cycle, as `String(frame)`), never longer than
 * `DIAGNOSTIC_FRAME_CHARACTERS` plus a note of how much was cut.
 */
export function frameText(frame: unknown): string {
  let text: string;
  if (typeof frame === "string") text = frame;
  else {
    try {
      text = JSON.stringify(frame, (_key, value: unknown) => (typeof value === "bigint" ? `${value}n` : value)) ?? String(frame);
    } catch {
      text = String(frame);
    }
  }
  const over = text.length - DIAGNOSTIC_FRAME_CHARACTERS;
  return over > 0 ? `${text.slice(0, DIAGNOSTIC_FRAME_CHARACTERS)}… (${over} more characters)` : text;
}
