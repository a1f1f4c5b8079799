/**
 * A bulk update's rows applied one at a time inside the database thread's
 * transaction, each checked against the flower as it is now. A row that
 * carries the version its flower had when the garden was downloaded, and whose
 * flower has changed since (someone edited it meanwhile), is a conflict: by
 * default the update changes nothing and answers 409 with those rows and what
 * changed; the sender then chooses to skip them or to overwrite them. Rows are
 * applied as they come (so a whole garden is never held), and the caller rolls
 * the transaction back when finish() throws.
 */
import { createHash } from "node:crypto";
import type BetterSqlite3 from "better-sqlite3";
import type { BulkUpdateEntry, BulkUpdateQuery, ConflictChange, UpdateConflict, UpdateConflicts } from "../../shared/schemas/admin";
import { FIELD_COLUMNS } from "../../shared/csv/records";
import { typeForPeople } from "../../shared/csv/export";
import { ErrorId } from "../../shared/errors";
import { ApiError, BadRequest } from "../errors";
import { plural, verb } from "../../shared/words";
import { nameSearchText } from "../garden/searchText";

/** Conflicting rows an answer describes in full; the sentence and `total` count them all. */
const LISTED_CONFLICTS = 100;
/** IDs a sentence names before "and N more". */
const NAMED_IN_SENTENCE = 10;

interface FlowerNow {
  version: number;
  babyFirstName: string;
  babyMiddleName: string | null;
  babyLastName: string | null;
  lossDate: string | null;
  flowerType: string;
}

const FIELDS = ["babyFirstName", "babyMiddleName", "babyLastName", "lossDate", "flowerType"] as const;

const SELECT_SQL = `SELECT version, baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName, baby_last_name AS babyLastName,
    loss_date AS lossDate, flower_type AS flowerType FROM memorial_flowers WHERE id = ?`;

const UPDATE_SQL = `UPDATE memorial_flowers SET baby_first_name = ?, baby_middle_name = ?, baby_last_name = ?, loss_date = ?, flower_type = ?,
    search_name = ?, name_initial = ?,
    version = version + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
  WHERE id = ?`;

/** What a bulk update did, once it is done. */
export interface UpdateOutcome {
  /** Rows applied (a row equal to its flower counts, and changes nothing). */
  applied: number;
  /** Rows whose flowers changed since the download, left as they are ("skip"). */
  skipped: number;
  /** Rows whose flowers changed since the download, written over ("overwrite"). */
  overwritten: number;
  /** Rows whose flowers were deleted since the download: left out whatever the choice. */
  deleted: number;
  /** The first IDs of the rows skipped or deleted, for the answer's sentence. */
  leftOut: number[];
}

const shown = (value: string | null) => value ?? "";
const shownField = (field: (typeof FIELDS)[number], value: string | null) => (field === "flowerType" && value ? typeForPeople(value) : shown(value));

const idsText = (ids: readonly number[], total: number) => {
  const named = ids.slice(0, NAMED_IN_SENTENCE).join(", ");
  return total > NAMED_IN_SENTENCE ? `${named} and ${total - NAMED_IN_SENTENCE} more` : named;
};

export class BulkUpdater {
  private readonly select: BetterSqlite3.Statement;
  private readonly write: BetterSqlite3.Statement;
  /** The version each flower this update changed had before it: a file may name a flower twice. */
  private readonly before = new Map<number, number>();
  /** IDs without a version that match no flower (an error, as before versions existed). */
  private readonly missing: number[] = [];
  private missingCount = 0;
  private readonly listed: UpdateConflict[] = [];
  private readonly conflictIds: number[] = [];
  private conflictCount = 0;
  /** Every conflict's id and the flower's version now, in file order: what the sender saw, when it is the same. */
  private readonly token = createHash("sha256");
  private readonly outcome: UpdateOutcome = { applied: 0, skipped: 0, overwritten: 0, deleted: 0, leftOut: [] };

  constructor(
    prepare: (sql: string) => BetterSqlite3.Statement,
    private readonly choice: BulkUpdateQuery,
  ) {
    this.select = prepare(SELECT_SQL);
    this.write = prepare(UPDATE_SQL);
  }

  /** Whether rows are still being written: once the update is known to change nothing, the rest is only read for the answer. */
  private get writing(): boolean {
    return this.missingCount === 0 && (this.conflictCount === 0 || this.choice.conflicts !== undefined);
  }

