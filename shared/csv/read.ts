/**
 * One reading of a chosen CSV file for both admins, the web admin and the desktop app: the size
 * checked, the bytes decoded (Windows-1252 and UTF-16 with a notice, see decode.ts), the records
 * parsed, and the product's checks run, strict (reset-and-import) or flexible (bulk upload and
 * update). Each app runs it in a worker, so a file of many megabytes never holds its window; the
 * answer carries only what a screen shows (a capped preview and list of problems) and what it
 * sends (the entries, or the strict rows), so it crosses to the window quickly.
 */
import { BULK_BODY_LIMIT } from "../constants";
import { BULK_TOO_LARGE } from "../messages";
import { decodeCsvBytes } from "./decode";
import { checkParsedBulk, parseFlexibleCsv, type BulkCheck, type CsvNotice, type FlexibleEntry, type FlexibleRow } from "./flexible";
import { stripBom, type CsvProgress } from "./records";
import { parseStrictCsv } from "./strict";

/** Which reader: strict (reset-and-import, with the rows the file must have) or flexible (bulk upload and update). */
export type CsvReader = { reader: "strict"; expectedCount: number } | { reader: "flexible" };

export interface CsvReadOptions {
  onProgress?: CsvProgress;
  /** Keep the whole decoded text of a file in the answer (the desktop sends it to its main process); else only when it fits the text box. */
  keepText?: boolean;
}

export const FILE_TOO_LARGE: CsvNotice = { title: "File Too Large", message: BULK_TOO_LARGE };
/** The title over a file that is not text (decode.ts says why). */
export const UNREADABLE_FILE_TITLE = "Unreadable File";

/**
 * The one check of a CSV file's size, in both admins: null, or the notice for a file larger than the
 * server takes in one request. Checked before the bytes are read wherever the size is known.
 */
export function csvFileTooLarge(size: number): CsvNotice | null {
  return size > BULK_BODY_LIMIT.bytes ? FILE_TOO_LARGE : null;
}

/** Problems listed at most; the rest are counted. */
const MAX_LISTED_PROBLEMS = 100;
/** Rows shown in a bulk preview at most. */
const MAX_PREVIEW_ROWS = 100;
/** A file up to this size (in characters) is also shown in the text box of bulk upload; a bigger one is worked from directly. */
export const MAX_TEXT_IN_BOX = 256 * 1024;

interface Decoded {
  /** Shown to the volunteer when the file was not UTF-8 (decode.ts). */
  notice: string | null;
  /** The file's decoded text when small enough for the text box (or always, with keepText); null for typed text or a big file. */
  text: string | null;
}

export interface StrictAnalysis extends Decoded {
  reader: "strict";
  ok: true;
  valid: boolean;
  /** The first problems, in the reader's words. */
  errors: string[];
  problemCount: number;
  entryCount: number;
  /** Non-blank data rows. */
  rowCount: number;
  /** The rows to send as csvData, only when the file is valid. */
  rows: Record<string, string>[] | null;
}

/** Whether the rows may be sent one way (Bulk Upload or Bulk Update), and if not, the notice that says why. */
export type SendCheck = { ok: true } | ({ ok: false } & CsvNotice);

export interface FlexibleAnalysis extends Decoded {
  reader: "flexible";
  ok: true;
  errors: string[];
  preview: FlexibleRow[];
  rowCount: number;
  validCount: number;
  /** The valid rows, with their IDs where the file has them: once for both ways of sending. */
  entries: FlexibleEntry[];
  upload: SendCheck;
  update: SendCheck;
}

/** The file could not be read: too large, or not text (see decode.ts). */
export type Unreadable = { ok: false } & CsvNotice;

export type Analysis = StrictAnalysis | FlexibleAnalysis | Unreadable;

/** Reads a chosen file's bytes (see above). Never throws for what a file holds. */
export function readCsvFile(bytes: Uint8Array, reader: CsvReader, options: CsvReadOptions = {}): Analysis {
  const tooLarge = csvFileTooLarge(bytes.byteLength);
  if (tooLarge) return { ok: false, ...tooLarge };
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return { ok: false, title: UNREADABLE_FILE_TITLE, message: decoded.message };
  const shown = options.keepText || decoded.text.length <= MAX_TEXT_IN_BOX ? decoded.text : null;
  return analyse(decoded.text, reader, { notice: decoded.notice, text: shown }, options.onProgress);
}

/** Reads text typed or pasted into a box, with the same readers and checks. */
export function readCsvText(text: string, reader: CsvReader, onProgress?: CsvProgress): Analysis {
  return analyse(text, reader, { notice: null, text: null }, onProgress);
}

function analyse(text: string, request: CsvReader, decoded: Decoded, onProgress?: CsvProgress): Analysis {
  if (request.reader === "strict") {
    const result = parseStrictCsv(text, request.expectedCount, onProgress);
    return {
      reader: "strict",
      ok: true,
      ...decoded,
      valid: result.isValid,
      errors: result.errors.slice(0, MAX_LISTED_PROBLEMS),
      problemCount: result.errors.length,
      entryCount: result.entries.length,
      rowCount: result.rows.length,
      rows: result.isValid ? result.rows : null,
    };
  }
  const blank = stripBom(text).trim() === "";
  const result = blank ? null : parseFlexibleCsv(text, onProgress);
  const upload = checkParsedBulk(result, "upload");
  const update = checkParsedBulk(result, "update");
  return {
    reader: "flexible",
    ok: true,
    ...decoded,
    errors: result?.errors.slice(0, MAX_LISTED_PROBLEMS) ?? [],
    preview: result?.rows.slice(0, MAX_PREVIEW_ROWS) ?? [],
    rowCount: result?.rows.length ?? 0,
    validCount: result?.entries.length ?? 0,
    entries: result && (upload.ok || update.ok) ? result.entries : [],
    upload: forSending(upload),
    update: forSending(update),
  };
}

/** Keeps what sending needs: the skipped rows are already in the preview and counts. */
function forSending(check: BulkCheck): SendCheck {
  return check.ok ? { ok: true } : { ok: false, title: check.title, message: check.message };
}
