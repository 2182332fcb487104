import { availableParallelism } from "node:os";
import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";
import { capsRenderers } from "./scripts/slow-chromium.mjs";

// Vitest 5's reporter calls Map.groupBy, which Node 20 lacks (it arrived in Node 21).
if (!("groupBy" in Map)) {
  Object.defineProperty(Map, "groupBy", {
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

const unit = (name: string, environment: "node" | "jsdom") => ({
  extends: true as const,
  test: {
    name,
    environment,
    include: [`packages/${name}/src/**/*.test.{ts,tsx}`],
    // A guard against a hung test, not a measure: a render-heavy test that takes 1 s alone takes
    // over 5 s (vitest's default) on 2 cores while the browser tests run beside it.
    testTimeout: 30_000,
    // Components render against a warm validation chunk, as in a browser after the idle prefetch.
    ...(environment === "jsdom" && { setupFiles: ["packages/core/src/test/warmPipeline.ts", "packages/react/src/test/domSetup.ts"] }),
    // The parts <Chat> loads on first use render from warm chunks, as in a browser once each has loaded
    // (ui/src/util/lazyPart.test.tsx covers the loading itself).
    ...(name === "ui" && {
      setupFiles: ["packages/core/src/test/warmPipeline.ts", "packages/react/src/test/domSetup.ts", "packages/ui/src/test/warmParts.ts"],
    }),
  },
});

export default defineConfig({
  // @tandem/server's exports (and @tandem/core's, for plain Node) name their sources under this condition and their build by default, so
  // plain Node (the mock agent's built CLI) loads JavaScript while the tests load the sources:
  // node tests (ssr) and jsdom tests that start a mock agent (client) alike.
  // Not "module": a file of the tests' own that imports a package (the real runtimes of the browser
  // tests) would get its bundler-only ESM build, whose imports name no extension, and Node refuses it.
  ssr: { resolve: { conditions: ["tandem-source", ...defaultServerConditions.filter((c) => c !== "module")] } },
  resolve: { conditions: ["tandem-source", ...defaultClientConditions] },
  test: {
    // Vitest's default is one worker short of the cores: on CI's 2 cores, one file at a time. The
    // browser files mostly wait (streamed replies, held runs) on pages slowed by a CPU cap that
    // sleeps (scripts/slow-chromium.mjs), so one file more than the cores keeps the CPU busy: on 2
    // cores the whole run took 1,142 s at two files with DevTools' throttling (which spins: 0% idle)
    // and 603 s at three with the cap (1.7 cores busy on average). Capped at 8 for big machines.
    // Where renderers cannot be capped (not root, no cpu cgroup), DevTools' throttling spins a core
    // per open page: two files at a time, as before the cap.
    maxWorkers: capsRenderers() ? Math.min(8, availableParallelism() + 1) : Math.max(2, availableParallelism() - 1),
    projects: [
      unit("core", "node"),
      unit("react", "jsdom"),
      unit("ui", "jsdom"),
      unit("mock-agent", "node"),
      unit("server", "node"),
      {
        extends: true,
        test: {
          name: "conformance",
          environment: "node",
          include: ["packages/core/conformance/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "scripts",
          environment: "node",
          include: ["scripts/**/*.test.mjs"],
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          environment: "node",
          include: ["apps/playground/e2e/**/*.test.ts"],
          globalSetup: ["apps/playground/e2e/globalSetup.ts"],
          // A hang guard, not a measure: the longest tests (a fan-out of A2UI, a megabyte of hostile
          // events, two tabs) take 30-45 s alone and past 60 s with the machine loaded; a test that
          // is stuck still fails, after two minutes.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // What a user would see, waited for up to 10 s (vitest's 1 s is too short for Chromium at a quarter speed).
          expect: { poll: { timeout: 10_000 } },
          // Several files at a time (see maxWorkers). Each file has its own Chromium, preview server
          // and mock agent on free ports, so none shares state.
          fileParallelism: true,
        },
      },
    ],
  },
});
