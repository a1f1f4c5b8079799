import type { Logger } from "../lib/log";
import { DatabaseThread } from "../writer/databaseThread";
import { asStorageFailure, sqliteCode } from "./failures";
import { copyInto } from "./backupCopy";
import { TrickleFlush } from "./trickleFlush";
import type { WriteQueue } from "./writeQueue";

/**
 * How long the database thread is kept after a write, for the next one: the desktop app sends
 * a large update in pieces, one right after another. Not longer: a kept thread holds its heap (27
 * MB after a 100,000-row upload), and with 10 s the server's peak in the garden benchmark was
 * about 10 MB higher (the list rebuilt and the queries that follow an upload came while it was kept).
 */
const WRITER_IDLE_MS = 1_500;

/**
 * The work the database does on a thread of its own (see Database.writeOffThread and
 * readOffThread): the thread kept for large writes (started when needed, stopped once idle), and
 * the bookkeeping of the large writes sent and under way.
 */
export class OffThread {
  /** The database thread, while it is kept for the next large write. */
  private writer: DatabaseThread | undefined;
  private writerIdle: ReturnType<typeof setTimeout> | undefined;
  /** Whether a large write of this server holds SQLite's write lock (health's proof of a writable database). */
  private largeWrite = false;
  /** Large writes sent and not yet ended (waiting for their turn, or holding the lock). */
  private largeWrites = 0;
  private readonly afterLarge: (() => void)[] = [];
  /** Keeps a large write's pages going to the disk while it runs, so no other flush waits for all of them at its end. */
  readonly trickle: TrickleFlush;

  constructor(
    private readonly queue: WriteQueue,
    private readonly log?: Logger,
  ) {
    this.trickle = new TrickleFlush([queue.path, `${queue.path}-wal`]);
  }

  writeOffThread<T>(work: (writer: DatabaseThread) => Promise<T>, options: { backupFirst?: string } = {}): Promise<T> {
    const { backupFirst } = options;
    this.largeWrites++;
    const ended = () => {
      if (--this.largeWrites > 0) return;
      for (const listener of this.afterLarge) listener();
    };
    return this.queue
      .run(async () => {
        clearTimeout(this.writerIdle);
        const writer = this.writerThread();
        try {
          // In the same turn, on the same thread: the copy is the database exactly as the write found it.
          if (backupFirst) await copyInto(backupFirst, (partial) => writer.call("vacuumInto", { file: partial }));
          // The server connection's page limit holds for the writer's too (the tests fill the disk with it).
          await writer.call("begin", { maxPageCount: Number(this.queue.handle.pragma("max_page_count", { simple: true })) });
          this.largeWrite = true;
          this.trickle.start();
          const result = await work(writer);
          await writer.call("commit");
          // In the same turn, so no write of ours grows the log meanwhile; a failure here loses nothing.
          await writer
            .call("checkpoint")
            .catch((err: unknown) => this.log?.info("checkpoint_after_large_write_failed", { cause: sqliteCode(err) || "unknown" }));
          return result;
        } catch (err) {
          await writer.call("rollback").catch(() => this.stopWriter()); // a thread that cannot roll back is let go
          throw err;
        } finally {
          await this.trickle.stop();
          this.largeWrite = false;
          this.writerIdle = setTimeout(() => void this.stopWriter(), WRITER_IDLE_MS).unref();
        }
      })
      .finally(ended);
  }

  /** Whether a large write holds SQLite's write lock now. */
  get holdsLock(): boolean {
    return this.largeWrite;
  }

  /** Whether a large write waits for its turn or holds the lock. */
  get ahead(): boolean {
    return this.largeWrites > 0;
  }

  afterLargeWrites(listener: () => void): void {
    this.afterLarge.push(listener);
  }

  async readOffThread<T>(work: (thread: DatabaseThread) => Promise<T>): Promise<T> {
    const thread = new DatabaseThread({ databasePath: this.queue.path });
    try {
      return await work(thread);
    } catch (err) {
      throw asStorageFailure(err);
    } finally {
      await thread.close();
    }
  }

  private writerThread(): DatabaseThread {
    if (!this.writer || this.writer.stopped) this.writer = new DatabaseThread({ databasePath: this.queue.path });
    return this.writer;
  }

  private async stopWriter(): Promise<void> {
    const writer = this.writer;
    this.writer = undefined;
    await writer?.close();
  }

  /** Stops the kept thread. */
  async close(): Promise<void> {
    clearTimeout(this.writerIdle);
    await this.stopWriter();
  }
}
