import fs from "node:fs";
import { promisify } from "node:util";

const open = promisify(fs.open);
const fdatasync = promisify(fs.fdatasync);
const close = promisify(fs.close);

/**
 * How often a large write's pages are sent to the disk while it runs. A
 * flush anywhere on the machine's disk waits for what is waiting to be
 * written, whoever wrote it: at the end of a 100,000-row upload the thread's
 * commit and checkpoint flushed about 60 MB each at once, and a family's
 * submission, flushing a few kB to the intake in the same moment, waited with
 * them (160–190 ms, measured with strace). Flushed every 25 ms, what is left
 * to write at any moment is what the write produced in the last 25 ms.
 * Measured in the garden benchmark, two runs each way: the upload's commit
 * and checkpoint 759–777 ms instead of 792–886, the upload 20.5–21.0 s
 * instead of 22.3–22.7, and the worst submission at its end 176–186 ms
 * instead of 170–235.
 */
export const TRICKLE_MS = 25;

/**
 * Sends the database file's and its log's written pages to the disk every
 * TRICKLE_MS while a large write runs (`start` … `stop`), on Node's thread
 * pool, one flush at a time, so the event loop never waits and at most one
 * pool thread is busy with it. It adds no promise: the large write's own
 * commit still flushes everything before it is answered. It only keeps the
 * backlog small, for every other flush meanwhile.
 */
export class TrickleFlush {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | undefined;
  /** Files flushed since the server started, for the tests. */
  flushes = 0;

  /** `files`: the database's path and its log's (`…-wal`). */
  constructor(private readonly files: readonly string[]) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running ??= this.flushAll().finally(() => (this.running = undefined));
    }, TRICKLE_MS);
    this.timer.unref();
  }

  /** Stops flushing; resolves once no flush of its own runs. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async flushAll(): Promise<void> {
    for (const file of this.files) {
      let fd: number;
      try {
        // Opened each time: a checkpoint may cut the log, and a reopened connection may make a new one.
        fd = await open(file, "r+");
      } catch {
        continue; // not there (the log between writes) or not ours to open: the commit flushes anyway
      }
      try {
        await fdatasync(fd);
        this.flushes++;
      } catch {
        // A disk that refuses a flush refuses the commit's too, which answers for it.
      } finally {
        await close(fd).catch(() => undefined);
      }
    }
  }
}
