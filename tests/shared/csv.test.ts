import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CSV_TEMPLATE,
  CSV_TEMPLATE_FILENAME,
  HEADER_ALIASES,
  INVALID_DATA,
  INVALID_FILE,
  MISSING_IDS,
  NO_DATA_UPDATE,
  NO_DATA_UPLOAD,
  checkBulk,
  isCsvFile,
  parseFlexibleCsv,
  parseStrictCsv,
  toCsv,
  validateStrictRows,
  withoutId,
} from "../../shared/csv";
import { SAMPLE_DATA } from "../support/paths";

const sample = (name: string) => readFileSync(join(SAMPLE_DATA, name), "utf8");

const HEADER = "First Name,Middle Name,Last Name,Date of Loss,Flower Type";
const csv = (...lines: string[]) => lines.join("\n");

describe("parseStrictCsv: sample files", () => {
  it("accepts the 823-row sample as valid and an exact match", () => {
    const result = parseStrictCsv(sample("garden-823.csv"));
    expect(result.errors).toEqual([]);
    expect(result.isValid).toBe(true);
    expect(result.isExactMatch).toBe(true);
    expect(result.expectedCount).toBe(823);
    expect(result.actualCount).toBe(823);
    expect(result.rows).toHaveLength(823);
    expect(result.entries).toHaveLength(823);
    expect(result.entries[0]).toEqual({
      babyFirstName: "Maria",
      babyMiddleName: null,
      babyLastName: "Sutton",
      lossDate: null,
      flowerType: "lily",
    });
  });

  it("keeps quoted dates with commas from the sample", () => {
    const result = parseStrictCsv(sample("garden-823.csv"));
    const agnes = result.entries.find((entry) => entry.babyFirstName === "Agnes" && entry.babyLastName === "Garza");
    expect(agnes).toEqual({
      babyFirstName: "Agnes",
      babyMiddleName: "Joy",
      babyLastName: "Garza",
      lossDate: "March 24, 2016",
      flowerType: "calla-lily",
    });
  });

  it("reports exactly the count error for the 120-row sample", () => {
    const result = parseStrictCsv(sample("garden-120.csv"));
    expect(result.errors).toEqual(["Expected exactly 823 memorial flower entries, but found 120"]);
    expect(result.isValid).toBe(false);
    expect(result.isExactMatch).toBe(false);
    expect(result.actualCount).toBe(120);
    expect(result.entries).toHaveLength(120);
  });
});

