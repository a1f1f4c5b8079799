import fs from "node:fs";
import { promisify } from "node:util";

/**
 * Brings a SQLite database's commits to disk off the event loop, for a
 * connection that commits with `synchronous = NORMAL` (see
 * lib/connection.ts): such a commit writes its pages to the write-ahead log
 * without waiting for the disk, and `flushed()` then waits, on Node's thread
 * pool, for the log's flush. A write is answered only after it, so "2xx means
 * on disk" holds as with `synchronous = FULL`, but the event loop never waits
 * for a disk: a flush takes 0.2 ms on a quiet disk and over 100 ms while a
 * large write fills the same disk, and every request waited for it.
 *
 * Commits close together share one flush (group commit): a caller arriving
 * while a flush runs waits for the next one, which starts as soon as the
 * running one ends and serves everyone who arrived meanwhile. SQLite itself
 * flushes the log before a checkpoint copies it into the database, and the
 * database after, so what was flushed here stays on disk.
 */
export class WalFlush {
  private current: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private fd: number | undefined;

  /** `databaseFile` is the database's own path; its log is beside it. */
  constructor(private readonly databaseFile: string) {}

  /** Resolves once every commit made before this call is on disk; rejects (ENOSPC, EIO) when the disk refused. */
  flushed(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.current) return this.begin();
    // The running flush may have started before this caller's commit: the next one covers it.
    this.queued = this.current
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.begin();
      });
    return this.queued;
  }

  /**
   * Closes the log's descriptor, kept between flushes: after the database's
   * connection was reopened, when SQLite may have removed the log and made a
   * new one, which the old descriptor would not reach.
   */
  forget(): void {
    const fd = this.fd;
    if (fd === undefined) return;
    this.fd = undefined;
    // Closed once no flush uses it: a number closed too early could name another file by then.
    void Promise.allSettled([this.current, this.queued]).then(() => fs.close(fd, () => undefined));
  }

  private begin(): Promise<void> {
    const flush = this.flushLog().finally(() => {
      if (this.current === flush) this.current = undefined;
    });
    this.current = flush;
    return flush;
  }

  /** One flush of the log, on Node's thread pool; its descriptor is kept (opening it each time cost twice the CPU). */
  private async flushLog(): Promise<void> {
    if (this.fd === undefined) {
      try {
        // Writable, though nothing is written: Windows flushes only a file opened for writing.
        this.fd = await promisify(fs.open)(`${this.databaseFile}-wal`, "r+");
      } catch (err) {
        // No log yet: nothing was committed (SQLite removes it only once it is all in the database, flushed).
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
        throw err;
      }
    }
    await promisify(fs.fdatasync)(this.fd);
  }
}
