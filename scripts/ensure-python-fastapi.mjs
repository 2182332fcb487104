#!/usr/bin/env node
// The Python that runs the docs' Python sample (docs/samples/resumable_server.py) in the test
// command, found or installed:
//   1. PYTHON_FASTAPI, when set, or /usr/bin/python3, or python3 on PATH, whichever imports
//      fastapi and uvicorn;
//   2. on Debian only, with none such and as root: `apt-get install -y python3-fastapi
//      python3-uvicorn` (after apt-get update), saying so first.
// Where none can be had, `ensurePythonFastapi()` throws with the reason, and the sample's test
// skips only itself, printing why.
//
//   node scripts/ensure-python-fastapi.mjs     prints the python it found (installing if it must)
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { aptInstall, isDebian, isExecutable } from "./debian.mjs";

/** Whether `python` runs and imports FastAPI and uvicorn. */
function importsFastapi(python) {
  try {
    execFileSync(python, ["-c", "import fastapi, uvicorn"], { stdio: "ignore", timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}

/** A python3 that imports fastapi and uvicorn, or undefined. */
export function findPythonFastapi() {
  const configured = process.env.PYTHON_FASTAPI;
  if (configured) return importsFastapi(configured) ? configured : undefined;
  const onPath = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, "python3"));
  return ["/usr/bin/python3", ...onPath].find((python) => isExecutable(python) && importsFastapi(python));
}

/** A python3 with FastAPI and uvicorn; installs Debian's when that is the only way. Throws with the reason otherwise. */
export function ensurePythonFastapi() {
  const found = findPythonFastapi();
  if (found) return found;
  if (process.env.PYTHON_FASTAPI)
    throw new Error(`PYTHON_FASTAPI is ${process.env.PYTHON_FASTAPI}, which cannot import fastapi and uvicorn`);
  if (!isDebian())
    throw new Error("no python3 with fastapi and uvicorn, and this is not Debian (pip install fastapi uvicorn, or set PYTHON_FASTAPI)");
  if (process.getuid?.() !== 0)
    throw new Error('no python3 with fastapi and uvicorn; install them with "sudo apt-get install -y python3-fastapi python3-uvicorn"');
  console.log("No python3 with FastAPI: installing Debian's python3-fastapi and python3-uvicorn for the Python sample's test…");
  aptInstall("--no-install-recommends", "python3-fastapi", "python3-uvicorn");
  const installed = findPythonFastapi();
  if (!installed) throw new Error("apt-get installed python3-fastapi, but /usr/bin/python3 still cannot import it");
  return installed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    console.log(ensurePythonFastapi());
  } catch (error) {
    console.error(error.message);
    process.exitCode = 1;
  }
}
