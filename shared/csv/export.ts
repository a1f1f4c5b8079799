import Papa from "papaparse";
import { describeFlower, normaliseFlowerType } from "../flowers";
import type { PublicFlowerDto } from "../schemas/public";
import { FORMULA_LEADING } from "./cells";

/** The columns of the garden download: the bulk-update format, the ID first. */
export const GARDEN_CSV_COLUMNS = ["ID", "First Name", "Middle Name", "Last Name", "Date of Loss", "Flower Type"] as const;

export const GARDEN_CSV_FILENAME = "garden-of-remembrance.csv";

/** What the download needs of a flower: exactly what the public garden may show. */
type ExportedFlower = PublicFlowerDto;

/** A flower type as people write it ("Pink Rose"), when that reads back as the same type; else the type itself. */
function typeForPeople(type: string): string {
  const { label } = describeFlower(type);
  return normaliseFlowerType(label) === type ? label : type;
}

/**
 * The garden as CSV in the bulk-update format, so an update is: download,
 * edit in a spreadsheet, upload as Update. Cells that a spreadsheet would run
 * as a formula are written as text, in the way the readers undo (cells.ts).
 */
export function gardenCsv(flowers: readonly ExportedFlower[]): string {
  return Papa.unparse(
    {
      fields: [...GARDEN_CSV_COLUMNS],
      data: flowers.map((f) => [String(f.id), f.babyFirstName, f.babyMiddleName ?? "", f.babyLastName ?? "", f.lossDate ?? "", typeForPeople(f.flowerType)]),
    },
    { escapeFormulae: FORMULA_LEADING, newline: "\r\n" },
  );
}

/**
 * Flowers checked by the bulk reader, back as a CSV file for the server's
 * streamed upload: the server reads each row back as exactly this flower, and
 * the file is a third of the size of the same rows as JSON.
 */
export function uploadCsv(
  flowers: readonly { babyFirstName: string; babyMiddleName?: string | null; babyLastName?: string | null; lossDate?: string | null; flowerType: string }[],
): string {
  return Papa.unparse(
    {
      fields: ["First Name", "Middle Name", "Last Name", "Date of Loss", "Flower Type"],
      data: flowers.map((f) => [f.babyFirstName, f.babyMiddleName ?? "", f.babyLastName ?? "", f.lossDate ?? "", f.flowerType]),
    },
    // The server reads a cell as the download writes it (cells.ts), so this file must write it so too.
    { escapeFormulae: FORMULA_LEADING, newline: "\n" },
  );
}
