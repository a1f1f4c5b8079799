import type { FlowerEntry } from "../../shared/schemas/admin";
import { type BulkMode, bulkNotice, type FlexibleEntry, FlexibleRowReader, parseErrorMessage } from "../../shared/csv/flexible";
import { LIMITS } from "../../shared/constants";
import { ErrorId } from "../../shared/errors";
import { ApiError } from "../errors";

/** Row messages an answer lists at most; the sentence gives the full count. */
const LISTED_PROBLEMS = 100;

/**
 * Checks an uploaded file's rows as it is read, with the bulk reader's checks,
 * in the order the admin screens apply them. Unlike the screens, which leave
 * out rows they cannot read, the server refuses the file when any row is
 * wrong: an upload adds exactly what was sent, or nothing. An update's
 * check (mode "update") also refuses a row without an ID.
 */
export class UploadCheck {
  private readonly reader = new FlexibleRowReader();
  private readonly parseProblems = new Set<string>();
  private readonly problems: string[] = [];
  private invalidRows = 0;
  private records = 0;
  private valid = 0;
  private missingIds = false;

  constructor(private readonly mode: BulkMode = "upload") {}

  parseErrors(messages: string[]): void {
    for (const message of messages) this.parseProblems.add(message);
  }

  /** The row's flower when it is valid, else null (its problems are noted). */
  read(fields: string[]): FlexibleEntry | null {
    this.records++;
    const row = this.reader.read(fields);
    if (!row) return null;
    if (row.valid) {
      this.valid++;
      if (this.mode === "update" && row.entry?.id === undefined) this.missingIds = true;
      return row.entry ?? null;
    }
    this.invalidRows++;
    if (this.problems.length < LISTED_PROBLEMS) this.problems.push(...row.messages);
    return null;
  }

  /** Whether the file may still be accepted, from what has been read so far. */
  get acceptable(): boolean {
    return this.invalidRows === 0 && !this.missingIds && this.parseProblems.size === 0 && this.reader.errors.length === 0 && this.valid <= LIMITS.bulkRows;
  }

  /** The number of flowers to add, once the whole file is read; throws the answer for a refused file. */
  verdict(): number {
    const refuse = (message: string, listed: string[] = []) =>
      new ApiError(
        400,
        ErrorId.validation,
        message,
        listed.slice(0, LISTED_PROBLEMS).map((m) => ({ message: m })),
      );
    const fileErrors = [...[...this.parseProblems].map(parseErrorMessage), ...this.reader.errors];
    const notice = bulkNotice({ blank: this.records === 0, valid: this.valid, errors: fileErrors, missingIds: this.missingIds }, this.mode);
    // With no valid row the answer lists the rows' problems; otherwise the file's own.
    if (notice) throw refuse(notice.message, this.valid === 0 ? this.problems : fileErrors);
    if (this.invalidRows) {
      const first = this.problems[0]!.replace(/\.$/, "");
      const more = this.invalidRows - 1;
      throw refuse(`${first}${more ? ` (and ${more} more row${more > 1 ? "s" : ""} with problems)` : ""}. Nothing was changed.`, this.problems);
    }
    return this.valid;
  }
}

/** The flower's fields, without an ID column a file may carry (an upload always adds new flowers). */
export function flowerOnly(entry: FlowerEntry & { id?: number; version?: number }): FlowerEntry {
  const { id: _id, version: _version, ...flower } = entry;
  return flower;
}
