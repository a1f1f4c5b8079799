import path from "node:path";

/** The repository's root: imported by every test file's set-up, so it loads nothing else. */
export const ROOT = path.resolve(import.meta.dirname, "../..");
/** The fictional sample CSVs the tests use (garden-823.csv is the exact count the strict import expects). */
export const SAMPLE_DATA = path.join(ROOT, "tests/fixtures");
