/**
 * The database thread: a connection of its own to the server's database,
 * on which one large write (a 100,000-row upload, a reset-and-import, a bulk
 * update) runs from BEGIN to COMMIT, a large body is checked, or a backup is
 * copied, checked or scrubbed, while the server's event loop goes on
 * answering others. Built as dist/server/databaseThread.js; started and
 * driven by DatabaseThread (writer/databaseThread.ts), one operation at a
 * time (writer/protocol.ts lists them).
 *
 * The cost this moves off the event loop is SQLite's own: the search indexes'
 * triggers on every row, their segment merges, the last flush and the WAL
 * checkpoint at commit, a backup's copy and integrity check (several hundred
 * milliseconds each at 100,000 flowers, which no amount of yielding between
 * rows could split).
 */
import fs from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import BetterSqlite3 from "better-sqlite3";
import type { BulkUpdateQuery, FlowerEntry } from "../../shared/schemas/admin";
import { BulkUpdateInput, BulkUploadInput, DuplicateCheckInput, ResetImportInput } from "../../shared/schemas/admin";
import { validateStrictRows } from "../../shared/csv/strict";
import { ApiError, BadRequest, NOT_JSON } from "../errors";
import { parse } from "../lib/validate";
import { csvPieces } from "../lib/csvStream";
import { BUSY_TIMEOUT_MS, prepareWriteConnection } from "../lib/connection";
import { flowerOnly, UploadCheck } from "../commands/uploadCheck";
import { BulkUpdater, type UpdateOutcome } from "./bulkUpdate";
import { nameSearchText } from "../garden/searchText";
import { takeOnlineBackup } from "../operations/onlineBackup";
import { syncFile } from "../operations/backupFiles";
import type { BackupDelete, Operation, OperationInput, OperationResult, ThreadFailure, ThreadOptions, ThreadReply, ThreadRequest } from "./protocol";

const options = workerData as ThreadOptions;
let db: BetterSqlite3.Database | undefined;

/** The connection, opened at the first request so that a failure to open is answered like any other. */
function connection(): BetterSqlite3.Database {
  if (db) return db;
  const opened = new BetterSqlite3(options.databasePath, { fileMustExist: true });
  opened.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  prepareWriteConnection(opened);
  db = opened;
  return opened;
}

const statements = new Map<string, BetterSqlite3.Statement>();
const statement = (sql: string) => {
  let kept = statements.get(sql);
  if (!kept) statements.set(sql, (kept = connection().prepare(sql)));
  return kept;
};

/** Rows per INSERT: one statement for every full batch, a few milliseconds each. */
const BATCH = 100;

const insertSql = (rows: number) =>
  `INSERT INTO memorial_flowers (baby_first_name, baby_middle_name, baby_last_name, loss_date, flower_type, search_name, name_initial, approved)
     VALUES ${Array.from({ length: rows }, () => "(?, ?, ?, ?, ?, ?, ?, 1)").join(", ")}`;

function insert(entries: FlowerEntry[]): void {
  for (let i = 0; i < entries.length; i += BATCH) {
    const rows = entries.slice(i, i + BATCH);
    statement(insertSql(rows.length)).run(
      rows.flatMap((e) => {
        const { searchName, nameInitial } = nameSearchText(e);
        return [e.babyFirstName, e.babyMiddleName ?? null, e.babyLastName ?? null, e.lossDate ?? null, e.flowerType, searchName, nameInitial];
      }),
    );
  }
}

/** Ids or names looked up per query (far below SQLite's variable limit). */
const ID_CHUNK = 400;

/** The exact identity of a flower for duplicate checks: every field, empty and missing alike. */
const flowerKey = (f: FlowerEntry) => [f.babyFirstName, f.babyMiddleName ?? "", f.babyLastName ?? "", f.lossDate ?? "", f.flowerType].join("\u0000");