describe("parseStrictCsv: messages", () => {
  it("needs a header and a data row", () => {
    const message = "CSV file must have a header row and at least one data row";
    expect(parseStrictCsv("").errors).toEqual([message]);
    expect(parseStrictCsv(HEADER).errors).toEqual([message]);
    expect(parseStrictCsv(`${HEADER}\n\n  \n`).errors).toEqual([message]);
  });

  it("reports each missing column once, with the count", () => {
    const text = csv("First Name,Surname,Date of Loss", "Anna,Smith,2020", "Ben,Jones,2021");
    expect(parseStrictCsv(text, 2).errors).toEqual([
      'Missing required column: "Middle Name"',
      'Missing required column: "Last Name"',
      'Missing required column: "Flower Type"',
    ]);
    expect(parseStrictCsv(text, 3).errors).toEqual([
      'Missing required column: "Middle Name"',
      'Missing required column: "Last Name"',
      'Missing required column: "Flower Type"',
      "Expected exactly 3 memorial flower entries, but found 2",
    ]);
  });

  it("matches header names exactly but in any order, ignoring extra columns", () => {
    const lower = csv("first name,Middle Name,Last Name,Date of Loss,Flower Type", "Anna,,,,Lily");
    expect(parseStrictCsv(lower, 1).errors).toEqual(['Missing required column: "First Name"']);
    const shuffled = csv("Flower Type,Notes, First Name ,Last Name,Middle Name,Date of Loss", "Lily,x,Anna,S.,,");
    const result = parseStrictCsv(shuffled, 1);
    expect(result.errors).toEqual([]);
    expect(result.entries).toEqual([{ babyFirstName: "Anna", babyMiddleName: null, babyLastName: "S.", lossDate: null, flowerType: "lily" }]);
  });

  it("uses expectedCount in the count message and defaults to 823", () => {
    const text = csv(HEADER, "Anna,,,,Lily");
    expect(parseStrictCsv(text).errors).toEqual(["Expected exactly 823 memorial flower entries, but found 1"]);
    expect(parseStrictCsv(text, 5).errors).toEqual(["Expected exactly 5 memorial flower entries, but found 1"]);
    expect(parseStrictCsv(text, 1).isValid).toBe(true);
  });

  it("reports every row problem, numbering data rows from 1", () => {
    const text = csv(HEADER, "Anna,,,,Lily", ",Marie,,,Tulip", "Ben,,,,", "Cara,,,,Sunflower", ",,,,pink rose", "Dan,,,,Forget-Me-Not");
    const result = parseStrictCsv(text, 6);
    expect(result.errors).toEqual([
      "Row 2: Missing First Name",
      "Row 3: Missing Flower Type",
      'Row 4: Invalid flower type "Sunflower"',
      "Row 5: Missing First Name",
      'Row 5: Invalid flower type "pink rose"',
      'Row 6: Invalid flower type "Forget-Me-Not"',
    ]);
    expect(result.isValid).toBe(false);
    expect(result.isExactMatch).toBe(true);
    expect(result.entries.map((entry) => entry.babyFirstName)).toEqual(["Anna"]);
  });

  it("accepts all ten import display names", () => {
    const names = ["Calla Lily", "Forget Me Not", "Ox-Eye Daisy", "Pink Tulip", "Pink Rose", "Marigold", "Lily", "Tulip", "Carnation", "Periwinkle"];
    const result = parseStrictCsv(csv(HEADER, ...names.map((name) => `Anna,,,,${name}`)), 10);
    expect(result.errors).toEqual([]);
    expect(result.entries.map((entry) => entry.flowerType)).toEqual([
      "calla-lily",
      "forget-me-not",
      "ox-eye-daisy",
      "pink-tulip",
      "pink-rose",
      "marigold",
      "lily",
      "tulip",
      "carnation",
      "periwinkle",
    ]);
  });

  it("reports a short row with its field count", () => {
    const text = csv(HEADER, "Anna,,,,Lily", "Ben,Paul,Smith", "Cara");
    const result = parseStrictCsv(text, 3);
    expect(result.errors).toEqual(["Row 2: Expected 5 fields but found 3", "Row 3: Expected 5 fields but found 1"]);
    expect(result.rows[1]).toEqual({ "First Name": "Ben", "Middle Name": "Paul", "Last Name": "Smith" });
  });

  it("reports an unclosed quote as a parse error, alone", () => {
    const text = csv(HEADER, 'Anna,,,"March 2020,Lily', "Ben,,,,Tulip");
    const result = parseStrictCsv(text);
    expect(result.errors).toEqual(["Error parsing CSV: Quoted field unterminated"]);
    expect(result.isValid).toBe(false);
    expect(result.rows).toEqual([]);
    expect(result.entries).toEqual([]);
  });

  it("reports a malformed closing quote as a parse error", () => {
    const result = parseStrictCsv(csv(HEADER, 'Anna,,,"March"2020,Lily', "Ben,,,,Tulip"), 2);
    expect(result.errors[0]).toBe("Error parsing CSV: Trailing quote on quoted field is malformed");
  });

  it("strips a BOM, handles CRLF, skips blank lines and trims values", () => {
    const text = `\uFEFF${HEADER}\r\n  Anna , Marie ,Smith, Spring 2020 , Pink Rose \r\n\r\n,,,,\r\nBen,,,,Lily\r\n`;
    const result = parseStrictCsv(text, 2);
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      {
        "First Name": "Anna",
        "Middle Name": "Marie",
        "Last Name": "Smith",
        "Date of Loss": "Spring 2020",
        "Flower Type": "Pink Rose",
      },
      { "First Name": "Ben", "Middle Name": "", "Last Name": "", "Date of Loss": "", "Flower Type": "Lily" },
    ]);
    expect(result.entries).toEqual([
      {
        babyFirstName: "Anna",
        babyMiddleName: "Marie",
        babyLastName: "Smith",
        lossDate: "Spring 2020",
        flowerType: "pink-rose",
      },
      { babyFirstName: "Ben", babyMiddleName: null, babyLastName: null, lossDate: null, flowerType: "lily" },
    ]);
  });

  it("numbers rows after skipping blank lines", () => {
    const result = parseStrictCsv(csv(HEADER, "", "Anna,,,,Lily", "", ",,,,Lily"), 2);
    expect(result.errors).toEqual(["Row 2: Missing First Name"]);
  });

  it("honours quoted fields with commas, quotes and line breaks", () => {
    const text = csv(HEADER, '"Anna, Jr.","Marie ""May""",Smith,"June 12, 2018","Calla Lily"', 'Ben,,,"spring\n2019",Lily');
    const result = parseStrictCsv(text, 2);
    expect(result.errors).toEqual([]);
    expect(result.entries).toEqual([
      {
        babyFirstName: "Anna, Jr.",
        babyMiddleName: 'Marie "May"',
        babyLastName: "Smith",
        lossDate: "June 12, 2018",
        flowerType: "calla-lily",
      },
      { babyFirstName: "Ben", babyMiddleName: null, babyLastName: null, lossDate: "spring 2019", flowerType: "lily" }, // a line break in a cell becomes a space
    ]);
  });

  it("refuses what the server schema refuses (over-long names)", () => {
    const result = parseStrictCsv(csv(HEADER, `${"A".repeat(101)},,,,Lily`), 1);
    expect(result.errors).toEqual(["Row 1: First Name: Please keep this under 100 characters"]);
    expect(result.entries).toEqual([]);
  });

  it("gives issues with paths beside the messages", () => {
    const result = parseStrictCsv(csv(HEADER, "Anna,,,,Lily", ",,,,Lily", "Cara"), 4);
    expect(result.issues).toEqual([
      { path: "csvData", message: "Expected exactly 4 memorial flower entries, but found 3" },
      { path: "csvData.1.First Name", message: "Row 2: Missing First Name" },
      { path: "csvData.2", message: "Row 3: Expected 5 fields but found 1" },
    ]);
  });
});

