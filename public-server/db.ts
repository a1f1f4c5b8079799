import fs from "node:fs";
import path from "node:path";
import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import { DataSource, type EntityManager } from "typeorm";
import BetterSqlite3 from "better-sqlite3";
import { ErrorId } from "../shared/errors";
import { entities } from "./entities";
import { migrations } from "./migrations";
import { ApiError } from "./errors";
import { ensurePrivateDir, makePrivate, PRIVATE_FILE } from "./lib/privateFiles";
import type { Logger } from "./lib/log";
import { BUSY_TIMEOUT_MS, prepareWriteConnection } from "./lib/connection";
import { GardenWriter } from "./writer/gardenWriter";
import { WalFlush } from "./lib/walFlush";
import { asStorageFailure, isBusy, isFull, isReadOnly, READ_ONLY_HELP, sqliteCode } from "./database/failures";
import { copyInto } from "./database/backupCopy";
import { KEPT_STATEMENTS, keptStatements, type Statements } from "./database/statements";

/** How long a piece of work keeps trying while another process holds the write lock, before the visitor hears 503. */
const BUSY_WAIT_MS = 3_000;
/**
 * How long the large-write thread is kept after a write, for the next one: the desktop app sends
 * a large update in pieces, one right after another. Not longer: a kept thread holds its heap (27
 * MB after a 100,000-row upload), and with 10 s the server's peak in the garden benchmark was
 * about 10 MB higher (the list rebuilt and the queries that follow an upload came while it was kept).
 */
const WRITER_IDLE_MS = 1_500;
/**
 * How long waiting writes may run back to back before the queue gives the event loop a turn. With a
 * turn of its own for every write, writes went at the loop's pace: under 300 visitors about 20 a second
 * went through and each waited 12 s in the queue. With 16 visitors posting, 4 ms took the posts from
 * 211 to 400–460 a second, a cached page's p99 staying at 54–60 ms (it was 62).
 */
const WRITE_STRETCH_MS = 4;

/** What the database can do right now, as /api/health reports it. */
export type DatabaseState = "writable" | "read-only" | "busy" | "full";

/** The driver's one query runner: its transaction bookkeeping must match the connection's real state. */
interface RunnerState {
  isTransactionActive: boolean;
  transactionDepth: number;
}

/**
 * The one SQLite connection, behind one queue.
 *
 * TypeORM gives SQLite a single connection, so a query issued by one request
 * while another request's transaction is open runs *inside* that transaction:
 * it would see uncommitted rows and be rolled back with it. Every write
 * therefore goes through `run` or `transaction`, which take turns in arrival
 * order; every other read goes through `read`, on a read-only connection
 * outside the queue, so no read waits for a write (see `read`).
 *
 * A write is answered 2xx only once it is committed: after every turn the
 * connection must be outside any transaction. A failure SQLite answers in the
 * middle of a transaction (a full disk rolls some back by itself, others not)
 * used to leave TypeORM believing a transaction was still open, so every
 * later "transaction" became a savepoint inside one that never committed.
 * Each turn now ends with the connection's real state checked and repaired:
 * rolled back, the bookkeeping reset, and the connection reopened if even
 * that fails. Another process holding the write lock makes the work wait
 * (without blocking the event loop, and out of the queue so reads go on),
 * then answer 503.
 */
export class Database {
  private tail: Promise<unknown> = Promise.resolve();
  /** When the queue last let the event loop have a turn (see WRITE_STRETCH_MS). */
  private yieldedAt = 0;
  /** The large-write thread, while it is kept (see writeOffThread). */
  private writer: GardenWriter | undefined;
  private writerIdle: ReturnType<typeof setTimeout> | undefined;
  /** The read-only second connection: undefined until first asked for, null where it cannot be opened. */
  private reader: Promise<DataSource | null> | undefined;
  /** The connection health probes with (see state): undefined until first asked for. */
  private prober: BetterSqlite3.Database | undefined;
  /** Whether a large write of this server holds SQLite's write lock (health's proof of a writable database, see state). */
  private largeWrite = false;
  /** Large writes sent and not yet ended (waiting for their turn, or holding the lock). */
  private largeWrites = 0;
  private readonly afterLarge: (() => void)[] = [];
  /** What the turn running now does once its work committed (see afterCommit); undefined between turns. */
  private committing: (() => void)[] | undefined;
  /** The flush of the connection's commits, off the event loop, shared by the commits close together. */
  private readonly walFlush: WalFlush;