/** Positions of the entries that match an approved flower exactly (looked up by first names, which an index serves). */
function duplicates(entries: FlowerEntry[]): number[] {
  const names = [...new Set(entries.map((e) => e.babyFirstName))];
  const existing = new Set<string>();
  for (let i = 0; i < names.length; i += ID_CHUNK) {
    const chunk = names.slice(i, i + ID_CHUNK);
    const rows = statement(
      `SELECT baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName, baby_last_name AS babyLastName, loss_date AS lossDate,
         flower_type AS flowerType FROM memorial_flowers WHERE approved = 1 AND baby_first_name IN (${chunk.map(() => "?").join(",")})`,
    ).all(...chunk) as FlowerEntry[];
    for (const row of rows) existing.add(flowerKey(row));
  }
  return entries.flatMap((e, i) => (existing.has(flowerKey(e)) ? [i] : []));
}

/**
 * A JSON body the server saved as it came: parsed here, off the event loop
 * (a whole garden's JSON took half a second to parse and check there). An
 * empty body reads as {}, as the body parser gives it.
 */
function readJson(file: string): unknown {
  const text = fs.readFileSync(file, "utf8");
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw BadRequest(NOT_JSON);
  }
}

/**
 * A reset-and-import's JSON body, parsed and checked here with the shared
 * schema and the strict reader's rules (at 100,000 rows, 1.6 to 2.3 s that
 * the event loop held every request for).
 */
function readImport(file: string, expectedCount: number) {
  const { adminKey, csvData } = parse(ResetImportInput, readJson(file));
  return { adminKey, ...validateStrictRows(csvData, expectedCount) };
}

/** Inserts a reset-and-import's rows, checked again (the server checked the same private file before the backup); answers how many. */
function importInsert(file: string, expectedCount: number): number {
  const { errors, entries } = readImport(file, expectedCount);
  if (errors.length) throw new Error("The import's rows no longer pass the check they passed a moment ago.");
  insert(entries);
  return entries.length;
}

/**
 * Reads the uploaded file once: every row is checked as it comes, and the
 * good ones are inserted while the file can still be accepted. Answers the
 * number of flowers added, or throws the answer for a refused file (the
 * caller then rolls back what was inserted).
 */
async function uploadCsv(file: string): Promise<number> {
  const check = new UploadCheck();
  const pending: FlowerEntry[] = [];
  for await (const piece of csvPieces(file)) {
    check.parseErrors(piece.parseErrors);
    for (const fields of piece.records) {
      const entry = check.read(fields);
      if (entry) pending.push(flowerOnly(entry));
    }
    // Once the file is known to be refused, the rest is only read for its problems.
    if (!check.acceptable) pending.length = 0;
    else if (pending.length >= BATCH) insert(pending.splice(0, pending.length - (pending.length % BATCH)));
  }
  if (check.acceptable) insert(pending);
  return check.verdict();
}

/**
 * Reads an update's file once, as uploadCsv does: every row is checked as it
 * comes and applied while the file can still be accepted (the caller rolls
 * back what was written when the answer is a refusal or a conflict).
 */
async function updateCsv(file: string, choice: BulkUpdateQuery): Promise<UpdateOutcome> {
  const check = new UploadCheck("update");
  const updater = new BulkUpdater(statement, choice);
  for await (const piece of csvPieces(file)) {
    check.parseErrors(piece.parseErrors);
    for (const fields of piece.records) {
      const entry = check.read(fields);
      // Once the file is known to be refused, the rest is only read for its problems.
      if (entry?.id !== undefined && check.acceptable) updater.row({ ...entry, id: entry.id });
    }
  }
  check.verdict();
  return updater.finish();
}

/** How long the checkpoint after a large write waits for readers still on the log: they read for milliseconds. */
const CHECKPOINT_WAIT_MS = 1_000;

/**
 * Copies the log into the database and truncates it, here on the thread:
 * the large write left it tens of MB (61 MB after updating 100,000 rows),
 * which every reader then searched, and which the server's connection would
 * otherwise copy at its next commit, on the event loop. Answers false when
 * readers kept it from being emptied (the next writer starts it over).
 */
