/**
 * Strict reset-and-import CSV reader").
 *
 * One set of rules for the browser, the desktop app and the server:
 * `parseStrictCsv` reads text; `validateStrictRows` re-checks the csvData a
 * client sent (objects keyed by the five headers). Both end in `validate`.
 *
 * "Row n" everywhere means the data row number: Row 1 is the first non-blank
 * record after the header, Row 2 the next, and so on. Blank records (a line of
 * nothing but whitespace and commas; an object whose values are all empty) are
 * skipped and not counted. In a
 * spreadsheet without blank rows, Row n is on sheet line n + 1. It is the same
 * number for the text and for the rows array a client sends (its index + 1
 * when that array has no blank rows, as `StrictCsvResult.rows` never does).
 */
import { DEFAULT_EXPECTED_IMPORT_COUNT, STRICT_CSV_COLUMNS, type StrictCsvColumn } from "../constants";
import type { FieldIssue } from "../errors";
import { flowerTypeFromImportName } from "../flowers";
import type { FlowerEntry } from "../schemas/admin";
import { readCell } from "./cells";
import { checkAgainstSchema, PROGRESS_EVERY, READ_SHARE, readCsvRecords, type CsvProgress } from "./records";

/**
 * One data row keyed by the five headers, values trimmed. A column the row
 * does not reach (a short row) is absent, not "".
 */
export type StrictRow = Partial<Record<StrictCsvColumn, string>>;

/** What the strict reader found; `errors` lists every problem, not only the first. */
export interface StrictCsvResult {
  /** Non-blank data rows, in order; send these as csvData. */
  rows: StrictRow[];
  /** Entries of the rows that passed every rule, flowerType as a slug. */
  entries: FlowerEntry[];
  /** Every problem, in the product's exact words. */
  errors: string[];
  /**
   * The same problems with a path: "csvData" for file-level ones,
   * "csvData.{i}" or "csvData.{i}.{column}" for a row (i = 0-based index of
   * the row in the array validated, which for text is `rows`).
   */
  issues: FieldIssue[];
  /** True when there are no errors at all. */
  isValid: boolean;
  /** True when the number of data rows equals expectedCount. */
  isExactMatch: boolean;
  expectedCount: number;
  /** Number of non-blank data rows. */
  actualCount: number;
}

/** The product's messages, and the two this reader adds (short row, schema limits in records.ts). */
export const STRICT_MESSAGES = {
  noData: "CSV file must have a header row and at least one data row",
  missingColumn: (column: string) => `Missing required column: "${column}"`,
  wrongCount: (expected: number, found: number) => `Expected exactly ${expected} memorial flower entries, but found ${found}`,
  missingFirstName: (row: number) => `Row ${row}: Missing First Name`,
  missingFlowerType: (row: number) => `Row ${row}: Missing Flower Type`,
  invalidFlowerType: (row: number, value: string) => `Row ${row}: Invalid flower type "${value}"`,
  /** Added by us: a row must reach all five columns. */
  shortRow: (row: number, found: number) => `Row ${row}: Expected ${STRICT_CSV_COLUMNS.length} fields but found ${found}`,
  parseError: (message: string) => `Error parsing CSV: ${message}`,
} as const;

interface IndexedRow {
  /** Index in the array that was validated (for issue paths). */
  index: number;
  cells: StrictRow;
}

const FILE_PATH = "csvData";

/**
 * Reads strict reset-and-import CSV text. A parse failure (e.g. an unclosed
 * quote) is reported alone, since record boundaries can no longer be trusted.
 * Header names are trimmed and matched exactly (case-sensitive), in any order;
 * extra columns are ignored. A BOM is stripped and CRLF handled.
 */
export function parseStrictCsv(text: string, expectedCount: number = DEFAULT_EXPECTED_IMPORT_COUNT, onProgress?: CsvProgress): StrictCsvResult {
  onProgress?.(0);
  const { records, parseErrors } = readCsvRecords(text);
  onProgress?.(READ_SHARE);
  if (parseErrors.length > 0) return parseFailure(parseErrors, expectedCount);
  const [header, ...data] = records;
  const columns = (header ?? []).map((name) => name.trim());
  const rows = data.map((fields, index) => ({ index, cells: rowFromFields(columns, fields) }));
  return validate(columns, rows, expectedCount, onProgress);
}

/**
 * Re-validates csvData sent by a client (objects keyed by the five headers)
 * with the same rules and messages as parseStrictCsv. The header is the union
 * of the rows' (trimmed) keys; a missing column is reported once.
 */
export function validateStrictRows(rows: readonly Record<string, unknown>[], expectedCount: number = DEFAULT_EXPECTED_IMPORT_COUNT): StrictCsvResult {
  const kept = rows.flatMap((row, index) => (isBlankObject(row) ? [] : [{ index, row }]));
  const columns = [...new Set(kept.flatMap(({ row }) => Object.keys(row).map((key) => key.trim())))];
  const indexed = kept.map(({ index, row }) => ({ index, cells: rowFromObject(row) }));
  return validate(columns, indexed, expectedCount);
}

