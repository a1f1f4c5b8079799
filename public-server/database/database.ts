import type { DataSource, EntityManager } from "typeorm";
import type BetterSqlite3 from "better-sqlite3";
import type { Logger } from "../lib/log";
import type { DatabaseThread } from "../writer/databaseThread";
import { copyInto } from "./backupCopy";
import { HealthProbe, type DatabaseState } from "./health";
import { OffThread } from "./offThread";
import { ReadConnection } from "./readConnection";
import type { Statements } from "./statements";
import { WriteQueue } from "./writeQueue";

/**
 * The database as the rest of the server holds it: one object, made of the
 * parts that each do one job (in this folder):
 * - the write queue (writeQueue.ts): the one writing connection, whose writes
 *   take turns and are answered once committed and on disk;
 * - the read-only connection (readConnection.ts), outside the queue, for every
 *   read that is not part of a write;
 * - the database thread's keeping (offThread.ts): large writes and reads on
 *   a thread and connection of their own;
 * - the health probe (health.ts), which never waits behind a write.
 * Opening it and bringing its schema up to date is open.ts.
 */
export class Database {
  private readonly queue: WriteQueue;
  private readonly reader: ReadConnection;
  private readonly offThread: OffThread;
  private readonly health: HealthProbe;

  constructor(
    readonly source: DataSource,
    log?: Logger,
  ) {
    this.queue = new WriteQueue(source, log);
    this.reader = new ReadConnection(this.queue, log);
    this.offThread = new OffThread(this.queue, log);
    this.health = new HealthProbe(this.queue, () => this.offThread.holdsLock);
  }

  /** How many times a large write's pages were sent to the disk while it ran (trickleFlush.ts), for the tests. */
  get largeWriteFlushes(): number {
    return this.offThread.trickle.flushes;
  }

  /** The database file's path. */
  get path(): string {
    return this.queue.path;
  }

  /** The raw better-sqlite3 handle, for the backup and checks; call only inside `run`. */
  get handle(): BetterSqlite3.Database {
    return this.queue.handle;
  }

  /**
   * Runs `work` alone on the connection (reads, and single writes that must
   * not join a transaction). It answers once what it committed is on disk:
   * the flush is waited for after its turn, so the next turns commit
   * meanwhile and share the next flush.
   */
  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.queue.run(work);
  }

  /** Runs `work` in one transaction, alone on the connection. */
  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.queue.run(() => this.source.transaction(work));
  }

  /** Resolves once every commit of the server's connection so far is on disk. */
  onDisk(): Promise<void> {
    return this.queue.onDisk();
  }

  /**
   * Calls `then` once the work of the turn running now (a transaction, a large write) has committed,
   * still in its turn, so what one write makes stale is dropped before the next write begins; never
   * when the work failed and rolled back. For work inside a turn only.
   */
  afterCommit(then: () => void): void {
    this.queue.afterCommit(then);
  }

  /**
   * Runs a read of committed data on a second, read-only connection, outside
   * the queue. This is the one rule for which connection a read uses: every
   * read that is not part of a write comes here (the garden's views and
   * memorial pages, their comments, the public lists, the
   * signed-in account, the admin lists), so no visitor waits behind a write,
   * not even a 100,000-row upload that holds the queue for seconds; it sees
   * the data as it was before that write (SQLite's WAL lets readers and one
   * writer work at once). Only writes, and what a write reads inside its own
   * transaction, go through `run` and `transaction`.
   *
   * `work` gets the raw connection (`db`, for SQL with parameters) and a
   * TypeORM manager over the same connection (`m`). Nothing on it is ever in
   * a transaction, so each statement sees the last commit. Where the second
   * connection cannot be opened or is busy, the read takes its turn in the
   * queue as before.
   */
  read<T>(work: (db: Statements, m: EntityManager) => T | Promise<T>): Promise<T> {
    return this.reader.read(work);
  }

  /**
   * Runs one large write (thousands of flowers) on a thread of its own, in
   * one transaction of that thread's connection, so the event loop goes on
   * answering others meanwhile: the search indexes' work on every row, and
   * the commit's last flush and WAL checkpoint, took the event loop for
   * seconds in all and up to 450 ms at once. The write takes the queue's turn
   * like any other, so the server's own connection does not write meanwhile.
   * `work` drives the writer; it commits when `work` ends well, and anything
   * else rolls back. Failures read as the server's own do (a full disk
   * answers 503), and a busy database is waited for the same way. The
   * thread is kept for a moment after a write, so a run of writes (the
   * desktop app sends a large update 200 rows at a time) starts it once.
   * `backupFirst` names a file to copy the database to (as backupTo) just
   * before the write begins.
   */
  writeOffThread<T>(work: (writer: DatabaseThread) => Promise<T>, options: { backupFirst?: string } = {}): Promise<T> {
    return this.offThread.writeOffThread(work, options);
  }

  /**
   * Whether a write sent to the queue now would wait for a large write (see
   * writeOffThread), seconds away: one holds SQLite's write lock, or waits
   * for its turn. The one place that knows; what must not wait (a visitor's
   * submission, see commands/submissions.ts) asks here.
   */
  get largeWriteAhead(): boolean {
    return this.offThread.ahead;
  }

  /** Calls `listener` each time the last large write sent has ended (committed or not). */
  afterLargeWrites(listener: () => void): void {
    this.offThread.afterLargeWrites(listener);
  }

  /**
   * Runs a large read (a backup, a duplicate check of thousands of rows) on a
   * thread of its own, started for it and stopped after, outside the queue:
   * it reads a snapshot, so writes go on meanwhile, and the event loop is
   * free. Failures read as the server's own do.
   */
  readOffThread<T>(work: (thread: DatabaseThread) => Promise<T>): Promise<T> {
    return this.offThread.readOffThread(work);
  }

  /**
   * Writes a consistent copy of the whole database to `file` (VACUUM INTO),
   * on the database thread: at 100,000 flowers the copy takes 300-450 ms,
   * which on the event loop every other request waited for. It reads a
   * snapshot, so other work, writes included, goes on meanwhile. The copy is
   * made under a temporary name, flushed to disk and only then renamed: a
   * file with the real name is always complete.
   */
  backupTo(file: string): Promise<void> {
    return copyInto(file, (partial) => this.readOffThread((thread) => thread.call("vacuumInto", { file: partial })));
  }

  /**
   * Whether a write would succeed now, for /api/health and the start-up
   * report, without waiting behind any write: while a large write of this
   * server holds SQLite's write lock, that write is the proof (probing would
   * only wait for it). Otherwise a probe on a connection of its own, outside
   * the queue (see HealthProbe): a lock held by a small write of ours is
   * tried again shortly, one held by another program for a few seconds
   * answers "busy".
   */
  state(): Promise<DatabaseState> {
    return this.health.state();
  }

  async close(): Promise<void> {
    await this.queue.drained();
    await this.offThread.close();
    await this.reader.close();
    this.health.close();
    await this.queue.close();
  }
}