  constructor(
    readonly source: DataSource,
    private readonly log?: Logger,
  ) {
    this.walFlush = new WalFlush(this.path);
  }

  /**
   * Runs `work` alone on the connection (reads, and single writes that must
   * not join a transaction). It answers once what it committed is on disk:
   * the flush is waited for after its turn, so the next turns commit
   * meanwhile and share the next flush.
   */
  async run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await this.turn(work);
        await this.onDisk();
        return result;
      } catch (err) {
        if (!isBusy(err) || Date.now() - started >= BUSY_WAIT_MS) throw asStorageFailure(err);
        await sleep(Math.min(20 * 2 ** attempt, 200));
      }
    }
  }

  /** Resolves once every commit of the server's connection so far is on disk. */
  async onDisk(): Promise<void> {
    try {
      await this.walFlush.flushed();
    } catch (err) {
      throw asStorageFailure(err);
    }
  }

  /**
   * Calls `then` once the work of the turn running now (a transaction, a large write) has committed,
   * still in its turn, so what one write makes stale is dropped before the next write begins; never
   * when the work failed and rolled back. For work inside a turn only.
   */
  afterCommit(then: () => void): void {
    if (!this.committing) throw new Error("afterCommit was called outside a write's turn.");
    this.committing.push(then);
  }

  /** Runs `work` in one transaction, alone on the connection. */
  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.run(() => this.source.transaction(work));
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
   * thread is kept for WRITER_IDLE_MS after a write, so a run of writes (the
   * desktop app sends a large update 200 rows at a time) starts it once.
   * `backupFirst` names a file to copy the database to (as backupTo) just
   * before the write begins.
   */
  writeOffThread<T>(work: (writer: GardenWriter) => Promise<T>, options: { backupFirst?: string } = {}): Promise<T> {
    const { backupFirst } = options;
    this.largeWrites++;
    const ended = () => {
      if (--this.largeWrites > 0) return;
      for (const listener of this.afterLarge) listener();
    };
    return this.run(async () => {
      clearTimeout(this.writerIdle);
      const writer = this.writerThread();
      try {
        // In the same turn, on the same thread: the copy is the database exactly as the write found it.
        if (backupFirst) await copyInto(backupFirst, (partial) => writer.vacuumInto(partial));
        // The server connection's page limit holds for the writer's too (the tests fill the disk with it).
        await writer.begin(Number(this.handle.pragma("max_page_count", { simple: true })));
        this.largeWrite = true;
        const result = await work(writer);
        await writer.commit();
        // In the same turn, so no write of ours grows the log meanwhile; a failure here loses nothing.
        await writer.checkpoint().catch((err: unknown) => this.log?.info("checkpoint_after_large_write_failed", { cause: sqliteCode(err) || "unknown" }));
        return result;
      } catch (err) {
        await writer.rollback().catch(() => this.stopWriter()); // a thread that cannot roll back is let go
        throw err;
      } finally {
        this.largeWrite = false;
        this.writerIdle = setTimeout(() => void this.stopWriter(), WRITER_IDLE_MS).unref();
      }
    }).finally(ended);
  }

  /**
   * Whether a write sent to the queue now would wait for a large write (see
   * writeOffThread), seconds away: one holds SQLite's write lock, or waits
   * for its turn. The one place that knows; what must not wait (a visitor's
   * submission, see commands/submissions.ts) asks here.
   */
  get largeWriteAhead(): boolean {
    return this.largeWrites > 0;
  }

  /** Calls `listener` each time the last large write sent has ended (committed or not). */
  afterLargeWrites(listener: () => void): void {
    this.afterLarge.push(listener);
  }

  private writerThread(): GardenWriter {
    if (!this.writer || this.writer.stopped) this.writer = new GardenWriter({ databasePath: this.path });
    return this.writer;
  }

  private async stopWriter(): Promise<void> {
    const writer = this.writer;
    this.writer = undefined;
    await writer?.close();
  }

  /** The database file's path. */
  get path(): string {
    return this.source.options.database as string;
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
  async read<T>(work: (db: Statements, m: EntityManager) => T | Promise<T>): Promise<T> {
    const reader = await this.readSource();
    if (reader) {
      try {
        return await work(keptStatements(connectionOf(reader)), reader.manager);
      } catch (err) {
        if (!isBusy(err)) throw asStorageFailure(err);
      }
    }
    return this.run(async (m) => work(keptStatements(this.handle), m));
  }

  private readSource(): Promise<DataSource | null> {
    return (this.reader ??= this.openReader());
  }

  private async openReader(): Promise<DataSource | null> {
    const source = new DataSource({
      type: "better-sqlite3",
      database: this.path,
      readonly: true,
      fileMustExist: true,
      timeout: BUSY_TIMEOUT_MS,
      entities,
      synchronize: false,
      migrationsRun: false,
      logging: false,
      statementCacheSize: KEPT_STATEMENTS,
      prepareDatabase: (db: BetterSqlite3.Database) => {
        db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      },
    });
    try {
      await source.initialize();
      return source;
    } catch (err) {
      this.log?.error("read_connection_unavailable", { cause: sqliteCode(err) || (err instanceof Error ? err.name : "unknown") });
      return null;
    }
  }

  /** One attempt, in its turn; the connection leaves it outside any transaction, whatever happened. */
  private turn<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const turn = this.tail.then(async () => {
      // better-sqlite3 is synchronous: waiting writes (16 visitors posting at once) running back to
      // back in one stretch made every other request (a cached page) wait for all of them. So after a
      // few milliseconds of writes the queue lets the event loop have a turn; a write that finds the
      // queue idle also starts on a turn of its own.
      if (performance.now() - this.yieldedAt >= WRITE_STRETCH_MS) {
        await nextTurn();
        this.yieldedAt = performance.now();
      }
      await this.settle("before");
      let result: T;
      const committed: (() => void)[] = [];
      this.committing = committed;
      try {
        result = await work(this.source.manager);
      } catch (err) {
        await this.settle("after a failure", err);
        throw err;
      } finally {
        this.committing = undefined;
      }
      // Success means committed: a transaction still open here would be lost at the next restart.
      if (await this.settle("after success")) {
        const err = Object.assign(new Error("The work ended inside a transaction that was not committed"), { code: "SQLITE_FULL" });
        throw err;
      }
      for (const then of committed) {
        try {
          then();
        } catch (err) {
          this.log?.error("after_commit_failed", { error: err instanceof Error ? err.message.slice(0, 200) : String(err) });
        }
      }
      return result;
    });
    this.tail = turn.catch(() => undefined); // one failure must not block the queue
    return turn;
  }

  /**
   * Brings the connection and TypeORM's bookkeeping back to "no transaction".
   * Answers true when a transaction had to be rolled back.
   */
  private async settle(when: string, cause?: unknown): Promise<boolean> {
    if (!this.source.isInitialized) return false;
    const runner = (this.source.driver as unknown as { queryRunner?: RunnerState }).queryRunner;
    const open = this.handle.inTransaction;
    const confused = runner !== undefined && (runner.isTransactionActive || runner.transactionDepth !== 0);
    if (!open && !confused) return false;
    if (open) {
      try {
        this.handle.exec("ROLLBACK");
      } catch {
        // checked just below
      }
    }
    if (runner) {
      runner.isTransactionActive = false;
      runner.transactionDepth = 0;
    }
    const reopened = this.handle.inTransaction;
    if (reopened) await this.reopen();
    this.log?.error("database_recovered", {
      when,
      rolledBack: open,
      reopened,
      ...(cause ? { cause: sqliteCode(cause) || (cause instanceof Error ? cause.name : "unknown") } : {}),
    });
    return open;
  }

  /** Closes and opens the connection again: the last resort when a transaction cannot be rolled back. */
  private async reopen(): Promise<void> {
    await this.source.destroy();
    this.walFlush.forget();
    await this.source.initialize();
    configure(this.handle);
  }

  /** The raw better-sqlite3 handle, for the backup and checks; call only inside `run`. */
  get handle(): BetterSqlite3.Database {
    return connectionOf(this.source);
  }

  /**
   * Whether a write would succeed now, for /api/health and the start-up
   * report, without waiting behind any write: while a large write of this
   * server holds SQLite's write lock, that write is the proof (probing would
   * only wait for it). Otherwise a probe on a connection of its own, outside
   * the queue: a write transaction that changes nothing and is rolled back in
   * the same synchronous step (BEGIN IMMEDIATE alone succeeds even on a
   * read-only file; setting the schema version to itself needs the write).
   * It holds the lock for microseconds and never waits for it: a lock held by
   * a small write of ours is tried again shortly, one held by another program
   * for BUSY_WAIT_MS answers "busy".
   */
  async state(): Promise<DatabaseState> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      if (this.largeWrite) return "writable";
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

  private probe(): void {
    const h = (this.prober ??= new BetterSqlite3(this.path, { fileMustExist: true, timeout: 0 }));
    // The server connection's page limit holds for the probe too (the tests fill the disk with it).
    h.pragma(`max_page_count = ${Number(this.handle.pragma("max_page_count", { simple: true }))}`);
    const version = Number(h.pragma("user_version", { simple: true }));
    h.exec("BEGIN IMMEDIATE");
    try {
      h.pragma(`user_version = ${version}`);
    } finally {
      if (h.inTransaction) h.exec("ROLLBACK");
    }
  }

  /**
   * Writes a consistent copy of the whole database to `file` (VACUUM INTO),
   * on the large-write thread: at 100,000 flowers the copy takes 300-450 ms,
   * which on the event loop every other request waited for. It reads a
   * snapshot, so other work, writes included, goes on meanwhile. The copy is
   * made under a temporary name, flushed to disk and only then renamed: a
   * file with the real name is always complete.
   */
  backupTo(file: string): Promise<void> {
    return copyInto(file, (partial) => this.readOffThread((thread) => thread.vacuumInto(partial)));
  }

  /**
   * Runs a large read (a backup, a duplicate check of thousands of rows) on a
   * thread of its own, started for it and stopped after, outside the queue:
   * it reads a snapshot, so writes go on meanwhile, and the event loop is
   * free. Failures read as the server's own do.
   */
  async readOffThread<T>(work: (thread: GardenWriter) => Promise<T>): Promise<T> {
    const thread = new GardenWriter({ databasePath: this.path });
    try {
      return await work(thread);
    } catch (err) {
      throw asStorageFailure(err);
    } finally {
      await thread.close();
    }
  }

  async close(): Promise<void> {
    await this.tail;
    clearTimeout(this.writerIdle);
    await this.stopWriter();
    const reader = await this.reader;
    this.reader = Promise.resolve(null);
    if (reader?.isInitialized) await reader.destroy();
    this.prober?.close();
    if (this.source.isInitialized) await this.source.destroy();
    this.walFlush.forget();
  }
}

