import { fileURLToPath } from "node:url";
import { build } from "vite";
import type { TestProject } from "vitest/node";
import { serveRuntimesInstall } from "./runtimesInstall";

/**
 * Builds the playground once for the whole browser project (each test file serves that build: see
 * stack.ts), and serves the one install of the real runtimes to the test files that need them,
 * which may run in several workers at once (see runtimesInstall.ts). The install, when there is one
 * to do, goes on beside the build.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const installer = await serveRuntimesInstall();
  project.provide("runtimesInstaller", installer.url);
  try {
    await build({ root: fileURLToPath(new URL("..", import.meta.url)), logLevel: "warn" });
  } catch (error) {
    await installer.close();
    throw error;
  }
  return () => installer.close();
}
