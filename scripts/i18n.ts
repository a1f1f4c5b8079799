// `tsx scripts/i18n.ts check` (npm run i18n:check) or `extract` (npm run i18n:extract): see scripts/i18nCatalog.ts.
import { run } from "./i18nCatalog";

const mode = process.argv[2];
if (mode !== "check" && mode !== "extract") {
  console.error("usage: tsx scripts/i18n.ts check|extract");
  process.exit(2);
}
const problems = run(process.cwd(), mode === "extract");
for (const p of problems) console.error(p);
if (problems.length) {
  console.error(`\n${problems.length} problem(s) in the translations: the site is not built until every sentence has its translation.`);
  process.exit(1);
}
console.log(mode === "extract" ? "catalogs updated: every sentence translated" : "catalogs checked: every sentence translated");
