#!/usr/bin/env node
// Node 20 cannot run TypeScript: load the CLI through tsx, from source in the workspace,
// from the build when installed (tsx also resolves the build's extensionless imports).
import { existsSync } from "node:fs";
import { tsImport } from "tsx/esm/api";

const source = new URL("../src/cli.ts", import.meta.url);
await tsImport(existsSync(source) ? "../src/cli.ts" : "../dist/cli.js", import.meta.url);
