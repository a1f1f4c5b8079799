import type BetterSqlite3 from "better-sqlite3";

/** How long SQLite itself waits for a lock, blocking its thread: kept tiny, the waiting is done elsewhere without blocking (see db.ts). */
export const BUSY_TIMEOUT_MS = 10;

/**
 * Settings of every connection that writes the server's database: the
 * server's own and the large-write thread's (writer/worker.ts).
 *
 * Each commit is on disk before it is answered: a power cut loses nothing
 * that was confirmed. A connection on a thread of its own flushes in the
 * commit itself (`synchronous = FULL`). The server's own connection, on the
 * event loop, commits without waiting for the disk (`NORMAL`, still safe
 * against corruption in WAL mode) and the flush is waited for off the loop
 * before the answer (`flushOffLoop`, see database/walFlush.ts).
 */
export function prepareWriteConnection(db: BetterSqlite3.Database, options: { flushOffLoop?: boolean } = {}): void {
  db.pragma("foreign_keys = ON");
  db.pragma(options.flushOffLoop ? "synchronous = NORMAL" : "synchronous = FULL");
  // Deleted rows (expired requests for help, declined submissions) are overwritten, not left in free pages.
  db.pragma("secure_delete = ON");
  // Once a large write is checkpointed, the log file is cut back to 4 MB instead of keeping that write's size until the server stops.
  db.pragma("journal_size_limit = 4194304");
}