function validate(columns: readonly string[], rows: readonly IndexedRow[], expectedCount: number, onProgress?: CsvProgress): StrictCsvResult {
  const base = {
    rows: rows.map((row) => row.cells),
    expectedCount,
    actualCount: rows.length,
    isExactMatch: rows.length === expectedCount,
  };
  if (rows.length === 0) return finish(base, [fileIssue(STRICT_MESSAGES.noData)], []);
  const missing = STRICT_CSV_COLUMNS.filter((column) => !columns.includes(column));
  const issues = missing.map((column) => fileIssue(STRICT_MESSAGES.missingColumn(column)));
  if (rows.length !== expectedCount) issues.push(fileIssue(STRICT_MESSAGES.wrongCount(expectedCount, rows.length)));
  // With a column missing, every row would repeat the same complaint: stop here.
  if (missing.length > 0) return finish(base, issues, []);
  const entries: FlowerEntry[] = [];
  rows.forEach((row, position) => {
    if (onProgress && position % PROGRESS_EVERY === 0) onProgress(READ_SHARE + (1 - READ_SHARE) * (position / rows.length));
    const checked = checkRow(position + 1, row);
    issues.push(...checked.issues);
    if (checked.entry) entries.push(checked.entry);
  });
  return finish(base, issues, entries);
}

function checkRow(rowNumber: number, row: IndexedRow): { entry?: FlowerEntry; issues: FieldIssue[] } {
  const { cells, index } = row;
  const reached = STRICT_CSV_COLUMNS.filter((column) => cells[column] !== undefined).length;
  if (reached < STRICT_CSV_COLUMNS.length) {
    return { issues: [{ path: `${FILE_PATH}.${index}`, message: STRICT_MESSAGES.shortRow(rowNumber, reached) }] };
  }
  const issues: FieldIssue[] = [];
  const firstName = cells["First Name"] ?? "";
  const flowerName = cells["Flower Type"] ?? "";
  const flowerType = flowerTypeFromImportName(flowerName);
  if (!firstName) issues.push(cellIssue(index, "First Name", STRICT_MESSAGES.missingFirstName(rowNumber)));
  if (!flowerName) issues.push(cellIssue(index, "Flower Type", STRICT_MESSAGES.missingFlowerType(rowNumber)));
  if (flowerName && !flowerType) {
    issues.push(cellIssue(index, "Flower Type", STRICT_MESSAGES.invalidFlowerType(rowNumber, flowerName)));
  }
  if (issues.length > 0 || !flowerType) return { issues };
  const checked = checkAgainstSchema(rowNumber, {
    babyFirstName: firstName,
    babyMiddleName: cells["Middle Name"] ?? "",
    babyLastName: cells["Last Name"] ?? "",
    lossDate: cells["Date of Loss"] ?? "",
    flowerType,
  });
  const schemaIssues = checked.messages.map((message) => ({ path: `${FILE_PATH}.${index}`, message }));
  return checked.entry ? { entry: checked.entry, issues: schemaIssues } : { issues: schemaIssues };
}

/** Builds a row from positional fields: only the five columns, only those the row reaches, each read as the download wrote it. */
function rowFromFields(columns: readonly string[], fields: readonly string[]): StrictRow {
  const row: StrictRow = {};
  for (const column of STRICT_CSV_COLUMNS) {
    const position = columns.indexOf(column);
    const value = position < 0 ? undefined : fields[position];
    if (value !== undefined) row[column] = readCell(value);
  }
  return row;
}

/** Builds a row from a client's object: keys matched after trimming, values made trimmed text. */
function rowFromObject(source: Record<string, unknown>): StrictRow {
  const row: StrictRow = {};
  for (const column of STRICT_CSV_COLUMNS) {
    const key = Object.keys(source).find((candidate) => candidate.trim() === column);
    const value = key === undefined ? undefined : source[key];
    if (value !== undefined) row[column] = cellText(value);
  }
  return row;
}

function cellText(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value).trim();
  return "";
}

/** A blank record: every value empty (the text reader drops such lines while parsing). */
function isBlankObject(row: Record<string, unknown>): boolean {
  return Object.values(row).every((value) => cellText(value) === "");
}

function fileIssue(message: string): FieldIssue {
  return { path: FILE_PATH, message };
}

function cellIssue(index: number, column: StrictCsvColumn, message: string): FieldIssue {
  return { path: `${FILE_PATH}.${index}.${column}`, message };
}

function parseFailure(parseErrors: readonly string[], expectedCount: number): StrictCsvResult {
  const issues = parseErrors.map((message) => fileIssue(STRICT_MESSAGES.parseError(message)));
  return finish({ rows: [], expectedCount, actualCount: 0, isExactMatch: false }, issues, []);
}

function finish(
  base: Pick<StrictCsvResult, "rows" | "expectedCount" | "actualCount" | "isExactMatch">,
  issues: FieldIssue[],
  entries: FlowerEntry[],
): StrictCsvResult {
  const errors = issues.map((issue) => issue.message);
  return { ...base, entries, errors, issues, isValid: errors.length === 0 };
}
