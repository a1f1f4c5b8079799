import { setTimeout as sleep } from "node:timers/promises";
import BetterSqlite3 from "better-sqlite3";
import { ErrorId } from "../../shared/errors";
import { ApiError } from "../errors";
import { asStorageFailure, isBusy } from "./failures";
import { BUSY_WAIT_MS, type WriteQueue } from "./writeQueue";

/** What the database can do right now, as /api/health reports it. */
export type DatabaseState = "writable" | "read-only" | "busy" | "full";

/**
 * Whether a write would succeed now, for /api/health and the start-up
 * report, without waiting behind any write (see Database.state), on a
 * connection of its own, opened when first asked for.
 */
export class HealthProbe {
  private prober: BetterSqlite3.Database | undefined;

  /** `largeWriteHoldsLock`: whether a large write of this server holds SQLite's write lock, the proof the database is writable. */
  constructor(
    private readonly queue: WriteQueue,
    private readonly largeWriteHoldsLock: () => boolean,
  ) {}

  async state(): Promise<DatabaseState> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      if (this.largeWriteHoldsLock()) return "writable";
      try {
        this.probe();
        return "writable";
      } catch (err) {
        if (isBusy(err) && Date.now() - started < BUSY_WAIT_MS) {
          await sleep(Math.min(20 * 2 ** attempt, 200));
          continue;
        }
        const failure = asStorageFailure(err);
        if (failure instanceof ApiError && failure.id === ErrorId.databaseReadOnly) return "read-only";
        if (failure instanceof ApiError && failure.id === ErrorId.databaseBusy) return "busy";
        if (failure instanceof ApiError && failure.id === ErrorId.storageFull) return "full";
        throw failure;
      }
    }
  }

  /**
   * A write transaction that changes nothing and is rolled back in the same synchronous step
   * (BEGIN IMMEDIATE alone succeeds even on a read-only file; setting the schema version to itself
   * needs the write). It holds the lock for microseconds and never waits for it.
   */
  private probe(): void {
    const h = (this.prober ??= new BetterSqlite3(this.queue.path, { fileMustExist: true, timeout: 0 }));
    // The server connection's page limit holds for the probe too (the tests fill the disk with it).
    h.pragma(`max_page_count = ${Number(this.queue.handle.pragma("max_page_count", { simple: true }))}`);
    const version = Number(h.pragma("user_version", { simple: true }));
    h.exec("BEGIN IMMEDIATE");
    try {
      h.pragma(`user_version = ${version}`);
    } finally {
      if (h.inTransaction) h.exec("ROLLBACK");
    }
  }

  close(): void {
    this.prober?.close();
  }
}
