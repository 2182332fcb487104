#!/usr/bin/env node
import { main } from "../dist/conformance/cli.js";

const code = await main(process.argv.slice(2), (text) => process.stdout.write(text));
process.exitCode = code;
