/** One SSE frame with a JSON payload. */
export const frame = (value: unknown): string => `data: ${JSON.stringify(value)}\n\n`;

let counter = 0;
export const id = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`;
