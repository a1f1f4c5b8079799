import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FlowerEntry } from "../../shared/schemas/admin";
import type { ResetImportResult } from "../../shared/schemas/admin";
import { validateStrictRows } from "../../shared/csv/strict";
import { bulkNotice, type FlexibleEntry, FlexibleRowReader, parseErrorMessage } from "../../shared/csv/flexible";
import { LIMITS } from "../../shared/constants";
import { csvPieces, receiveToFile } from "../lib/csvStream";
import { ensurePrivateDir } from "../lib/privateFiles";
import type { Services } from "../context";
import type { User } from "../entities/User";
import { ApiError, BadRequest, Forbidden, TooMany } from "../errors";
import { secretsEqual } from "../lib/secret";
import { ErrorId } from "../../shared/errors";

/**
 * Rows per INSERT, always this many but the last, so one statement is
 * prepared and kept (each row also fills the garden's and the admin's search
 * indexes, about 0.1 ms, so one INSERT stays a few milliseconds).
 */
const BATCH = 100;
/** How long a large write keeps the event loop before letting others' requests run. */
const SLICE_MS = 8;

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Adds approved flowers in batches of BATCH, straight on the connection the
 * transaction's turn holds (one kept statement, no per-query overhead), and
 * lets the event loop run whenever it has had it for SLICE_MS: a query's
 * promise resolves at once, so without this a 100,000-row upload held every
 * other request, even ones that need no database, for seconds.
 */
class FlowerWriter {
  private readonly pending: FlowerEntry[] = [];
  private slice = performance.now();

  constructor(private readonly s: Services) {}

  async add(entries: Iterable<FlowerEntry>): Promise<void> {
    for (const entry of entries) this.pending.push(entry);
    while (this.pending.length >= BATCH) await this.insert(this.pending.splice(0, BATCH));
    await this.letOthersRun();
  }

  /** Forgets what is waiting (the file is refused: nothing more is written). */
  drop(): void {
    this.pending.length = 0;
  }

  async finish(): Promise<void> {
    if (this.pending.length) await this.insert(this.pending.splice(0));
  }

  private async insert(rows: FlowerEntry[]): Promise<void> {
    this.s.db.handle.prepare(insertSql(rows.length)).run(insertValues(rows));
    await this.letOthersRun();
  }

  private async letOthersRun(): Promise<void> {
    if (performance.now() - this.slice < SLICE_MS) return;
    await yieldToOthers();
    this.slice = performance.now();
  }
}

/** Adds the flowers, in the transaction the caller holds. */
async function insertFlowers(s: Services, entries: FlowerEntry[]): Promise<void> {
  const writer = new FlowerWriter(s);
  await writer.add(entries);
  await writer.finish();
}

const insertSql = (rows: number) =>
  `INSERT INTO memorial_flowers (baby_first_name, baby_middle_name, baby_last_name, loss_date, flower_type, approved)
     VALUES ${Array.from({ length: rows }, () => "(?, ?, ?, ?, ?, 1)").join(", ")}`;

const insertValues = (chunk: FlowerEntry[]) =>
  chunk.flatMap((e) => [e.babyFirstName, e.babyMiddleName ?? null, e.babyLastName ?? null, e.lossDate ?? null, e.flowerType]);

/** Adds flowers straight into the garden (approved), all or none. */
export async function bulkUploadFlowers(s: Services, entries: FlowerEntry[], actor: User): Promise<number> {
  await s.db.transaction(async (tx) => {
    await insertFlowers(s, entries);
    await s.emit(tx, { type: "imported", mode: "bulk-upload", count: entries.length, actor });
  });
  s.cache.invalidate("flowers");
  return entries.length;
}

/** The largest CSV file one upload may send, in bytes and in words: a whole large garden with room to spare. */
const CSV_UPLOAD_LIMIT = { bytes: 40 * 1024 * 1024, text: "40 MB" };

/** Streamed uploads read or saved at once, at most. */
const MAX_ACTIVE_UPLOADS = 2;
let activeUploads = 0;

const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");

/** Removes upload files a stopped process left behind (they hold names); answers how many. */
export function removeLeftUploads(dataDir: string): number {
  let names: string[];
  try {
    names = fs.readdirSync(uploadsDir(dataDir)).filter((n) => /^bulk-upload-[0-9a-f-]+\.csv$/.test(n));
  } catch {
    return 0;
  }
  for (const name of names) fs.rmSync(path.join(uploadsDir(dataDir), name), { force: true });
  return names.length;
}

