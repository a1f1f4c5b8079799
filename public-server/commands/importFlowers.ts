import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import type { BulkUpdateDto, BulkUpdateQuery, ResetImportResult } from "../../shared/schemas/admin";
import { receiveToFile } from "../lib/csvStream";
import { ensurePrivateDir } from "../lib/privateFiles";
import { asStorageFailure } from "../database/failures";
import type { Services } from "../context";
import type { User } from "../entities/User";
import { ApiError, TooMany } from "../errors";
import { ErrorId } from "../../shared/errors";
import { bodyHash, hashing, keepAnswer, keptAnswer, oneAtATime, type UploadAnswer } from "./uploadKeys";
import { BULK_BODY_LIMIT } from "../../shared/constants";
import { updatedMessage } from "../writer/bulkUpdate";
import { checkImportKey, refuseWhilePaused } from "./importKey";
import { plural } from "../../shared/words";
import { countFlowers, deleteAllFlowers } from "../queries/memorialFlowers";
import { countComments, deleteAllComments } from "../queries/memorialComments";
import { deleteAllUploadKeys } from "../queries/uploadKeys";

/** The largest body one bulk upload or update may send (the same as deploy/Caddyfile and both apps allow). */
const CSV_UPLOAD_LIMIT = BULK_BODY_LIMIT;

/** Bulk bodies of each kind received or in hand at once, at most (a check never keeps an upload waiting). */
const MAX_ACTIVE = 2;
const active = { upload: 0, update: 0, check: 0, import: 0 };

/** What a bulk body is for, and what a sender hears when MAX_ACTIVE of its kind are already in hand. */
const BUSY = {
  // Being sent or being saved: a body counts from its first byte, while it still arrives.
  upload: "Two other bulk uploads are being sent or saved right now. Please try again when one has finished.",
  update: "Two other bulk updates are being sent or saved right now. Please try again when one has finished.",
  check: "Another file is being checked right now. Please try again in a moment.",
  import: "Many reset-and-imports are waiting their turn right now. Please try again in a few minutes.",
} as const;

const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");
const BODY_FILE = /^bulk-(upload|update|check|import)-[0-9a-f-]+\.(csv|json)$/;

/** Removes body files a stopped process left behind (they hold names); answers how many. */
export function removeLeftUploads(dataDir: string): number {
  let names: string[];
  try {
    names = fs.readdirSync(uploadsDir(dataDir)).filter((n) => BODY_FILE.test(n));
  } catch {
    return 0;
  }
  for (const name of names) fs.rmSync(path.join(uploadsDir(dataDir), name), { force: true });
  return names.length;
}

/** Rows sent as JSON, as they arrive (null when the body is not JSON: it reads as {}, as the body parser gives it). */
type JsonBody = { json: AsyncIterable<Buffer> | null };
/** A bulk upload's body: the CSV file itself (text/csv), or rows as JSON. */
type BulkBody = { csv: AsyncIterable<Buffer> } | JsonBody;

/** What the body helpers need of a request (Koa's context). */
interface RequestBody {
  is(type: string): string | false | null;
  req: IncomingMessage;
}

/** What a bulk body must bring in each stall period to go on: any real connection brings far more, a trickle far less. */
const MIN_PROGRESS_BYTES = 16 * 1024;

/**
 * The request's body as it arrives, dropped when a period of `stallMs` brings
 * less than MIN_PROGRESS_BYTES: a stalled sender (or one sending a few bytes a
 * second) would otherwise hold one of the few places for bulk bodies as long as it likes.
 */
