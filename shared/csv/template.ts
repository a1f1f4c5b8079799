import { STRICT_CSV_COLUMNS } from "../constants";

/** Options of toCsv. */
export interface ToCsvOptions {
  /**
   * Prefix a ' to any cell beginning with =, +, -, @, tab or carriage return,
   * so a spreadsheet shows it as text instead of running it (CSV injection).
   */
  neutraliseFormulas?: boolean;
  /** Line break between records; RFC 4180's "\r\n" unless told. */
  newline?: "\r\n" | "\n";
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Writes rows as CSV text, one record per row, each ended by a line break.
 * A field containing a comma, quote, CR or LF is quoted, its quotes doubled.
 */
export function toCsv(rows: readonly (readonly string[])[], options: ToCsvOptions = {}): string {
  const newline = options.newline ?? "\r\n";
  const neutralise = options.neutraliseFormulas ?? false;
  return rows.map((row) => row.map((cell) => csvField(cell, neutralise)).join(",") + newline).join("");
}

function csvField(cell: string, neutralise: boolean): string {
  const text = neutralise && FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The template's rows: the five strict headers and three plainly fictional sample rows. */
export const CSV_TEMPLATE_ROWS: readonly (readonly string[])[] = [
  STRICT_CSV_COLUMNS,
  ["Example", "Rose", "Sample", "March 2020", "Pink Rose"],
  ["Demo", "", "Placeholder", "June 12, 2018", "Forget Me Not"],
  ["Sample", "Hope", "E.", "Spring 2021", "Calla Lily"],
];

/** The strict-import template the CSV Import tab offers for download. */
export const CSV_TEMPLATE: string = toCsv(CSV_TEMPLATE_ROWS);

/** File name for the downloaded template. */
export const CSV_TEMPLATE_FILENAME = "memorial-flowers-template.csv";
