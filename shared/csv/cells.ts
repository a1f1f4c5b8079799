/**
 * One cell, as our CSV files write it and every reader reads it back, so a
 * name survives download → spreadsheet → upload exactly.
 *
 * A spreadsheet runs a cell beginning with =, +, -, @, a tab or a carriage
 * return as a formula (CSV injection), so the writers put a ' in front of
 * such a cell: a spreadsheet shows it as text. The readers take that ' off
 * again. For that to be exact, a cell that already begins with ' before such
 * a character ("'=x", a name as it is) gets one more, and the readers take
 * off only one: every cell reads back as it was written.
 */

/** The cells a writer protects (papaparse's escapeFormulae), see above. */
export const FORMULA_LEADING = /^'*[=+\-@\t\r]/;

/** A protected cell: a ' too many, put there by a writer. */
const PROTECTED = /^'+[=+\-@\t\r]/;

/**
 * A cell's value as the readers use it: trimmed, the writers' formula
 * protection undone, and quotes kept (they are part of a name; CSV's own
 * quoting was already undone when the record was split). A quoted field
 * typed after a comma and a space (`Anna, "Pink Rose"`) is not quoting to
 * papaparse; it is read as its contents, as it would be without the space.
 */
export function readCell(raw: string | undefined): string {
  const text = (raw ?? "").trim();
  const quoted = raw !== text && text.length >= 2 && text.startsWith('"') && text.endsWith('"');
  const value = quoted ? text.slice(1, -1).replace(/""/g, '"').trim() : text;
  return PROTECTED.test(value) ? value.slice(1) : value;
}

/** A cell that never holds a quote of its own (a header, a flower type, an ID): its quote characters removed. */
export function readBareCell(raw: string | undefined): string {
  return readCell(raw).replace(/"/g, "").trim();
}
