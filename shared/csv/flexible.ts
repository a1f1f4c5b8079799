/**
 * Flexible bulk upload / update CSV reader").
 *
 * - Header: the first line is a header when it contains "first", "name" or
 *   "flower" (any case) — unless one of its cells is one of the ten flower
 *   types, because a header never holds a flower and a data row such as
 *   "Rose,,Flowers,,Lily" must not be swallowed.
 * - With a header, columns are found by alias (case-insensitive; spaces,
 *   underscores and hyphens ignored); unknown columns are ignored.
 * - Without a header, columns are First, Middle, Last, Date, Flower Type, and
 *   an optional 6th column is the ID and a 7th its version (so a headerless
 *   bulk update works).
 * - Values are read as the download wrote them (see cells.ts): trimmed,
 *   quotes kept in names and dates, the formula protection undone. Quote
 *   characters are removed from the header, the flower type, the ID and the
 *   version; the
 *   flower type is lowercased with spaces turned into hyphens.
 * - A row is kept only with a first name and one of the ten flower types (the
 *   server checks the same); other rows are marked invalid with a message.
 * - "Row n" is the data row number: Row 1 is the first non-blank line after the
 *   header (or the first line when there is no header); blank lines are skipped.
 */
import { LIMITS } from "../constants";
import { isFlowerType, normaliseFlowerType } from "../flowers";
import type { FlowerEntry } from "../schemas/admin";
import { readBareCell, readCell } from "./cells";
import { checkAgainstSchema, READ_SHARE, PROGRESS_EVERY, readCsvRecords, stripBom, type CsvProgress } from "./records";

/**
 * A flower ready for the bulk endpoints; id only when the row had one, version
 * only when it had one too (the garden download writes each flower's, so an
 * update can tell which flowers changed since).
 */
export type FlexibleEntry = FlowerEntry & { id?: number; version?: number };

/** One input row for a preview table. */
export interface FlexibleRow {
  /** The data row number used in the messages (Row 1 = first data row). */
  line: number;
  valid: boolean;
  /** Why the row is invalid ("Row 4: ..."); empty when valid. */
  messages: string[];
  /** The entry, only when valid. */
  entry?: FlexibleEntry;
}

/** What the flexible reader found. */
export interface FlexibleCsvResult {
  /** Entries of the valid rows, in order. */
  entries: FlexibleEntry[];
  /** Every non-blank data row, valid or not. */
  rows: FlexibleRow[];
  hasHeader: boolean;
  /** File-level problems: "Error parsing CSV: ..." and header columns not found. */
  errors: string[];
}

/** A title and message pair as the admin screens show it. */
export interface CsvNotice {
  title: string;
  message: string;
}

export const INVALID_FILE: CsvNotice = { title: "Invalid File", message: "Please select a CSV file." };
export const NO_DATA_UPLOAD: CsvNotice = { title: "No Data", message: "Please provide CSV data to upload." };
export const NO_DATA_UPDATE: CsvNotice = { title: "No Data", message: "Please provide CSV data to update." };
export const INVALID_DATA: CsvNotice = { title: "Invalid Data", message: "No valid memorial flower entries found in CSV." };
export const MISSING_IDS: CsvNotice = { title: "Missing IDs", message: "All entries must have an ID for bulk updates." };
/** The server refuses more than LIMITS.bulkRows rows; the readers say so first, in these words. */
export const TOO_MANY_ROWS_UPLOAD: CsvNotice = {
  title: "Too Many Rows",
  message: `Please upload at most ${LIMITS.bulkRows} flowers at once.`,
};
export const TOO_MANY_ROWS_UPDATE: CsvNotice = {
  title: "Too Many Rows",
  message: `Please update at most ${LIMITS.bulkRows} flowers at once.`,
};

type Field = "first" | "middle" | "last" | "date" | "flower" | "id" | "version";

/** Header aliases per field, before normalising with aliasKey. */
export const HEADER_ALIASES: Readonly<Record<Field, readonly string[]>> = {
  first: ["first name", "firstname", "baby_first_name", "first", "babyfirstname"],
  middle: ["middle name", "middlename", "baby_middle_name", "middle"],
  last: ["last name", "lastname", "baby_last_name", "last", "surname"],
  date: ["date of loss", "loss_date", "lossdate", "date"],
  flower: ["flower type", "flowertype", "flower_type", "flower"],
  id: ["id"],
  version: ["version"],
};

const HEADERLESS_ORDER: readonly Field[] = ["first", "middle", "last", "date", "flower", "id", "version"];

const FIELD_BY_ALIAS = new Map<string, Field>(
  HEADERLESS_ORDER.flatMap((field) => HEADER_ALIASES[field].map((alias): [string, Field] => [aliasKey(alias), field])),
);

