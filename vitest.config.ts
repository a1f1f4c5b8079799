import { defineConfig } from "vitest/config";
import { flowerDrawingFiles } from "./vite.flowers";

// One runner, five areas (`npm run test:unit`, `test:server`, `test:browser`, `test:desktop`, `test:perf` run
// one): shared code and components, the real server on random ports, Chromium-driven pages, the desktop app,
// and Lighthouse.
// The build comes first (`npm test` builds once); no test file builds the site itself. The desktop project
// builds the desktop app once per run, before its first file (tests/support/desktopBuild.ts).
const GARDEN_DOM_TEST = "tests/public-web/garden-components.test.ts";

export default defineConfig({
  plugins: [flowerDrawingFiles()],
  test: {
    setupFiles: ["tests/support/stayInRepo.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    reporters: ["default", "./tests/support/summaryReporter.ts"],
    // The whole suite runs outside UTC, where a time read as local instead of UTC shows hours off.
    env: { LOG_LEVEL: "silent", TZ: "America/New_York" },
    projects: [
      // Unit tests load no server and need no build, so `npm run test:unit` runs in a fresh clone
      // (tests/shared/unitIsolation.test.ts holds them to it). The garden list's DOM test drives the real
      // server, so it runs with the server's tests.
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/shared/**/*.test.ts", "tests/public-web/**/*.test.{ts,tsx}", "tests/components/**/*.test.{ts,tsx}"],
          exclude: [GARDEN_DOM_TEST],
        },
      },
      { extends: true, test: { name: "server", include: ["tests/public-server/**/*.test.ts", GARDEN_DOM_TEST] } },
      { extends: true, test: { name: "browser", include: ["tests/e2e/**/*.test.ts"] } },
      { extends: true, test: { name: "desktop", include: ["tests/admin-desktop/**/*.test.ts"], globalSetup: ["tests/support/desktopBuild.ts"] } },
      // Lighthouse and the garden's letter timing measure what they observe on this machine's CPU: they run
      // last and alone, once every other project has finished, so the rest of the suite cannot slow the pages
      // they measure (beside the other browser tests the letter timing's median went from 37 ms to 128 ms).
      // One file at a time within it, too: the letter timing beside Lighthouse slowed both.
      { extends: true, test: { name: "perf", include: ["tests/perf/**/*.test.ts"], sequence: { groupOrder: 1 }, fileParallelism: false } },
    ],
  },
});