describe("validateStrictRows", () => {
  const crafted = [
    csv(HEADER, "Anna,,,,Lily", ",Marie,,,Tulip", "Ben,,,,", "Cara,,,,Sunflower", "Dan,Paul"),
    csv("First Name,Last Name,Flower Type", "Anna,S.,Lily"),
    csv(HEADER, "Anna,,,,Lily"),
    HEADER,
  ];

  it.each(crafted)("gives the same result as parseStrictCsv for the rows it produced (#%#)", (text) => {
    const parsed = parseStrictCsv(text, 5);
    const again = validateStrictRows(parsed.rows, 5);
    expect(again.errors).toEqual(parsed.errors);
    expect(again.issues).toEqual(parsed.issues);
    expect(again.entries).toEqual(parsed.entries);
    expect(again.actualCount).toBe(parsed.actualCount);
    expect(again.isValid).toBe(parsed.isValid);
    expect(again.isExactMatch).toBe(parsed.isExactMatch);
  });

  it("gives the same result for the 823-row sample", () => {
    const parsed = parseStrictCsv(sample("garden-823.csv"));
    const again = validateStrictRows(parsed.rows);
    expect(again.isValid).toBe(true);
    expect(again.isExactMatch).toBe(true);
    expect(again.entries).toEqual(parsed.entries);
  });

  it("reports a column missing from every row once", () => {
    const rows = [
      { "First Name": "Anna", "Middle Name": "", "Last Name": "", "Date of Loss": "" },
      { "First Name": "Ben", "Middle Name": "", "Last Name": "", "Date of Loss": "" },
    ];
    expect(validateStrictRows(rows, 2).errors).toEqual(['Missing required column: "Flower Type"']);
  });

  it("reads untrimmed keys, numbers and nulls; skips blank objects", () => {
    const rows = [
      { " First Name ": " Anna ", "Middle Name": null, "Last Name": "S.", "Date of Loss": 2020, "Flower Type": "Lily" },
      { "First Name": "", "Middle Name": null, "Last Name": "", "Date of Loss": "", "Flower Type": "" },
      { "First Name": "Ben", "Middle Name": "", "Last Name": "", "Date of Loss": "", "Flower Type": "Tulipe" },
    ];
    const result = validateStrictRows(rows, 2);
    expect(result.errors).toEqual(['Row 2: Invalid flower type "Tulipe"']);
    expect(result.issues).toEqual([{ path: "csvData.2.Flower Type", message: 'Row 2: Invalid flower type "Tulipe"' }]);
    expect(result.entries).toEqual([{ babyFirstName: "Anna", babyMiddleName: null, babyLastName: "S.", lossDate: "2020", flowerType: "lily" }]);
  });

  it("needs at least one row", () => {
    expect(validateStrictRows([]).errors).toEqual(["CSV file must have a header row and at least one data row"]);
  });
});

