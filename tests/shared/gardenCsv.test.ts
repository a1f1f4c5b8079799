import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseStrictCsv } from "../../shared/csv/strict";
import { SAMPLE_DATA } from "../support/paths";
import { gardenCsv, SAMPLE_FILES } from "../support/gardenCsv";

describe("the sample CSVs in tests/fixtures", () => {
  it.each(Object.keys(SAMPLE_FILES))("%s is exactly the generator's output (npm run fixtures:garden remakes it)", (name) => {
    expect(fs.readFileSync(path.join(SAMPLE_DATA, name), "utf8")).toBe(SAMPLE_FILES[name]!());
  });

  it("the generator is deterministic for a seed and differs between seeds", () => {
    expect(gardenCsv(50, 7)).toBe(gardenCsv(50, 7));
    expect(gardenCsv(50, 7)).not.toBe(gardenCsv(50, 8));
  });

  it("makes 823 rows the strict import accepts, with quoted dates, missing parts and every flower", () => {
    const result = parseStrictCsv(SAMPLE_FILES["garden-823.csv"]!());
    expect(result.errors).toEqual([]);
    expect(result.actualCount).toBe(823);
    const entries = result.entries;
    expect(entries.some((e) => e.lossDate?.includes(","))).toBe(true);
    expect(entries.some((e) => e.babyMiddleName === null)).toBe(true);
    expect(entries.some((e) => e.babyLastName === null)).toBe(true);
    expect(entries.some((e) => e.lossDate === null)).toBe(true);
    expect(new Set(entries.map((e) => e.flowerType)).size).toBe(10);
  });
});