/** The better-sqlite3 connection under a TypeORM data source. */
function connectionOf(source: DataSource): BetterSqlite3.Database {
  return (source.driver as unknown as { databaseConnection: BetterSqlite3.Database }).databaseConnection;
}

/** Settings of every (re)opened connection, once the schema is up to date. */
function configure(db: BetterSqlite3.Database): void {
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
}

/**
 * Opens (creating if needed) the SQLite file and brings its schema up to date.
 * The pending migrations run in one transaction: if one fails, none is kept
 * and the database stays as the previous version left it.
 */
export async function openDatabase(databasePath: string, log?: Logger, list: typeof migrations = migrations): Promise<Database> {
  ensurePrivateDir(path.dirname(databasePath));
  // Created private before SQLite opens it; SQLite gives its -wal and -shm files the same mode.
  if (!fs.existsSync(databasePath)) fs.closeSync(fs.openSync(databasePath, "a", PRIVATE_FILE));
  for (const file of [databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) {
    try {
      makePrivate(file);
    } catch {
      // missing, or on a read-only disk: the writability check at start says what matters
    }
  }
  const source = new DataSource({
    type: "better-sqlite3",
    database: databasePath,
    entities,
    migrations: list,
    synchronize: false,
    migrationsRun: false,
    enableWAL: true,
    timeout: 5000, // at start only: another process (a backup, the CLI) may hold the lock briefly
    logging: false,
    statementCacheSize: KEPT_STATEMENTS,
    prepareDatabase: (db: BetterSqlite3.Database) => prepareWriteConnection(db, { flushOffLoop: true }),
  });
  await source.initialize();
  try {
    const ran = await source.runMigrations({ transaction: "all" });
    // The older migrations register SQL functions of their own (migrations/legacyFolding.ts): the server's connection has none.
    if (ran.length) {
      await source.destroy();
      await source.initialize();
    }
  } catch (err) {
    await source.destroy();
    if (isReadOnly(err)) throw new Error(`The database ${databasePath} is read-only, so its tables cannot be brought up to date. ${READ_ONLY_HELP}`);
    if (isFull(err)) throw new Error(`The disk holding ${databasePath} is full, so its tables cannot be brought up to date. Free some space and start again.`);
    throw err;
  }
  configure(connectionOf(source));
  const db = new Database(source, log);
  await db.onDisk(); // the migrations
  return db;
}
