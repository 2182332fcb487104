import { defineConfig } from "vitest/config";

const unit = (name: string, environment: "node" | "jsdom") => ({
  extends: true as const,
  test: {
    name,
    environment,
    include: [`packages/${name}/src/**/*.test.{ts,tsx}`],
  },
});

export default defineConfig({
  test: {
    projects: [
      unit("core", "node"),
      unit("react", "jsdom"),
      unit("ui", "jsdom"),
      unit("mock-agent", "node"),
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
          name: "browser",
          environment: "node",
          include: ["apps/playground/e2e/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "bench",
          environment: "jsdom",
          include: [],
          benchmark: { include: ["packages/*/bench/**/*.bench.{ts,tsx}"] },
        },
      },
    ],
  },
});