async function* arriving(req: IncomingMessage, stallMs: number): AsyncGenerator<Buffer> {
  let received = 0;
  const seconds = Math.round(stallMs / 1000);
  const watch = setInterval(() => {
    if (received < MIN_PROGRESS_BYTES) {
      req.destroy(
        new ApiError(
          408,
          ErrorId.stalled,
          `This file stopped arriving: too little of it came in ${seconds} seconds, so it was dropped. Nothing was changed. Please send it again.`,
        ),
      );
    }
    received = 0;
  }, stallMs);
  try {
    for await (const chunk of req) {
      received += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
  } finally {
    // Only the body's arrival is timed: the answer may take longer to work out.
    clearInterval(watch);
  }
}

/** The request's body as JSON rows, read by nothing yet (see STREAMED_PATHS in app.ts). */
export const jsonBody = (ctx: RequestBody, stallMs: number): JsonBody => ({ json: ctx.is("json") ? arriving(ctx.req, stallMs) : null });

/** A bulk upload's body, read by nothing yet: a text/csv body is the file itself. */
export const bulkBody = (ctx: RequestBody, stallMs: number): BulkBody => (ctx.is("text/csv") ? { csv: arriving(ctx.req, stallMs) } : jsonBody(ctx, stallMs));

const NOTHING: AsyncIterable<Buffer> = { [Symbol.asyncIterator]: async function* () {} };

/**
 * Saves a bulk body to a private file as it comes, then hands the file to
 * `use`, and removes it however that ends. Neither the body nor its rows are
 * held in the server's memory: the large-write thread reads the file.
 */
async function withBodyFile<T>(s: Services, kind: keyof typeof BUSY, body: BulkBody, use: (file: string) => Promise<T>): Promise<T> {
  // Each body in hand holds a file of up to 40 MB and, once received, a thread: a few at once is plenty.
  if (active[kind] >= MAX_ACTIVE) throw TooMany(BUSY[kind], 10);
  active[kind]++;
  const dir = uploadsDir(s.config.dataDir);
  const file = path.join(dir, `bulk-${kind}-${randomUUID()}.${"csv" in body ? "csv" : "json"}`);
  try {
    try {
      ensurePrivateDir(dir);
      await receiveToFile("csv" in body ? body.csv : (body.json ?? NOTHING), file, CSV_UPLOAD_LIMIT.bytes, CSV_UPLOAD_LIMIT.text);
    } catch (err) {
      throw asStorageFailure(err); // a full or read-only disk answers 503 with its sentence, as the database's own failures do
    }
    return await use(file);
  } finally {
    active[kind]--;
    fs.rmSync(file, { force: true });
  }
}

/**
 * Adds flowers straight into the garden (approved), all or none, from a CSV
 * file sent as it is (text/csv) or from rows sent as JSON. The body goes to a
 * private file; the large-write thread then reads it, inside one transaction:
 * a CSV file in pieces, every row checked with the shared reader's rules and
 * messages and the good ones inserted in batches (a file with any problem is
 * refused whole, and the answer lists the problems); JSON parsed and checked
 * with the shared schema. A failure or a full disk leaves the garden as it
 * was. The garden's views go on meanwhile on the read-only connection.
 */
export async function bulkUpload(s: Services, body: BulkBody, actor: User, key?: string): Promise<UploadAnswer> {
  if (key === undefined) return upload(s, body, actor);
  return oneAtATime(actor.id, key, () => {
    const hash = bodyHash("csv" in body ? "csv" : "json");
    const hashed: BulkBody = "csv" in body ? { csv: hashing(body.csv, hash) } : { json: body.json && hashing(body.json, hash) };
    return upload(s, hashed, actor, () => ({ key, hash: hash.digest("base64url") }));
  });
}

/**
 * One upload, all or none. With a key (`keyed`: read once the body is in), the
 * answer is kept with it in the same transaction, and an upload whose key has
 * an answer already adds nothing and gives that answer again.
 */
async function upload(s: Services, body: BulkBody, actor: User, keyed?: () => { key: string; hash: string }): Promise<UploadAnswer> {
  return withBodyFile(s, "upload", body, async (file) => {
    const sent = keyed?.();
    const answer = await s.db.writeOffThread(async (writer) => {
      const kept = sent && (await keptAnswer(writer, actor.id, sent.key, sent.hash));
      if (kept) return kept;
      // Throws for a refused body: nothing inserted is kept.
      const added = "csv" in body ? await writer.call("uploadCsv", { file }) : await writer.call("uploadJson", { file });
      await s.emit(writer, { type: "imported", mode: "bulk-upload", count: added, actor });
      const first: UploadAnswer = {
        status: 200,
        body: { message: `Successfully uploaded ${plural(added, "memorial flower")}.`, count: added },
        replayed: false,
      };
      if (sent) await keepAnswer(writer, actor.id, sent.key, sent.hash, first);
      return first;
    });
    return answer;
  });
}

/**
 * Changes flowers by id, all or none, from a CSV file sent as it is (text/csv,
 * read by the large-write thread a piece at a time) or from rows sent as JSON.
 * One unknown id changes nothing and is named in the answer. A row carrying
 * the version its flower had at the download, whose flower changed since, is
 * applied only as `choice` says; without a choice the update changes nothing
 * and answers 409 with those rows (see writer/bulkUpdate.ts).
 */
export async function bulkUpdate(s: Services, body: BulkBody, choice: BulkUpdateQuery, actor: User): Promise<BulkUpdateDto> {
  return withBodyFile(s, "update", body, async (file) => {
    const outcome = await s.db.writeOffThread(async (writer) => {
      const done = "csv" in body ? await writer.call("updateCsv", { file, choice }) : await writer.call("updateJson", { file, choice });
      await s.emit(writer, { type: "imported", mode: "bulk-update", count: done.applied, actor });
      return done;
    });
    return { message: updatedMessage(outcome), count: outcome.applied, skipped: outcome.skipped + outcome.deleted };
  });
}

/**
 * The positions of the rows sent as JSON that match an approved flower
 * exactly, for the upload screens' warning. Read on a thread of its own: at
 * 100,000 flowers, checking 10,000 rows on the event loop held it 1.1 s.
 */
export async function findDuplicates(s: Services, body: JsonBody): Promise<number[]> {
  return withBodyFile(s, "check", body, (file) => s.db.readOffThread((thread) => thread.call("duplicatesJson", { file })));
}

/**
 * Replaces the whole garden with the CSV rows sent as JSON ({ csvData, adminKey }).
 * Order matters: the body is saved to a private file and a thread parses it
 * and checks every row (at 100,000 rows, seconds that the event loop held
 * every request for); then the key is checked, the rows' problems answered,
 * and the database copied to the backups folder (in the write's own turn, so
 * the copy is exactly the garden the import replaces); only then are the old
 * flowers and comments deleted and the new ones inserted, by the large-write
 * thread from the same file, in one transaction: an error or a killed
 * process leaves the old garden whole.
 */
export async function resetAndImport(s: Services, body: JsonBody, actor: User, address: string): Promise<ResetImportResult> {
  if (importTurns.waiting >= MAX_WAITING_IMPORTS) throw TooMany(BUSY.import, 10);
  importTurns.waiting++;
  const turn = importTurns.tail.then(() => {
    importTurns.waiting--;
    // A guesser's queued tries are refused here, before their bodies are read and checked on a thread.
    refuseWhilePaused(s, actor, address);
    return withBodyFile(s, "import", body, (file) => resetAndImportFile(s, file, actor, address));
  });
  importTurns.tail = turn.catch(() => undefined);
  return turn;
}

/**
 * Reset-and-imports wait their turn, one at a time, rather than being
 * refused while another is in hand: each replaces the whole garden, and a
 * wrong key must hear that it is wrong (and count towards the limit), not
 * that the server is busy. Bounded: past MAX_WAITING_IMPORTS the answer is BUSY.
 */
const MAX_WAITING_IMPORTS = 100;
const importTurns: { tail: Promise<unknown>; waiting: number } = { tail: Promise.resolve(), waiting: 0 };

async function resetAndImportFile(s: Services, file: string, actor: User, address: string): Promise<ResetImportResult> {
  const { expectedImportCount, backupDir } = s.config;
  const result = await s.db.readOffThread((thread) => thread.call("importCheck", { file, expectedCount: expectedImportCount }));
  await checkImportKey(s, result.adminKey, actor, address);

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
      const flowers = await countFlowers(writer);
      const comments = await countComments(writer);
      await deleteAllComments(writer);
      await deleteAllFlowers(writer);
      // Earlier uploads' answers speak of flowers this import replaces: their keys no longer stand for rows in the garden.
      await deleteAllUploadKeys(writer);
      const imported = await writer.call("importInsert", { file, expectedCount: expectedImportCount });
      await s.emit(writer, { type: "imported", mode: "reset", count: imported, actor, detail: path.basename(backupPath) });
      return { flowers, comments, imported };
    },
    { backupFirst: backupPath },
  );
  pruneBackups(backupDir, s.config.backupKeep);

  // The answer names the backup and its time; where the server keeps it is the server's business.
  const backup = { name: path.basename(backupPath), createdAt: takenAt.toISOString() };
  return {
    success: true,
    importedCount: counts.imported,
    deletedFlowersCount: counts.flowers,
    deletedCommentsCount: counts.comments,
    // The rows passed the strict check, which refuses any count but the expected one.
    validation: { isExactMatch: counts.imported === expectedImportCount, expectedCount: expectedImportCount, actualCount: counts.imported },
    message: `Successfully imported ${counts.imported} memorial flowers. The previous garden was saved first, as the backup ${backup.name}.`,
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