function checkpoint(): boolean {
  const c = connection();
  c.pragma(`busy_timeout = ${CHECKPOINT_WAIT_MS}`);
  try {
    const [result] = c.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
    return result?.busy === 0;
  } finally {
    c.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

/** A consistent copy of the whole database in `file`, flushed to disk. */
function vacuumInto(file: string): void {
  connection().prepare("VACUUM INTO ?").run(file);
  syncFile(file);
}

/**
 * Runs `deletes` in the backup `file`, on a connection of its own, and
 * compacts it when they changed anything, so that nothing deleted stays in
 * its free pages: VACUUM rewrites the whole file (about a second for a
 * backup of 100,000 flowers). Answers whether the backup changed.
 */
function scrubBackup(file: string, deletes: BackupDelete[]): boolean {
  const copy = new BetterSqlite3(file, { fileMustExist: true, timeout: 1000 });
  try {
    copy.pragma("secure_delete = ON");
    const changes = copy.transaction(() => deletes.reduce((n, d) => n + copy.prepare(d.sql).run(...d.params).changes, 0))();
    if (changes === 0) return false;
    copy.exec("VACUUM");
    return true;
  } finally {
    copy.close();
  }
}

function query(sql: string, params: unknown[]): unknown[] {
  const s = statement(sql);
  if (s.reader) return s.all(...params);
  s.run(...params);
  return [];
}

/** What the thread does for each operation (ThreadOperations): one handler each, no more, no fewer. */
const operations: { [K in Operation]: (input: OperationInput<K>) => OperationResult<K> | Promise<OperationResult<K>> } = {
  begin: ({ maxPageCount }) => {
    connection().pragma(`max_page_count = ${Math.trunc(maxPageCount)}`);
    connection().exec("BEGIN IMMEDIATE");
    return null;
  },
  commit: () => {
    connection().exec("COMMIT");
    return null;
  },
  checkpoint,
  rollback: () => {
    if (db?.inTransaction) db.exec("ROLLBACK");
    return null;
  },
  close: () => {
    db?.close();
    db = undefined;
    return null;
  },
  query: ({ sql, params }) => query(sql, params),
  insert: ({ entries }) => {
    insert(entries);
    return null;
  },
  uploadCsv: ({ file }) => uploadCsv(file),
  uploadJson: ({ file }) => {
    const { flowers } = parse(BulkUploadInput, readJson(file));
    insert(flowers);
    return flowers.length;
  },
  duplicatesJson: ({ file }) => duplicates(parse(DuplicateCheckInput, readJson(file)).flowers),
  updateJson: ({ file, choice }) => {
    const { flowers } = parse(BulkUpdateInput, readJson(file));
    const updater = new BulkUpdater(statement, choice);
    for (const flower of flowers) updater.row(flower);
    return updater.finish();
  },
  updateCsv: ({ file, choice }) => updateCsv(file, choice),
  importCheck: ({ file, expectedCount }) => {
    const { adminKey, errors } = readImport(file, expectedCount);
    return { adminKey, errors };
  },
  importInsert: ({ file, expectedCount }) => importInsert(file, expectedCount),
  vacuumInto: ({ file }) => {
    vacuumInto(file);
    return null;
  },
  scrubBackup: ({ file, deletes }) => scrubBackup(file, deletes),
  onlineBackup: ({ target }) => takeOnlineBackup(options.databasePath, target),
};

const perform = <K extends Operation>(op: K, input: OperationInput<K>) => operations[op](input);

function failure(err: unknown): ThreadFailure {
  const e = err instanceof Error ? err : new Error(String(err));
  const code = (e as { code?: unknown }).code;
  return {
    name: e.name,
    message: e.message,
    ...(typeof code === "string" ? { code } : {}),
    ...(err instanceof ApiError ? { answer: { status: err.status, id: err.id, errors: err.errors, headers: err.headers, conflicts: err.conflicts } } : {}),
  };
}

/** Requests are done one after another, in the order they came (an upload reads its file asynchronously). */
let tail: Promise<void> = Promise.resolve();
parentPort!.on("message", (message: ThreadRequest) => {
  tail = tail.then(async () => {
    let reply: ThreadReply;
    try {
      reply = { id: message.id, result: await perform(message.op, message.input) };
    } catch (err) {
      reply = { id: message.id, failure: failure(err) };
    }
    parentPort!.postMessage(reply);
  });
});