describe("parseFlexibleCsv", () => {
  it("detects a header by first, name or flower", () => {
    expect(parseFlexibleCsv("First,Flower\nAnna,Lily").hasHeader).toBe(true);
    expect(parseFlexibleCsv("Surname,FLOWER\nSmith,Lily").hasHeader).toBe(true);
    expect(parseFlexibleCsv("given,FLOWER TYPE\nAnna,Lily").hasHeader).toBe(true);
    expect(parseFlexibleCsv("Anna,,Smith,2020,Lily").hasHeader).toBe(false);
  });

  it("does not take a data row holding a flower type for a header", () => {
    const result = parseFlexibleCsv("Rose,,Flowers,,Lily\nAnna,,,,Tulip");
    expect(result.hasHeader).toBe(false);
    expect(result.entries.map((entry) => entry.babyFirstName)).toEqual(["Rose", "Anna"]);
  });

  it("reads headerless rows in the order First, Middle, Last, Date, Flower Type, ID", () => {
    const result = parseFlexibleCsv('Anna,Marie,Smith,"June 12, 2018",Pink Rose\nBen,,,,Lily,42');
    expect(result.hasHeader).toBe(false);
    expect(result.entries).toEqual([
      {
        babyFirstName: "Anna",
        babyMiddleName: "Marie",
        babyLastName: "Smith",
        lossDate: "June 12, 2018",
        flowerType: "pink-rose",
      },
      { id: 42, babyFirstName: "Ben", babyMiddleName: null, babyLastName: null, lossDate: null, flowerType: "lily" },
    ]);
  });

  /** Written out here (not read from HEADER_ALIASES) so a dropped alias fails the test. */
  const STANDARD_ALIASES: Record<string, string[]> = {
    first: ["first name", "firstname", "baby_first_name", "first", "babyfirstname"],
    middle: ["middle name", "middlename", "baby_middle_name", "middle"],
    last: ["last name", "lastname", "baby_last_name", "last", "surname"],
    date: ["date of loss", "loss_date", "lossdate", "date"],
    flower: ["flower type", "flowertype", "flower_type", "flower"],
    id: ["id"],
  };
  const aliasCases = Object.entries(STANDARD_ALIASES).flatMap(([field, aliases]) =>
    aliases.flatMap((alias) => [alias, alias.toUpperCase()].map((spelling) => [field, spelling] as const)),
  );

  it("exports the same aliases, and the garden download's Version column", () => {
    expect(HEADER_ALIASES).toEqual({ ...STANDARD_ALIASES, version: ["version"] });
  });

  it("reads each row's version when the file has one (the garden download's last column), and refuses one that is not a whole number", () => {
    const withVersions = parseFlexibleCsv("ID,First Name,Flower Type,Version\n7,Anna,Lily,3\n8,Ben,Lily,\n9,Cara,Lily,x\n");
    expect(withVersions.rows.map((r) => r.entry ?? r.messages)).toEqual([
      { id: 7, version: 3, babyFirstName: "Anna", babyMiddleName: null, babyLastName: null, lossDate: null, flowerType: "lily" },
      { id: 8, babyFirstName: "Ben", babyMiddleName: null, babyLastName: null, lossDate: null, flowerType: "lily" },
      ['Row 3: Version "x" must be a positive whole number (leave it as the download wrote it)'],
    ]);
    // Without a header, the seventh column, after the ID.
    expect(parseFlexibleCsv("Anna,,,,Lily,7,3\n").entries).toEqual([
      { id: 7, version: 3, babyFirstName: "Anna", babyMiddleName: null, babyLastName: null, lossDate: null, flowerType: "lily" },
    ]);
    // An upload sends neither.
    expect(withoutId(withVersions.entries[0]!)).toEqual({
      babyFirstName: "Anna",
      babyMiddleName: null,
      babyLastName: null,
      lossDate: null,
      flowerType: "lily",
    });
  });

  it.each(aliasCases)("maps the %s alias %j", (field, alias) => {
    const values: Record<string, string> = { first: "Anna", middle: "Marie", last: "Smith", date: "2020", flower: "Lily", id: "7" };
    const others = Object.keys(values).filter((key) => key !== field);
    const otherHeaders: Record<string, string> = {
      first: "First Name",
      middle: "Middle Name",
      last: "Last Name",
      date: "Date of Loss",
      flower: "Flower Type",
      id: "ID",
    };
    const header = [alias, ...others.map((key) => otherHeaders[key] ?? "")].join(",");
    const row = [values[field] ?? "", ...others.map((key) => values[key] ?? "")].join(",");
    const result = parseFlexibleCsv(`${header}\n${row}`);
    expect(result.hasHeader).toBe(true);
    expect(result.errors).toEqual([]);
    expect(result.entries).toEqual([{ id: 7, babyFirstName: "Anna", babyMiddleName: "Marie", babyLastName: "Smith", lossDate: "2020", flowerType: "lily" }]);
  });

  it("matches aliases ignoring spaces, underscores and hyphens, in any order", () => {
    const result = parseFlexibleCsv("Flower-Type,Baby First Name,baby_last_name,Loss Date,Notes\nCalla Lily,Anna,S.,2019,hello");
    expect(result.entries).toEqual([{ babyFirstName: "Anna", babyMiddleName: null, babyLastName: "S.", lossDate: "2019", flowerType: "calla-lily" }]);
  });

  it("undoes CSV quoting, keeps the quotes inside a name, and normalises the flower type", () => {
    const result = parseFlexibleCsv('first,middle,last,date,flower\n"Anna","Ma""rie",Smith,"Spring, 2020", "Pink Rose"\nBen,,,,FORGET ME  NOT');
    expect(result.entries).toEqual([
      {
        babyFirstName: "Anna",
        babyMiddleName: 'Ma"rie',
        babyLastName: "Smith",
        lossDate: "Spring, 2020",
        flowerType: "pink-rose",
      },
      { babyFirstName: "Ben", babyMiddleName: null, babyLastName: null, lossDate: null, flowerType: "forget-me-not" },
    ]);
  });

  it("marks invalid rows with a message and keeps the others", () => {
    const text = csv("First Name,Flower Type,ID", "Anna,Lily,1", ",Tulip,2", "Ben,,3", "Cara,Sunflower,4", "Dan,Lily,x", "", "Eve,ox eye daisy,");
    const result = parseFlexibleCsv(text);
    expect(result.rows).toEqual([
      { line: 1, valid: true, messages: [], entry: expect.objectContaining({ id: 1, babyFirstName: "Anna" }) },
      { line: 2, valid: false, messages: ["Row 2: Missing First Name"] },
      { line: 3, valid: false, messages: ["Row 3: Missing Flower Type"] },
      { line: 4, valid: false, messages: ['Row 4: "Sunflower" is not one of the ten flowers'] },
      { line: 5, valid: false, messages: ['Row 5: ID "x" must be a positive whole number'] },
      { line: 6, valid: true, messages: [], entry: expect.objectContaining({ babyFirstName: "Eve", flowerType: "ox-eye-daisy" }) },
    ]);
    expect(result.entries.map((entry) => entry.babyFirstName)).toEqual(["Anna", "Eve"]);
    expect(result.entries[1]).not.toHaveProperty("id");
  });

  it("reports a header without first name or flower columns", () => {
    const result = parseFlexibleCsv("Name,Date\nAnna,2020");
    expect(result.hasHeader).toBe(true);
    expect(result.errors).toEqual(['The header has no first name column (e.g. "First Name").', 'The header has no flower type column (e.g. "Flower Type").']);
    expect(result.entries).toEqual([]);
  });

  it("reads the 823-row sample", () => {
    const result = parseFlexibleCsv(sample("garden-823.csv"));
    expect(result.hasHeader).toBe(true);
    expect(result.entries).toHaveLength(823);
    expect(result.rows.every((row) => row.valid)).toBe(true);
  });
});

