// Writes the sample CSVs of tests/fixtures/ from their generator (tests/support/gardenCsv.ts).
// `npm run fixtures:garden`; tests/shared/gardenCsv.test.ts fails if the committed files drift from it.
import fs from "node:fs";
import path from "node:path";
import { SAMPLE_FILES } from "../tests/support/gardenCsv";

const dir = path.resolve(import.meta.dirname, "../tests/fixtures");
for (const [name, make] of Object.entries(SAMPLE_FILES)) {
  const text = make();
  fs.writeFileSync(path.join(dir, name), text);
  console.log(`${name}: ${text.split("\r\n").length - 2} rows`);
}
