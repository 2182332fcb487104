import { fileURLToPath } from "node:url";
import { build } from "vite";

/** Builds the playground once for the whole browser project; each test file serves that build (see stack.ts). */
export default async function buildPlayground(): Promise<void> {
  await build({ root: fileURLToPath(new URL("..", import.meta.url)), logLevel: "warn" });
}