describe("checkBulk", () => {
  it("says No Data for empty text, per mode", () => {
    expect(checkBulk("", "upload")).toEqual({ ok: false, ...NO_DATA_UPLOAD });
    expect(checkBulk(" \n\uFEFF ", "upload")).toEqual({ ok: false, title: "No Data", message: "Please provide CSV data to upload." });
    expect(checkBulk("\n", "update")).toEqual({ ok: false, title: "No Data", message: "Please provide CSV data to update." });
    expect(NO_DATA_UPDATE).toEqual({ title: "No Data", message: "Please provide CSV data to update." });
  });

  it("says Invalid Data when no row is valid", () => {
    const expected = { ok: false, title: "Invalid Data", message: "No valid memorial flower entries found in CSV." };
    expect(checkBulk("First Name,Flower Type\n,Lily\nAnna,Sunflower", "upload")).toEqual(expected);
    expect(checkBulk("First Name,Flower Type", "upload")).toEqual(expected);
    expect(INVALID_DATA).toEqual({ title: expected.title, message: expected.message });
  });

  it("says Missing IDs when an update row lacks an ID", () => {
    const expected = { ok: false, title: "Missing IDs", message: "All entries must have an ID for bulk updates." };
    expect(checkBulk("ID,First Name,Flower Type\n1,Anna,Lily\n,Ben,Tulip", "update")).toEqual(expected);
    expect(MISSING_IDS).toEqual({ title: expected.title, message: expected.message });
  });

  it("returns update entries with ids and upload entries without", () => {
    const text = "ID,First Name,Flower Type\n1,Anna,Lily\n2,Ben,Tulip\n3,,Tulip";
    const update = checkBulk(text, "update");
    expect(update).toEqual({
      ok: true,
      entries: [
        { id: 1, babyFirstName: "Anna", babyMiddleName: null, babyLastName: null, lossDate: null, flowerType: "lily" },
        { id: 2, babyFirstName: "Ben", babyMiddleName: null, babyLastName: null, lossDate: null, flowerType: "tulip" },
      ],
      skipped: [{ line: 3, valid: false, messages: ["Row 3: Missing First Name"] }],
    });
    const upload = checkBulk(text, "upload");
    expect(upload.ok && upload.entries).toEqual([
      { babyFirstName: "Anna", babyMiddleName: null, babyLastName: null, lossDate: null, flowerType: "lily" },
      { babyFirstName: "Ben", babyMiddleName: null, babyLastName: null, lossDate: null, flowerType: "tulip" },
    ]);
  });

  it("refuses text with a parse error instead of silently losing rows", () => {
    expect(checkBulk('First,Flower\nAnna,Lily\n"Ben,Tulip\nCara,Lily', "upload")).toEqual({
      ok: false,
      title: "Invalid Data",
      message: "Error parsing CSV: Quoted field unterminated",
    });
  });
});

