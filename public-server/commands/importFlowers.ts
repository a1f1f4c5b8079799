import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FlowerEntry } from "../../shared/schemas/admin";
import type { ResetImportResult } from "../../shared/schemas/admin";
import { validateStrictRows } from "../../shared/csv/strict";
import { receiveToFile } from "../lib/csvStream";
import { ensurePrivateDir } from "../lib/privateFiles";
import type { Services } from "../context";
import type { User } from "../entities/User";
import { ApiError, BadRequest, Forbidden, TooMany } from "../errors";
import { secretsEqual } from "../lib/secret";
import { ErrorId } from "../../shared/errors";

/** Adds flowers straight into the garden (approved), all or none. */
export async function bulkUploadFlowers(s: Services, entries: FlowerEntry[], actor: User): Promise<number> {
  await s.db.writeOffThread(async (writer) => {
    await writer.insert(entries);
    await s.emit(writer, { type: "imported", mode: "bulk-upload", count: entries.length, actor });
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

/**
 * Adds the flowers of a CSV file sent as it is (text/csv), all or none, read
 * as a stream so neither the file nor its rows are ever held whole: the body
 * goes to a private file, then one reading checks every row with the shared
 * reader's rules and messages and inserts the good ones in batches, inside one
 * transaction, on the large-write thread. A file with any problem is refused whole (the transaction is
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
    const count = await s.db.writeOffThread(async (writer) => {
      const added = await writer.uploadCsv(file); // throws for a refused file: nothing inserted is kept
      await s.emit(writer, { type: "imported", mode: "bulk-upload", count: added, actor });
      return added;
    });
    s.cache.invalidate("flowers");
    return count;
  } finally {
    activeUploads--;
    fs.rmSync(file, { force: true });
  }
}

/** Ids looked up per query (far below SQLite's variable limit). */
const CHUNK = 400;

/** Changes flowers by id, all or none: one unknown id changes nothing and is named in the answer. */
export async function bulkUpdateFlowers(s: Services, entries: (FlowerEntry & { id: number })[], actor: User): Promise<number> {
  await s.db.writeOffThread(async (writer) => {
    const ids = [...new Set(entries.map((e) => e.id))];
    const found = new Set<number>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const rows: { id: number }[] = await writer.query(`SELECT id FROM memorial_flowers WHERE id IN (${chunk.map(() => "?").join(",")})`, chunk);
      rows.forEach((r) => found.add(r.id));
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) {
      throw BadRequest(
        `No memorial flower has the ID${missing.length > 1 ? "s" : ""} ${missing.join(", ")}. Nothing was changed.`,
        missing.map((id) => ({ path: "id", message: `No memorial flower has the ID ${id}.` })),
      );
    }
    await writer.update(entries);
    await s.emit(writer, { type: "imported", mode: "bulk-update", count: entries.length, actor });
  });
  s.cache.invalidate("flowers", "comments:");
  return entries.length;
}

/**
 * Replaces the whole garden with the CSV rows.
 * Order matters: the key, then every row is validated, then the database is
 * copied to the backups folder (in the write's own turn, so the copy is
 * exactly the garden the import replaces), and only then are the old flowers
 * and comments deleted and the new ones inserted, in one transaction: an
 * error or a killed process leaves the old garden whole.
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
  const counts = await s.db.writeOffThread(
    async (writer) => {
      const [{ flowers }] = await writer.query<[{ flowers: number }]>(`SELECT count(*) AS flowers FROM memorial_flowers`);
      const [{ comments }] = await writer.query<[{ comments: number }]>(`SELECT count(*) AS comments FROM memorial_comments`);
      await writer.query(`DELETE FROM memorial_comments`);
      await writer.query(`DELETE FROM memorial_flowers`);
      await writer.insert(result.entries);
      await s.emit(writer, { type: "imported", mode: "reset", count: result.entries.length, actor, detail: path.basename(backupPath) });
      return { flowers: Number(flowers), comments: Number(comments) };
    },
    { backupFirst: backupPath },
  );
  pruneBackups(backupDir, s.config.backupKeep);
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
