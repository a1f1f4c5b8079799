/** The longest a check phase starts such work for, however long the rest of the turn was. */
const MOST_MS = 100;

/**
 * The share of each turn of the event loop given to work that visitors can multiply at will: a view of
 * the garden not in the cache yet (a search never asked before, page 80 of a letter). Such work waits
 * for the loop's check phase, after the requests read in the same turn (a cached page among them) have
 * been answered, and starts only while the phase has spent less than its budget on it; what is left
 * waits for the next turn, in order. A request that the cache answers is never held here.
 *
 * The budget is as long as the rest of the turn took (from the end of the last check phase's such work
 * to the start of this one), at least `minimumMs` and at most MOST_MS: when cached answers fill the
 * turns, such work still gets about as much of the loop as they do, and when it is all there is, it
 * runs as fast as before. Without it, a turn ran every request that was ready, in the order their bytes
 * arrived, and a visitor's cached page waited for all of them. A budget of at most 50 ms starved such
 * work instead: under 300 visitors the cached answers of one turn took about 90 ms, and the crowd's
 * requests a second fell from 2,400 to 400-500.
 */
export class SpareTurns {
  private phaseStart = 0;
  /** When this phase's last waiter looked at the clock: about where such work ended. */
  private lastLook = 0;
  private budget = 0;
  private sentinelQueued = false;

  constructor(private readonly minimumMs: number) {}

  /**
   * Resolves when this work may run: in a check phase, while the phase's budget lasts, with the
   * milliseconds it was held (the request log shows them apart from the work's own time).
   */
  wait(): Promise<number> {
    const asked = performance.now();
    return new Promise((resolve) => this.enqueue(() => resolve(performance.now() - asked)));
  }

  private enqueue(resolve: () => void): void {
    // The phase's first callback marks its start: queued before any waiter of this batch, it runs first.
    if (!this.sentinelQueued) {
      this.sentinelQueued = true;
      setImmediate(() => {
        this.sentinelQueued = false;
        const now = performance.now();
        this.budget = Math.min(MOST_MS, Math.max(this.minimumMs, now - this.lastLook));
        this.phaseStart = now;
      });
    }
    // Each waiter has its own callback: Node runs the microtasks between two of them, so the work one
    // starts has run (up to its first real wait) before the next looks at the clock.
    setImmediate(() => {
      this.lastLook = performance.now();
      if (this.lastLook - this.phaseStart < this.budget) resolve();
      else this.enqueue(resolve); // the next turn's check phase, behind its own sentinel
    });
  }
}
