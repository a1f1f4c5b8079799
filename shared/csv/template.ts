import Papa from "papaparse";
import { STRICT_CSV_COLUMNS } from "../constants";
import { FORMULA_LEADING } from "./cells";

/** Options of toCsv. */
export interface ToCsvOptions {
  /**
   * Prefix a ' to any cell beginning with =, +, -, @, tab or carriage return,
   * so a spreadsheet shows it as text instead of running it (CSV injection);
   * the same protection as the garden download's, which the readers undo (cells.ts).
   */
  neutraliseFormulas?: boolean;
  /** Line break between records; RFC 4180's "\r\n" unless told. */
  newline?: "\r\n" | "\n";
}

/**
 * Writes rows as CSV text with papaparse, one record per row, each ended by a line break (so files
 * concatenate and end as spreadsheets write them). Fields with a comma, quote, line break or edge
 * spaces are quoted, their quotes doubled.
 */
export function toCsv(rows: readonly (readonly string[])[], options: ToCsvOptions = {}): string {
  if (rows.length === 0) return "";
  const newline = options.newline ?? "\r\n";
  return Papa.unparse(rows as string[][], { newline, escapeFormulae: options.neutraliseFormulas ? FORMULA_LEADING : false }) + newline;
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