describe("isCsvFile", () => {
  it("accepts text/csv and the Windows CSV types for .csv names only", () => {
    expect(INVALID_FILE).toEqual({ title: "Invalid File", message: "Please select a CSV file." });
    expect(isCsvFile({ name: "anything.txt", type: "text/csv" })).toBe(true);
    expect(isCsvFile({ name: "garden.csv", type: "text/csv; charset=utf-8" })).toBe(true);
    expect(isCsvFile({ name: "garden.CSV", type: "application/vnd.ms-excel" })).toBe(true);
    expect(isCsvFile({ name: "garden.csv", type: "" })).toBe(true);
    expect(isCsvFile({ name: "garden.xls", type: "application/vnd.ms-excel" })).toBe(false);
    expect(isCsvFile({ name: "garden", type: "" })).toBe(false);
    expect(isCsvFile({ name: "garden.csv", type: "text/plain" })).toBe(false);
    expect(isCsvFile({ name: "garden.xlsx", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" })).toBe(false);
  });
});

describe("template", () => {
  it("has the five headers and three valid sample rows", () => {
    const lines = CSV_TEMPLATE.trimEnd().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe("First Name,Middle Name,Last Name,Date of Loss,Flower Type");
    const result = parseStrictCsv(CSV_TEMPLATE, 3);
    expect(result.errors).toEqual([]);
    expect(result.isValid).toBe(true);
    expect(result.entries).toHaveLength(3);
    expect(CSV_TEMPLATE_FILENAME).toBe("memorial-flowers-template.csv");
  });

  it("is also read by the flexible reader", () => {
    expect(parseFlexibleCsv(CSV_TEMPLATE).entries).toEqual(parseStrictCsv(CSV_TEMPLATE, 3).entries);
  });
});

describe("toCsv", () => {
  it("quotes fields with commas, quotes and line breaks", () => {
    const rows = [
      ["plain", "a,b", 'say "hi"', "two\nlines", "cr\rhere", ""],
      ["x", "y"],
    ];
    expect(toCsv(rows)).toBe('plain,"a,b","say ""hi""","two\nlines","cr\rhere",\r\nx,y\r\n');
    expect(toCsv(rows.slice(1), { newline: "\n" })).toBe("x,y\n");
    expect(toCsv([])).toBe("");
  });

  it("leaves formulas alone unless asked", () => {
    expect(toCsv([["=1+1", "+1", "-1", "@SUM(A1)"]])).toBe("=1+1,+1,-1,@SUM(A1)\r\n");
  });

  it("neutralises formula-like cells when asked", () => {
    const rows = [['=HYPERLINK("x")', "+1", "-1", "@SUM(A1)", "\tx", "\rx", "safe", "a=b", ""]];
    expect(toCsv(rows, { neutraliseFormulas: true })).toBe(`"'=HYPERLINK(""x"")","'+1","'-1","'@SUM(A1)","'\tx","'\rx",safe,a=b,\r\n`);
  });

  it("round-trips through the strict reader", () => {
    const rows = [
      ["First Name", "Middle Name", "Last Name", "Date of Loss", "Flower Type"],
      ['Anna "A"', "", "Smith, Jr.", "June 12, 2018", "Pink Rose"],
    ];
    expect(parseStrictCsv(toCsv(rows), 1).rows).toEqual([
      {
        "First Name": 'Anna "A"',
        "Middle Name": "",
        "Last Name": "Smith, Jr.",
        "Date of Loss": "June 12, 2018",
        "Flower Type": "Pink Rose",
      },
    ]);
  });
});
