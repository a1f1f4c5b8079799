/**
 * What main takes of the rows the window's reader found in a CSV file. The window reads the file in a
 * worker with the shared reader (readCsvFile) and sends the rows it kept; main never trusts them
 * blindly, but checks only their shape and sizes here, without zod per row and a slice of rows at a
 * time (turns.ts), because the server checks every value again with the shared schemas. Reading a
 * 50,000-row file again would hold main (and with it the window's input) for seconds.
 */
import { z } from "zod";
import { BULK_BODY_LIMIT, LIMITS, STRICT_CSV_COLUMNS } from "../../shared/constants";
import type { FlexibleEntry } from "../../shared/csv/flexible";
import type { StrictRow } from "../../shared/csv/strict";
import { inTurns } from "./turns";

/** The longest cell taken: far above any the server keeps, so only nonsense is refused here. */
const MAX_CELL = 10_000;

const UNREADABLE = "The rows could not be read. Please choose the file again.";

const ENTRY_TEXT = new Set(["babyFirstName", "babyMiddleName", "babyLastName", "lossDate", "flowerType"]);
const STRICT_COLUMNS = new Set<string>(STRICT_CSV_COLUMNS);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Whether a value is a list of plain objects whose every key passes `cell` (which answers the
 * characters the value holds, or -1 for a value not taken), no longer than the server takes and
 * holding no more text than one request may carry.
 */
async function isRowList(
  value: unknown,
  cell: (key: string, value: unknown) => number,
  row: (row: Record<string, unknown>) => boolean = () => true,
): Promise<boolean> {
  if (!Array.isArray(value) || value.length > LIMITS.bulkRows) return false;
  let size = 0;
  return inTurns(value as unknown[], (slice) => {
    for (const item of slice) {
      if (!isRecord(item) || !row(item)) return false;
      for (const key in item) {
        const length = cell(key, item[key]);
        if (length < 0) return false;
        size += length;
      }
    }
    return size <= BULK_BODY_LIMIT.bytes;
  });
}

const textLength = (value: unknown): number => (typeof value === "string" && value.length <= MAX_CELL ? value.length : -1);
const whole = (value: unknown, least: number): number => (Number.isSafeInteger(value) && (value as number) >= least ? 0 : -1);

function entryCell(key: string, value: unknown): number {
  if (ENTRY_TEXT.has(key)) return value === null || value === undefined ? 0 : textLength(value);
  if (key === "id") return whole(value, 1);
  if (key === "version") return value === undefined ? 0 : whole(value, 0);
  return -1;
}

function strictCell(key: string, value: unknown): number {
  if (!STRICT_COLUMNS.has(key)) return -1;
  return value === undefined ? 0 : textLength(value);
}

const hasNameAndFlower = (row: Record<string, unknown>) => typeof row.babyFirstName === "string" && typeof row.flowerType === "string";

/** The valid rows of a bulk upload or update (checked in turns: parse with safeParseAsync). */
export const CsvEntryList = z.custom<FlexibleEntry[]>().refine((value) => isRowList(value, entryCell, hasNameAndFlower), UNREADABLE);

/** The rows of a reset-and-import, keyed by the strict columns (checked in turns: parse with safeParseAsync). */
export const StrictRowList = z.custom<StrictRow[]>().refine((value) => isRowList(value, strictCell), UNREADABLE);
