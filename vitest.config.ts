import { defineConfig } from "vitest/config";

// One runner for everything: shared code, the real server on random ports, and Chromium-driven UI tests.
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    reporters: ["default", "./tests/support/summaryReporter.ts"],
    env: { LOG_LEVEL: "silent" },
  },
});
