import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import type { DataSource, EntityManager } from "typeorm";
import type BetterSqlite3 from "better-sqlite3";
import type { Logger } from "../lib/log";
import { WalFlush } from "./walFlush";
import { asStorageFailure, isBusy, sqliteCode } from "./failures";
import { configure, connectionOf, dropQueryRunner, typeormInTransaction } from "./driver";

/** How long a piece of work keeps trying while another process holds the write lock, before the visitor hears 503. */
export const BUSY_WAIT_MS = 3_000;
/**
 * How long waiting writes may run back to back before the queue gives the event loop a turn. With a
 * turn of its own for every write, writes went at the loop's pace: under 300 visitors about 20 a second
 * went through and each waited 12 s in the queue. With 16 visitors posting, 4 ms took the posts from
 * 211 to 400–460 a second, a cached page's p99 staying at 54–60 ms (it was 62).
 */
const WRITE_STRETCH_MS = 4;
/**
 * Under a crowd of readers one turn of the event loop takes a few hundred milliseconds (it serves every
 * connection with a request waiting), and one 4 ms stretch a turn left writes far behind: with 300
 * visitors a plain-form testimonial waited 14 s for its turn. So a stretch is also allowed this share of
 * the time the loop took to come back to the queue last time, up to WRITE_STRETCH_MAX_MS: the writes keep
 * a share of the loop whatever its load, and a quiet loop still gives them 4 ms at a time.
 */
const WRITE_SHARE = 0.25;
const WRITE_STRETCH_MAX_MS = 50;

/**
 * The server's one writing connection, behind one queue.
 *
 * TypeORM gives SQLite a single connection, so a query issued by one request
 * while another request's transaction is open runs *inside* that transaction:
 * it would see uncommitted rows and be rolled back with it. Every write
 * therefore goes through `run` or `transaction`, which take turns in arrival
 * order.
 *
 * A write is answered 2xx only once it is committed: after every turn the
 * connection must be outside any transaction. A failure SQLite answers in the
 * middle of a transaction (a full disk rolls some back by itself, others not)
 * used to leave TypeORM believing a transaction was still open, so every
 * later "transaction" became a savepoint inside one that never committed.
 * Each turn now ends with the connection's real state checked and repaired:
 * rolled back, TypeORM's query runner replaced by a fresh one (see
 * dropQueryRunner), and the connection reopened if even that fails. Another process holding the write lock makes the work wait
 * (without blocking the event loop, and out of the queue so reads go on),
 * then answer 503.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();
  /** When the queue last let the event loop have a turn (see WRITE_STRETCH_MS). */
  private yieldedAt = 0;
  /** How long the writes waiting now may run before the next yield (see WRITE_SHARE). */
  private stretch = WRITE_STRETCH_MS;
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

  /** The database file's path. */
  get path(): string {
    return this.source.options.database as string;
  }

  /** The raw better-sqlite3 handle of the writing connection; use only inside `run`. */
  get handle(): BetterSqlite3.Database {
    return connectionOf(this.source);
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

  /** Resolves once every commit of the connection so far is on disk. */
  async onDisk(): Promise<void> {
    try {
      await this.walFlush.flushed();
    } catch (err) {
      throw asStorageFailure(err);
    }
  }

  /** See Database.afterCommit. */
  afterCommit(then: () => void): void {
    if (!this.committing) throw new Error("afterCommit was called outside a write's turn.");
    this.committing.push(then);
  }

  /** One attempt, in its turn; the connection leaves it outside any transaction, whatever happened. */
  private turn<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const turn = this.tail.then(async () => {
      // better-sqlite3 is synchronous: waiting writes (16 visitors posting at once) running back to
      // back in one stretch made every other request (a cached page) wait for all of them. So after a
      // few milliseconds of writes the queue lets the event loop have a turn; a write that finds the
      // queue idle also starts on a turn of its own.
      if (performance.now() - this.yieldedAt >= this.stretch) {
        const asked = performance.now();
        await nextTurn();
        this.yieldedAt = performance.now();
        this.stretch = Math.min(WRITE_STRETCH_MAX_MS, Math.max(WRITE_STRETCH_MS, (this.yieldedAt - asked) * WRITE_SHARE));
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
    const open = this.handle.inTransaction;
    const confused = typeormInTransaction(this.source);
    if (!open && !confused) return false;
    if (open) {
      try {
        this.handle.exec("ROLLBACK");
      } catch {
        // checked just below
      }
    }
    if (confused) await dropQueryRunner(this.source);
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

  /** Resolves once the turns sent so far are over. */
  async drained(): Promise<void> {
    await this.tail;
  }

  /** Closes the connection, after the turns sent so far. */
  async close(): Promise<void> {
    await this.tail;
    if (this.source.isInitialized) await this.source.destroy();
    this.walFlush.forget();
  }
}