/** Row messages an answer lists at most; the sentence gives the full count. */
const LISTED_PROBLEMS = 100;

/**
 * Adds the flowers of a CSV file sent as it is (text/csv), all or none, read
 * as a stream so neither the file nor its rows are ever held whole: the body
 * goes to a private file, then one reading checks every row with the shared
 * reader's rules and messages and inserts the good ones in batches, inside one
 * transaction. A file with any problem is refused whole (the transaction is
 * rolled back, and the answer lists the problems); a failure or a full disk
 * leaves the garden as it was too. The garden's views go on meanwhile on the
 * read-only connection.
 */
export async function bulkUploadCsv(s: Services, body: AsyncIterable<Buffer>, actor: User): Promise<number> {
  // Each upload in hand holds a file of up to 40 MB and, once received, the write turn: a few at once is plenty.
  if (activeUploads >= MAX_ACTIVE_UPLOADS) {
    throw TooMany("Another bulk upload is being saved right now. Please try again when it has finished.", 10);
  }
  activeUploads++;
  const dir = uploadsDir(s.config.dataDir);
  const file = path.join(dir, `bulk-upload-${randomUUID()}.csv`);
  try {
    ensurePrivateDir(dir);
    await receiveToFile(body, file, CSV_UPLOAD_LIMIT.bytes, CSV_UPLOAD_LIMIT.text);
    const count = await s.db.transaction(async (tx) => {
      const check = new UploadCheck();
      const writer = new FlowerWriter(s);
      for await (const piece of csvPieces(file)) {
        check.parseErrors(piece.parseErrors);
        const flowers: FlowerEntry[] = [];
        for (const fields of piece.records) {
          const entry = check.read(fields);
          if (entry) flowers.push(flowerOnly(entry));
        }
        // Once the file is known to be refused, the rest is only read for its problems.
        if (check.acceptable) await writer.add(flowers);
        else writer.drop();
      }
      await writer.finish();
      const added = check.verdict(); // throws for a refused file: nothing inserted is kept
      await s.emit(tx, { type: "imported", mode: "bulk-upload", count: added, actor });
      return added;
    });
    s.cache.invalidate("flowers");
    return count;
  } finally {
    activeUploads--;
    fs.rmSync(file, { force: true });
  }
}

/**
 * Checks an uploaded file's rows as it is read, with the bulk reader's checks,
 * in the order the admin screens apply them. Unlike the screens, which leave
 * out rows they cannot read, the server refuses the file when any row is
 * wrong: an upload adds exactly what was sent, or nothing.
 */
class UploadCheck {
  private readonly reader = new FlexibleRowReader();
  private readonly parseProblems = new Set<string>();
  private readonly problems: string[] = [];
  private invalidRows = 0;
  private records = 0;
  private valid = 0;

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
      return row.entry ?? null;
    }
    this.invalidRows++;
    if (this.problems.length < LISTED_PROBLEMS) this.problems.push(...row.messages);
    return null;
  }

  /** Whether the file may still be accepted, from what has been read so far. */
  get acceptable(): boolean {
    return this.invalidRows === 0 && this.parseProblems.size === 0 && this.reader.errors.length === 0 && this.valid <= LIMITS.bulkRows;
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
    const notice = bulkNotice({ blank: this.records === 0, valid: this.valid, errors: fileErrors }, "upload");
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
function flowerOnly(entry: FlowerEntry & { id?: number }): FlowerEntry {
  const { id: _id, ...flower } = entry;
  return flower;
}

/** Ids looked up per query (far below SQLite's variable limit), and updates made between two yields. */
const CHUNK = 400;

/** Changes flowers by id, all or none: one unknown id changes nothing and is named in the answer. */
export async function bulkUpdateFlowers(s: Services, entries: (FlowerEntry & { id: number })[], actor: User): Promise<number> {
  await s.db.transaction(async (tx) => {
    const ids = [...new Set(entries.map((e) => e.id))];
    const found = new Set<number>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const rows: { id: number }[] = await tx.query(`SELECT id FROM memorial_flowers WHERE id IN (${chunk.map(() => "?").join(",")})`, chunk);
      rows.forEach((r) => found.add(r.id));
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) {
      throw BadRequest(
        `No memorial flower has the ID${missing.length > 1 ? "s" : ""} ${missing.join(", ")}. Nothing was changed.`,
        missing.map((id) => ({ path: "id", message: `No memorial flower has the ID ${id}.` })),
      );
    }
    for (const [n, e] of entries.entries()) {
      if (n > 0 && n % CHUNK === 0) await yieldToOthers();
      await tx.query(
        `UPDATE memorial_flowers SET baby_first_name = ?, baby_middle_name = ?, baby_last_name = ?, loss_date = ?, flower_type = ?,
           version = version + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
         WHERE id = ? AND NOT (baby_first_name IS ? AND baby_middle_name IS ? AND baby_last_name IS ? AND loss_date IS ? AND flower_type IS ?)`,
        // A row that is the same as the flower (e.g. the downloaded garden sent back) changes nothing, not even the version.
        [
          e.babyFirstName,
          e.babyMiddleName ?? null,
          e.babyLastName ?? null,
          e.lossDate ?? null,
          e.flowerType,
          e.id,
          e.babyFirstName,
          e.babyMiddleName ?? null,
          e.babyLastName ?? null,
          e.lossDate ?? null,
          e.flowerType,
        ],
      );
    }
    await s.emit(tx, { type: "imported", mode: "bulk-update", count: entries.length, actor });
  });
  s.cache.invalidate("flowers", "comments:");
  return entries.length;
}

