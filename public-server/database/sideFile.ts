import fs from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { ensurePrivateDir, makePrivate, PRIVATE_FILE } from "../lib/privateFiles";
import { WalFlush } from "./walFlush";

/**
 * How long a side file's connection waits for another process's lock (the
 * CLI's `passwd`, holding it for a moment), blocking: its writes take
 * microseconds, so this is never reached but by something stuck.
 */
const SIDE_BUSY_TIMEOUT_MS = 2_000;

/**
 * The path of a small database file kept beside the main one (`garden.sqlite`
 * → `garden-sessions.sqlite`), for writes that must not wait for the main
 * file's write lock, which a large write holds for seconds.
 */
export function sidePath(databasePath: string, name: "sessions" | "intake"): string {
  const base = path.basename(databasePath).replace(/\.sqlite3?$|\.db$/, "");
  return path.join(path.dirname(databasePath), `${base}-${name}.sqlite`);
}

/**
 * Opens (creating if needed) a side file: private from its first byte like the
 * main database (it holds session ids or what families sent), WAL, and every
 * commit flushed to disk before it is answered, as the main database's: its
 * commits do not wait for the disk (`synchronous = NORMAL`), its writer awaits
 * `flush.flushed()` off the event loop before answering (database/walFlush.ts).
 * `schema` is idempotent SQL (CREATE … IF NOT EXISTS).
 */
export function openSideFile(file: string, schema: string): { db: BetterSqlite3.Database; flush: WalFlush } {
  ensurePrivateDir(path.dirname(file));
  if (!fs.existsSync(file)) fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE));
  const db = new BetterSqlite3(file, { timeout: SIDE_BUSY_TIMEOUT_MS });
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("secure_delete = ON");
    db.exec(schema);
  } catch (err) {
    db.close();
    throw err;
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      makePrivate(f);
    } catch {
      // not there (yet), or on a read-only disk
    }
  }
  return { db, flush: new WalFlush(file) };
}

/** Removes a side file with its WAL, so that nothing of it is applied again. */
export function removeSideFile(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
}
