import Papa from "papaparse";
import type { FlowerEntry } from "../schemas/admin";
import { FlowerEntryInput } from "../schemas/admin";

/** Raw CSV records (arrays of untrimmed fields) and papaparse's problems, deduplicated. */
export interface CsvRecords {
  records: string[][];
  /** Papaparse messages, e.g. "Quoted field unterminated", each once. */
  parseErrors: string[];
}

/**
 * The UTF-8 byte-order mark every CSV download starts with: without it Excel on Windows reads the file
 * as the local code page and garbles "Zoë". Every reader here takes it off again.
 */
export const CSV_BOM = "\uFEFF";

/** Told now and then how much of a long read is done, from 0 to 1 (for a progress bar). */
export type CsvProgress = (fraction: number) => void;
/** About the share of the time spent splitting records; checking the rows takes the rest. */
export const READ_SHARE = 0.25;
/** Rows checked between two progress calls. */
export const PROGRESS_EVERY = 2000;

/** The text without a leading UTF-8 byte-order mark. */
export function stripBom(text: string): string {
  return text.startsWith(CSV_BOM) ? text.slice(CSV_BOM.length) : text;
}

/** How every reader splits records, once line breaks are "\n" (the server's streamed upload uses the same). */
export const CSV_PARSE_OPTIONS = {
  delimiter: ",",
  newline: "\n",
  header: false,
  skipEmptyLines: "greedy",
} as const;

/**
 * Splits CSV text into records: BOM stripped, CRLF and lone CR read as LF,
 * quoted fields (with commas, quotes or line breaks) honoured, and lines whose
 * fields are all blank skipped. Always comma-delimited; never throws.
 */
export function readCsvRecords(text: string): CsvRecords {
  const normalised = stripBom(text).replace(/\r\n?/g, "\n");
  const result = Papa.parse<string[]>(normalised, CSV_PARSE_OPTIONS);
  const parseErrors = [...new Set(result.errors.map((error) => error.message))];
  return { records: result.data, parseErrors };
}

/** Column names used in messages for each field of a flower entry. */
export const FIELD_COLUMNS: Record<keyof FlowerEntry, string> = {
  babyFirstName: "First Name",
  babyMiddleName: "Middle Name",
  babyLastName: "Last Name",
  lossDate: "Date of Loss",
  flowerType: "Flower Type",
};

/** The flower fields of one CSV row, as text; flowerType is already a slug. */
export interface FlowerCells {
  babyFirstName: string;
  babyMiddleName: string;
  babyLastName: string;
  lossDate: string;
  flowerType: string;
}

/**
 * Runs the server's FlowerEntryInput schema over a row that already passed the
 * CSV rules, so the readers never accept what the server would refuse (e.g. an
 * over-long name). Messages read "Row {n}: {column}: {schema message}".
 */
export function checkAgainstSchema(row: number, cells: FlowerCells): { entry?: FlowerEntry; messages: string[] } {
  const parsed = FlowerEntryInput.safeParse(oneLine(cells));
  if (parsed.success) return { entry: parsed.data, messages: [] };
  const messages = parsed.error.issues.map((issue) => {
    const field = issue.path[0];
    const column = isFlowerField(field) ? FIELD_COLUMNS[field] : "Entry";
    return `Row ${row}: ${column}: ${issue.message}`;
  });
  return { messages };
}

/**
 * A spreadsheet cell may hold line breaks (Alt+Enter) or tabs; a flower's
 * fields are one line each, so those become one space, as they would show.
 */
function oneLine(cells: FlowerCells): FlowerCells {
  const fold = (value: string) => value.replace(/\s*[\r\n\t]+\s*/g, " ");
  return {
    babyFirstName: fold(cells.babyFirstName),
    babyMiddleName: fold(cells.babyMiddleName),
    babyLastName: fold(cells.babyLastName),
    lossDate: fold(cells.lossDate),
    flowerType: cells.flowerType,
  };
}

function isFlowerField(field: unknown): field is keyof FlowerEntry {
  return typeof field === "string" && Object.hasOwn(FIELD_COLUMNS, field);
}
