/**
 * `pnpm bench:ui` entry (also the second half of `pnpm bench`). See main.tsx for what is
 * measured. NODE_ENV=production first, so React loads its production build, and the sources
 * compile with bench/tsconfig.json (automatic JSX runtime; it includes the workspace sources it runs).
 */
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

process.env.NODE_ENV = "production";
await tsImport("./main.tsx", {
  parentURL: import.meta.url,
  tsconfig: fileURLToPath(new URL("./tsconfig.json", import.meta.url)),
});
