/**
 * `pnpm bench` entry. See main.tsx for what is measured and BENCHMARKS.md for how to read it.
 *
 * Two things must happen before anything else loads:
 * - NODE_ENV=production, so React loads its production build;
 * - the sources compile with packages/react's tsconfig (automatic JSX runtime, as the package
 *   builds). tsx otherwise uses the tsconfig of the working directory, and the repo root has none.
 */
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

process.env.NODE_ENV = "production";
await tsImport("./main.tsx", {
  parentURL: import.meta.url,
  tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)),
});
