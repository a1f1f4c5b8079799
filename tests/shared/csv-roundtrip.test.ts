import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { checkBulk, FlexibleRowReader, GARDEN_CSV_HEADER, gardenCsvRows, parseFlexibleCsv, parseStrictCsv, readCsvRecords, uploadCsv } from "../../shared/csv";
import { FlowerEntryInput } from "../../shared/schemas/admin";
import { AWKWARD_NAMES } from "../support/awkwardNames";

/** A garden holding every awkward name in every free-text column. */
function awkwardGarden() {
  return AWKWARD_NAMES.map((name, i) => ({
    id: i + 1,
    babyFirstName: name,
    babyMiddleName: AWKWARD_NAMES[(i + 1) % AWKWARD_NAMES.length]!,
    babyLastName: AWKWARD_NAMES[(i + 2) % AWKWARD_NAMES.length]!,
    lossDate: AWKWARD_NAMES[(i + 3) % AWKWARD_NAMES.length]!,
    flowerType: "calla-lily",
    version: i + 1,
  }));
}

/** The whole download, as the server writes it a page at a time. */
const gardenCsv = (flowers: ReturnType<typeof awkwardGarden>) => GARDEN_CSV_HEADER + gardenCsvRows(flowers);

describe("the garden CSV round trip", () => {
  it("uses names the server stores as they are", () => {
    for (const name of AWKWARD_NAMES) {
      expect(FlowerEntryInput.parse({ babyFirstName: name, flowerType: "lily" }).babyFirstName).toBe(name);
    }
  });

  it("reads back every name the download wrote, identically (bulk update reader)", () => {
    const garden = awkwardGarden();
    const checked = checkBulk(gardenCsv(garden), "update");
    if (!checked.ok) throw new Error(`${checked.title}: ${checked.message}`);
    expect(checked.skipped).toEqual([]);
    expect(checked.entries).toEqual(garden);
  });

  it("reads back identically after a spreadsheet saved it again with \\n line ends and a byte-order mark", () => {
    const garden = awkwardGarden();
    const saved = `\uFEFF${gardenCsv(garden).replace(/\r\n/g, "\n")}\n`;
    expect(parseFlexibleCsv(saved).entries).toEqual(garden);
  });

  it("reads back identically through the strict reset-and-import reader, which ignores the ID column", () => {
    const garden = awkwardGarden();
    const result = parseStrictCsv(gardenCsv(garden), garden.length);
    expect(result.errors).toEqual([]);
    expect(result.entries).toEqual(garden.map(({ id: _id, version: _version, ...flower }) => flower));
  });

  it("reads back identically, one record at a time, as the server reads an upload", () => {
    const garden = awkwardGarden();
    const reader = new FlexibleRowReader();
    const entries = readCsvRecords(gardenCsv(garden)).records.flatMap((fields) => reader.read(fields)?.entry ?? []);
    expect(entries).toEqual(garden);
  });

  it("reads back the apps' upload file as exactly the flowers checked", () => {
    const flowers = awkwardGarden().map(({ id: _id, version: _version, ...flower }) => flower);
    const checked = checkBulk(uploadCsv(flowers), "upload");
    if (!checked.ok) throw new Error(`${checked.title}: ${checked.message}`);
    expect(checked.entries).toEqual(flowers);
  });

  it("still gives a spreadsheet no cell it would run as a formula", () => {
    const cells = Papa.parse<string[]>(gardenCsv(awkwardGarden()), { header: false }).data.flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    expect(cells).toContain('\'=HYPERLINK("http://example.com","click")');
    expect(cells).toContain("''=already protected");
  });

  it("reads a line break typed into a cell (Alt+Enter) as one space, and the rows after it whole", () => {
    const text = gardenCsv(awkwardGarden().slice(0, 2)).replace('"Comma, ""Quote"""', '"Comma,\r\n""Quote"""');
    const checked = checkBulk(text, "update");
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.entries.map((entry) => entry.babyFirstName)).toEqual(['Comma, "Quote"', '"Bunny"']);
  });

  it("reads a quoted field after a comma and a space (as people type CSV) as its contents", () => {
    const result = parseFlexibleCsv('First Name, Middle Name, Last Name, Flower Type\nAnna, "Ma""rie", "Smith" , "Pink Rose"');
    expect(result.errors).toEqual([]);
    expect(result.entries).toEqual([{ babyFirstName: "Anna", babyMiddleName: 'Ma"rie', babyLastName: "Smith", lossDate: null, flowerType: "pink-rose" }]);
  });
});
