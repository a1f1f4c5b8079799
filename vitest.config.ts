import { defineConfig } from "vitest/config";

// One runner for everything: shared code, the real server on random ports, and Chromium-driven UI tests.
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    setupFiles: ["tests/support/stayInRepo.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    reporters: ["default", "./tests/support/summaryReporter.ts"],
    // The whole suite runs outside UTC, where a time read as local instead of UTC shows hours off.
    env: { LOG_LEVEL: "silent", TZ: "America/New_York" },
  },
});
