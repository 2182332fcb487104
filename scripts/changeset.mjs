#!/usr/bin/env node
// `pnpm changeset [command]`: the Changesets CLI. Its 3.x bin calls `module.enableCompileCache`,
// which Node 20 does not have (it arrived in Node 22.1) and so crashes before doing anything;
// the CLI itself runs on Node 20, so this imports it directly (it reads process.argv.slice(2)).
await import("@changesets/cli");