  row(entry: BulkUpdateEntry): void {
    const now = this.select.get(entry.id) as FlowerNow | undefined;
    if (!now) {
      if (entry.version === undefined) {
        this.missingCount++;
        if (this.missing.length < LISTED_CONFLICTS) this.missing.push(entry.id);
      } else {
        this.conflict({ id: entry.id, deleted: true, changes: [] }, 0);
        this.outcome.deleted++;
        this.leaveOut(entry.id);
      }
      return;
    }
    const changes: ConflictChange[] = FIELDS.filter((f) => (now[f] ?? null) !== (entry[f] ?? null)).map((f) => ({
      column: FIELD_COLUMNS[f],
      now: shownField(f, now[f]),
      inFile: shownField(f, entry[f] ?? null),
    }));
    // The same as the flower: nothing to write, and nothing to tell, whoever changed it since.
    if (changes.length === 0) {
      this.outcome.applied++;
      return;
    }
    const downloadedAt = this.before.get(entry.id) ?? now.version;
    if (entry.version !== undefined && entry.version !== downloadedAt) {
      this.conflict({ id: entry.id, deleted: false, changes }, now.version);
      if (this.choice.conflicts !== "overwrite") {
        this.outcome.skipped++;
        this.leaveOut(entry.id);
        return;
      }
      this.outcome.overwritten++;
    }
    this.outcome.applied++;
    if (!this.writing) return;
    if (!this.before.has(entry.id)) this.before.set(entry.id, now.version);
    const { searchName, nameInitial } = nameSearchText(entry);
    this.write.run(
      entry.babyFirstName,
      entry.babyMiddleName ?? null,
      entry.babyLastName ?? null,
      entry.lossDate ?? null,
      entry.flowerType,
      searchName,
      nameInitial,
      entry.id,
    );
  }

  private conflict(conflict: UpdateConflict, versionNow: number): void {
    this.conflictCount++;
    this.token.update(`${conflict.id}:${versionNow};`);
    if (this.listed.length < LISTED_CONFLICTS) this.listed.push(conflict);
    if (this.conflictIds.length < NAMED_IN_SENTENCE) this.conflictIds.push(conflict.id);
  }

  private leaveOut(id: number): void {
    if (this.outcome.leftOut.length < NAMED_IN_SENTENCE) this.outcome.leftOut.push(id);
  }

  /** The outcome, once every row was given; throws the answer when the update must change nothing. */
  finish(): UpdateOutcome {
    if (this.missingCount) {
      const n = this.missingCount;
      throw BadRequest(
        `No memorial flower has the ID${n > 1 ? "s" : ""} ${idsText(this.missing, n)}. Nothing was changed.`,
        this.missing.map((id) => ({ path: "id", message: `No memorial flower has the ID ${id}.` })),
      );
    }
    if (this.conflictCount === 0) return this.outcome;
    const conflicts: UpdateConflicts = { total: this.conflictCount, listed: this.listed, token: this.token.digest("hex").slice(0, 16) };
    if (this.choice.conflicts === undefined) throw conflictAnswer(conflicts, this.conflictIds, false);
    // An overwrite writes over exactly the changes its sender was shown; a flower changed again since is asked about again.
    if (this.choice.conflicts === "overwrite" && this.choice.seen !== conflicts.token) throw conflictAnswer(conflicts, this.conflictIds, true);
    return this.outcome;
  }
}

function conflictAnswer(conflicts: UpdateConflicts, ids: number[], again: boolean): ApiError {
  const n = conflicts.total;
  const what = n === 1 ? `The flower with the ID ${idsText(ids, n)} was changed or deleted` : `${n} flowers (IDs ${idsText(ids, n)}) were changed or deleted`;
  const when = again ? "again since you were asked, so they are listed afresh" : "after this file was downloaded (by someone else, or by an earlier update)";
  return new ApiError(
    409,
    ErrorId.conflict,
    `${what} ${when}. Nothing was changed. Choose whether to skip ${n === 1 ? "that row" : "those rows"} or to overwrite ${n === 1 ? "it" : "them"} with your file.`,
    undefined,
    undefined,
    conflicts,
  );
}

/** The answer's sentence for an update that was applied. */
export function updatedMessage(outcome: UpdateOutcome): string {
  const { applied, skipped, overwritten, deleted, leftOut } = outcome;
  const parts = [`Successfully updated ${plural(applied, "memorial flower")}.`];
  if (skipped) {
    parts.push(
      `${skipped} row${skipped === 1 ? " was" : "s were"} left as ${skipped === 1 ? "it is" : "they are"}: changed by someone else since your download.`,
    );
  }
  if (overwritten) {
    parts.push(`${plural(overwritten, "flower")} changed by someone else since your download ${verb(overwritten, "was", "were")} overwritten with your file.`);
  }
  if (deleted)
    parts.push(`${deleted} row${deleted === 1 ? " was" : "s were"} left out: ${deleted === 1 ? "its flower was" : "their flowers were"} deleted since.`);
  if (skipped || deleted) parts.push(`Left out: ${verb(skipped + deleted, "ID", "IDs")} ${idsText(leftOut, skipped + deleted)}.`);
  return parts.join(" ");
}