/** Reads flexible bulk CSV text into entries and a per-row preview. */
export function parseFlexibleCsv(text: string, onProgress?: CsvProgress): FlexibleCsvResult {
  onProgress?.(0);
  const { records, parseErrors } = readCsvRecords(text);
  onProgress?.(READ_SHARE);
  const reader = new FlexibleRowReader();
  const dataCount = records.length - (records[0] !== undefined && looksLikeHeader(records[0]) ? 1 : 0);
  const rows: FlexibleRow[] = [];
  for (const fields of records) {
    const row = reader.read(fields);
    if (!row) continue;
    if (onProgress && (row.line - 1) % PROGRESS_EVERY === 0) onProgress(READ_SHARE + (1 - READ_SHARE) * ((row.line - 1) / dataCount));
    rows.push(row);
  }
  const errors = [...parseErrors.map(parseErrorMessage), ...reader.errors];
  const entries = rows.flatMap((row) => (row.entry ? [row.entry] : []));
  return { entries, rows, hasHeader: reader.hasHeader, errors };
}

/** A papaparse problem as the readers word it. */
export const parseErrorMessage = (message: string) => `Error parsing CSV: ${message}`;

/**
 * The flexible format read one record at a time, so a file read as a stream
 * (the server's CSV upload) meets the same rules and messages as
 * parseFlexibleCsv without holding every row. The first record decides
 * whether there is a header.
 */
export class FlexibleRowReader {
  private columns: Columns | null = null;
  private line = 0;
  hasHeader = false;
  /** Header columns not found (filled when the first record is read). */
  readonly errors: string[] = [];

  /** The row of the next record; null for the header line. */
  read(fields: readonly string[]): FlexibleRow | null {
    if (this.columns === null) {
      this.hasHeader = looksLikeHeader(fields);
      this.columns = this.hasHeader ? columnsFromHeader(fields) : columnsByOrder();
      this.errors.push(...missingHeaderColumns(this.hasHeader, this.columns));
      if (this.hasHeader) return null;
    }
    this.line += 1;
    return readRow(this.line, fields, this.columns);
  }
}

/** The outcome of checkBulk: entries to send, or the notice to show. */
export type BulkCheck<E extends FlexibleEntry = FlexibleEntry> = { ok: true; entries: E[]; skipped: FlexibleRow[] } | ({ ok: false } & CsvNotice);

export type BulkMode = "upload" | "update";

/**
 * Applies the product's bulk checks in order: empty text → No Data; no valid row
 * → Invalid Data; a parse error → Invalid Data with the parse message; update
 * with an entry lacking an ID → Missing IDs; more than LIMITS.bulkRows → Too
 * Many Rows. Upload entries carry no id. `skipped` lists the invalid rows.
 */
export function checkBulk(text: string, mode: "upload"): BulkCheck<FlowerEntry>;
export function checkBulk(text: string, mode: "update"): BulkCheck<FlowerEntry & { id: number; version?: number }>;
export function checkBulk(text: string, mode: BulkMode): BulkCheck;
export function checkBulk(text: string, mode: BulkMode): BulkCheck {
  if (stripBom(text).trim() === "") return checkParsedBulk(null, mode);
  return checkParsedBulk(parseFlexibleCsv(text), mode);
}

/** CheckBulk for text already read by parseFlexibleCsv (null: the text was blank), so a big file is read once. */
export function checkParsedBulk(result: FlexibleCsvResult | null, mode: "upload"): BulkCheck<FlowerEntry>;
export function checkParsedBulk(result: FlexibleCsvResult | null, mode: "update"): BulkCheck<FlowerEntry & { id: number; version?: number }>;
export function checkParsedBulk(result: FlexibleCsvResult | null, mode: BulkMode): BulkCheck;
export function checkParsedBulk(result: FlexibleCsvResult | null, mode: BulkMode): BulkCheck {
  const upload = mode === "upload";
  const notice = bulkNotice(
    {
      blank: result === null,
      valid: result?.entries.length ?? 0,
      errors: result?.errors ?? [],
      missingIds: !upload && (result?.entries.some((entry) => entry.id === undefined) ?? false),
    },
    mode,
  );
  if (notice || result === null) return fail(notice ?? INVALID_DATA);
  const entries = upload ? result.entries.map(withoutId) : result.entries;
  return { ok: true, entries, skipped: result.rows.filter((row) => !row.valid) };
}

/** What the bulk checks look at, however the file was read: whole (the admin screens) or as a stream (the server). */
export interface BulkFacts {
  /** The text held no record at all. */
  blank: boolean;
  /** Rows the reader could take. */
  valid: number;
  /** Problems with the file as a whole (papaparse's, a header without a needed column), in order. */
  errors: readonly string[];
  /** An update row without an ID. */
  missingIds?: boolean;
}

/**
 * The product's bulk checks, in order: blank → No Data; no valid row →
 * Invalid Data; a problem with the file → Invalid Data with its message; an
 * update row without an ID → Missing IDs; more than LIMITS.bulkRows → Too
 * Many Rows. Null when the file passes them.
 */
