import fs from "node:fs";

/**
 * How often a large write's pages are sent to the disk while it runs. A
 * flush anywhere on the machine's disk waits for what is waiting to be
 * written, whoever wrote it: at the end of a 100,000-row upload the thread's
 * commit and checkpoint flushed about 60 MB each at once, and a family's
 * submission, flushing a few kB to the intake in the same moment, waited with
 * them (160–190 ms, measured with strace). Flushed every 100 ms, what is
 * left to write at any moment is what the write produced since.
 * Measured in the garden benchmark: every 25 ms, two runs each way, the
 * upload's commit and checkpoint took 759–777 ms instead of 792–886, the
 * upload 20.5–21.0 s instead of 22.3–22.7, and the worst submission at its
 * end 176–186 ms instead of 170–235; but the timer, waking the event loop 40
 * times a second, cost it about 20 ms of CPU a second (a 50,000-row update:
 * 480 ms instead of 263). Every 100 ms: 286–290 ms for that update, the
 * upload 21.0–22.0 s, its worst submission 150–188 ms. Flushing from the
 * thread itself between statements, waiting for each flush, made the upload
 * 24.5–26.7 s.
 */
export const TRICKLE_MS = 100;

/**
 * Sends the database file's and its log's written pages to the disk every
 * TRICKLE_MS while a large write runs (`start` … `stop`), on Node's thread
 * pool, one file at a time (a round still running skips the next), so the
 * event loop never waits and at most one pool thread is busy with it. The
 * files are opened once per write: the write holds the log open, so it is not
 * replaced meanwhile (a checkpoint only cuts it). It adds no promise: the large write's own
 * commit still flushes everything before it is answered. It only keeps the
 * backlog small, for every other flush meanwhile.
 */
export class TrickleFlush {
  private timer: ReturnType<typeof setInterval> | undefined;
  private fds: number[] = [];
  private busy = false;
  private stopped: (() => void) | undefined;
  /** Files flushed since the server started, for the tests. */
  flushes = 0;

  /** `files`: the database's path and its log's (`…-wal`). */
  constructor(private readonly files: readonly string[]) {}

  start(): void {
    if (this.timer) return;
    this.fds = [];
    for (const file of this.files) {
      try {
        // Writable, though nothing is written: some systems flush only a file opened for writing.
        this.fds.push(fs.openSync(file, "r+"));
      } catch {
        // Not there or not ours to open: the commit flushes anyway.
      }
    }
    this.timer = setInterval(() => this.flushFrom(0), TRICKLE_MS);
    this.timer.unref();
  }

  /** Stops flushing; resolves once no flush of its own runs, its files closed. */
  async stop(): Promise<void> {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.busy) await new Promise<void>((resolve) => (this.stopped = resolve));
    for (const fd of this.fds.splice(0)) fs.close(fd, () => undefined);
  }

  private flushFrom(index: number): void {
    if (index === 0) {
      if (this.busy) return; // the last round has not ended: skip this one
      this.busy = true;
    }
    const fd = this.fds[index];
    if (fd === undefined || !this.timer) {
      this.busy = false;
      this.stopped?.();
      this.stopped = undefined;
      return;
    }
    // A disk that refuses a flush refuses the commit's too, which answers for it.
    fs.fdatasync(fd, (err) => {
      if (!err) this.flushes++;
      this.flushFrom(index + 1);
    });
  }
}
