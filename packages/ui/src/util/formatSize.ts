/** A size for people: "512 B", "2.5 MB". */
export function formatSize(bytes: number): string {
  const [value, unit] = bytes < 1024 ? [bytes, "B"] : bytes < 1024 ** 2 ? [bytes / 1024, "KB"] : [bytes / 1024 ** 2, "MB"];
  return `${value.toLocaleString(undefined, { maximumFractionDigits: 1 })} ${unit}`;
}