export function bulkNotice(facts: BulkFacts, mode: BulkMode): CsvNotice | null {
  const upload = mode === "upload";
  if (facts.blank) return upload ? NO_DATA_UPLOAD : NO_DATA_UPDATE;
  if (facts.valid === 0) return INVALID_DATA;
  const [fileError] = facts.errors;
  if (fileError !== undefined) return { title: INVALID_DATA.title, message: fileError };
  if (facts.missingIds) return MISSING_IDS;
  if (facts.valid > LIMITS.bulkRows) return upload ? TOO_MANY_ROWS_UPLOAD : TOO_MANY_ROWS_UPDATE;
  return null;
}

/**
 * The product's "text/csv" file rule. Also accepts "application/vnd.ms-excel" and
 * an empty type when the name ends in .csv, because Windows browsers report
 * CSV files that way. Parameters such as "; charset=utf-8" are ignored.
 */
export function isCsvFile(file: { name: string; type: string }): boolean {
  const type = (file.type.split(";")[0] ?? "").trim().toLowerCase();
  if (type === "text/csv") return true;
  const csvName = /\.csv$/i.test(file.name.trim());
  return csvName && (type === "" || type === "application/vnd.ms-excel");
}

function fail(notice: CsvNotice): BulkCheck {
  return { ok: false, title: notice.title, message: notice.message };
}

/** A row as Bulk Upload sends it: an ID column, if the file has one, is for Bulk Update only (and so is a version). */
export function withoutId(entry: FlexibleEntry): FlowerEntry {
  const { id: _id, version: _version, ...rest } = entry;
  return rest;
}

/** Lowercase, quotes removed, spaces, underscores and hyphens dropped: "Baby_First-Name" → "babyfirstname". */
function aliasKey(name: string): string {
  return readBareCell(name)
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
}

function looksLikeHeader(fields: readonly string[]): boolean {
  const line = fields.join(",").toLowerCase();
  if (!/first|name|flower/.test(line)) return false;
  return !fields.some((field) => isFlowerType(normaliseFlowerType(readBareCell(field))));
}

type Columns = ReadonlyMap<Field, number>;

function columnsFromHeader(header: readonly string[]): Columns {
  const columns = new Map<Field, number>();
  header.forEach((name, position) => {
    const field = FIELD_BY_ALIAS.get(aliasKey(name));
    if (field && !columns.has(field)) columns.set(field, position);
  });
  return columns;
}

function columnsByOrder(): Columns {
  return new Map(HEADERLESS_ORDER.map((field, position) => [field, position]));
}

function missingHeaderColumns(hasHeader: boolean, columns: Columns): string[] {
  if (!hasHeader) return [];
  const missing: string[] = [];
  if (!columns.has("first")) missing.push('The header has no first name column (e.g. "First Name").');
  if (!columns.has("flower")) missing.push('The header has no flower type column (e.g. "Flower Type").');
  return missing;
}

function readRow(line: number, fields: readonly string[], columns: Columns): FlexibleRow {
  const raw = (field: Field) => {
    const position = columns.get(field);
    return position === undefined ? undefined : fields[position];
  };
  const cell = (field: Field) => readCell(raw(field));
  const firstName = cell("first");
  const flowerRaw = readBareCell(raw("flower"));
  const flowerType = normaliseFlowerType(flowerRaw);
  const idRaw = readBareCell(raw("id"));
  const id = readId(idRaw);
  const versionRaw = readBareCell(raw("version"));
  const version = readId(versionRaw);
  const messages: string[] = [];
  if (!firstName) messages.push(`Row ${line}: Missing First Name`);
  if (!flowerRaw) messages.push(`Row ${line}: Missing Flower Type`);
  if (flowerRaw && !isFlowerType(flowerType)) messages.push(`Row ${line}: "${flowerRaw}" is not one of the ten flowers`);
  if (id === null) messages.push(`Row ${line}: ID "${idRaw}" must be a positive whole number`);
  if (version === null) messages.push(`Row ${line}: Version "${versionRaw}" must be a positive whole number (leave it as the download wrote it)`);
  if (messages.length > 0) return { line, valid: false, messages };
  const checked = checkAgainstSchema(line, {
    babyFirstName: firstName,
    babyMiddleName: cell("middle"),
    babyLastName: cell("last"),
    lossDate: cell("date"),
    flowerType,
  });
  if (!checked.entry) return { line, valid: false, messages: checked.messages };
  const entry: FlexibleEntry = typeof id === "number" ? { id, ...checked.entry } : checked.entry;
  if (typeof version === "number") entry.version = version;
  return { line, valid: true, messages: [], entry };
}

/** The row's ID (or version): undefined when empty, null when not a positive whole number. */
function readId(raw: string): number | undefined | null {
  if (raw === "") return undefined;
  if (!/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
