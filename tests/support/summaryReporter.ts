import type { Reporter, SerializedError, TestModule, TestRunEndReason } from "vitest/node";

/**
 * Prints the plain closing line "N passed, N failed, N skipped" that CI reads.
 * A test that never finished (its worker crashed) and an unhandled error both count as failures,
 * so the line can never say "0 failed" for a run that vitest itself failed.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const mod of testModules) {
      const tests = [...mod.children.allTests()];
      // Tests of a file whose setup failed are reported as skipped: they did not pass, so they fail here.
      const fileFailed = mod.state() === "failed";
      for (const test of tests) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "skipped" && !fileFailed) skipped++;
        else failed++; // "failed", or "pending": it never finished
      }
      if (mod.state() === "failed" && tests.length === 0) failed++;
    }
    if (reason === "failed" && failed === 0) failed = 1;
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
