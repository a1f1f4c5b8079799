import Papa from "papaparse";
import { describeFlower, normaliseFlowerType } from "../flowers";
import type { FlowerEntry } from "../schemas/admin";
import type { PublicFlowerDto } from "../schemas/public";
import { FORMULA_LEADING } from "./cells";

/**
 * The columns of the garden download: the bulk-update format, the ID first and
 * each flower's version last. Sent back as an update, the version tells the
 * server which flowers someone else changed since the download.
 */
export const GARDEN_CSV_COLUMNS = ["ID", "First Name", "Middle Name", "Last Name", "Date of Loss", "Flower Type", "Version"] as const;

export const GARDEN_CSV_FILENAME = "garden-of-remembrance.csv";

/** What the download needs of a flower: exactly what the public garden may show, and its version. */
export type ExportedFlower = PublicFlowerDto & { version: number };

/** A flower type as people write it ("Pink Rose"), when that reads back as the same type; else the type itself. */
export function typeForPeople(type: string): string {
  const { label } = describeFlower(type);
  return normaliseFlowerType(label) === type ? label : type;
}

/** Papaparse's settings for the download: CRLF, as spreadsheets write; formula-like cells written as text, as the readers undo (cells.ts). */
const DOWNLOAD_OPTIONS = { escapeFormulae: FORMULA_LEADING, newline: "\r\n" } as const;

/** The download's header line, with its line break. */
export const GARDEN_CSV_HEADER = `${Papa.unparse([[...GARDEN_CSV_COLUMNS]], DOWNLOAD_OPTIONS)}\r\n`;

/**
 * Some of the garden's rows in the download's format, each line with its line
 * break: the server writes the download a page at a time, GARDEN_CSV_HEADER
 * first. Cells that a spreadsheet would run as a formula are written as text,
 * in the way the readers undo (cells.ts).
 */
export function gardenCsvRows(flowers: readonly ExportedFlower[]): string {
  if (flowers.length === 0) return "";
  const data = flowers.map((f) => [
    String(f.id),
    f.babyFirstName,
    f.babyMiddleName ?? "",
    f.babyLastName ?? "",
    f.lossDate ?? "",
    typeForPeople(f.flowerType),
    String(f.version),
  ]);
  return `${Papa.unparse(data, DOWNLOAD_OPTIONS)}\r\n`;
}

/**
 * How much of the file to write: `header: false` writes only the rows, for a file written a piece at a
 * time (the pieces joined with "\n" are the file written at once).
 */
interface PieceOptions {
  header?: boolean;
}

/**
 * Flowers checked by the bulk reader, back as a CSV file for the server's
 * streamed upload: the server reads each row back as exactly this flower, and
 * the file is a third of the size of the same rows as JSON.
 */
export function uploadCsv(
  flowers: readonly { babyFirstName: string; babyMiddleName?: string | null; babyLastName?: string | null; lossDate?: string | null; flowerType: string }[],
  { header = true }: PieceOptions = {},
): string {
  return Papa.unparse(
    {
      fields: ["First Name", "Middle Name", "Last Name", "Date of Loss", "Flower Type"],
      data: flowers.map((f) => [f.babyFirstName, f.babyMiddleName ?? "", f.babyLastName ?? "", f.lossDate ?? "", f.flowerType]),
    },
    // The server reads a cell as the download writes it (cells.ts), so this file must write it so too.
    { escapeFormulae: FORMULA_LEADING, newline: "\n", header },
  );
}

/**
 * Rows checked by the bulk reader for an update, back as a CSV file for the
 * server's streamed update: each with its ID, and its version when the file
 * had one (an empty cell for a row without).
 */
export function updateCsv(flowers: readonly (FlowerEntry & { id: number; version?: number | undefined })[], { header = true }: PieceOptions = {}): string {
  return Papa.unparse(
    {
      fields: ["ID", "First Name", "Middle Name", "Last Name", "Date of Loss", "Flower Type", "Version"],
      data: flowers.map((f) => [
        String(f.id),
        f.babyFirstName,
        f.babyMiddleName ?? "",
        f.babyLastName ?? "",
        f.lossDate ?? "",
        f.flowerType,
        f.version === undefined ? "" : String(f.version),
      ]),
    },
    { newline: "\n", header },
  );
}