/**
 * Replaces the whole garden with the CSV rows.
 * Order matters: the key, then every row is validated, then the database is
 * copied to the backups folder, and only then are the old flowers and
 * comments deleted and the new ones inserted, in one transaction: an error
 * or a killed process leaves the old garden whole.
 */
export async function resetAndImport(s: Services, csvData: Record<string, unknown>[], adminKey: string, actor: User): Promise<ResetImportResult> {
  const { adminImportKey, expectedImportCount, backupDir } = s.config;
  if (!adminImportKey) throw Forbidden("Reset-and-import is turned off on this server. Whoever runs it can turn it on by setting ADMIN_IMPORT_KEY.");
  if (!secretsEqual(adminKey, adminImportKey)) throw Forbidden("The admin key is not correct.");

  const result = validateStrictRows(csvData, expectedImportCount);
  if (result.errors.length) {
    const [firstError] = result.errors;
    const more = result.errors.length - 1;
    throw new ApiError(
      400,
      ErrorId.validation,
      more
        ? `${firstError} (and ${more} more problem${more > 1 ? "s" : ""}). Nothing was changed.`
        : `${firstError}. Nothing was changed.`.replace(/\.\. /, ". "),
      result.errors.map((message) => ({ message })),
    );
  }

  const takenAt = new Date();
  const backupPath = path.join(backupDir, `garden-before-import-${takenAt.toISOString().replace(/[:.]/g, "-")}.sqlite`);
  await s.db.backupTo(backupPath);
  pruneBackups(backupDir, s.config.backupKeep);

  const counts = await s.db.transaction(async (tx) => {
    const [{ flowers }] = await tx.query(`SELECT count(*) AS flowers FROM memorial_flowers`);
    const [{ comments }] = await tx.query(`SELECT count(*) AS comments FROM memorial_comments`);
    await tx.query(`DELETE FROM memorial_comments`);
    await tx.query(`DELETE FROM memorial_flowers`);
    await insertFlowers(s, result.entries);
    await s.emit(tx, { type: "imported", mode: "reset", count: result.entries.length, actor, detail: path.basename(backupPath) });
    return { flowers: Number(flowers), comments: Number(comments) };
  });
  s.cache.invalidate("flowers", "comments:");

  // The answer names the backup and its time; where the server keeps it is the server's business.
  const backup = { name: path.basename(backupPath), createdAt: takenAt.toISOString() };
  return {
    success: true,
    importedCount: result.entries.length,
    deletedFlowersCount: counts.flowers,
    deletedCommentsCount: counts.comments,
    validation: { isExactMatch: result.isExactMatch, expectedCount: expectedImportCount, actualCount: result.entries.length },
    message: `Successfully imported ${result.entries.length} memorial flowers. The previous garden was saved first, as the backup ${backup.name}.`,
    backup,
  };
}

/**
 * Keeps the newest `keep` reset-and-import backups (their names sort by time)
 * and removes older ones: at 100,000 flowers each is about 12 MB. Only files
 * this server names are touched.
 */
export function pruneBackups(dir: string, keep: number): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => /^garden-before-import-[0-9T-]+Z?\.sqlite$/.test(n));
  } catch {
    return [];
  }
  const old = names.sort().slice(0, Math.max(0, names.length - keep));
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  return old;
}
