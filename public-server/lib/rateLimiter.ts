/**
 * One key's events in the window, oldest first: `times[start..]` are still counted, those before
 * `start` have left the window and wait to be cut off in one go.
 */
interface Recent {
  times: number[];
  start: number;
}

/**
 * Counts events per key (a client address) in a sliding window. Memory stays
 * bounded: at most `maxKeys` keys are tracked, the least recently seen
 * dropped first (a Map keeps insertion order; a touched key is re-inserted).
 *
 * Each call costs the same however many events a key holds: events are kept in
 * the order they happened, so the ones that left the window are always at the
 * front. (A copy of the whole list on every check cost 0.28 ms of the event
 * loop once an address had 10,000 events in the hour, and 0.75 ms at 30,000,
 * which a server that lifts the limits for a crowd, as the benches do, allows.)
 * Should the clock step back, an event recorded before the step is let go no
 * later than it would have been: the count errs on the side of the limit.
 */
export class RateLimiter {
  private readonly hits = new Map<string, Recent>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may act again, or 0 when it is under the limit now. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (!recent || recent.times.length - recent.start < this.limit) return 0;
    return Math.max(1, Math.ceil((recent.times[recent.start]! + this.windowMs - this.now()) / 1000));
  }

  /** Records one event for `key`. */
  hit(key: string): void {
    const recent = this.recent(key) ?? { times: [], start: 0 };
    recent.times.push(this.now());
    this.hits.delete(key);
    this.hits.set(key, recent);
    while (this.hits.size > this.maxKeys) this.hits.delete(this.hits.keys().next().value!);
  }

  /**
   * Checks and counts in one step: answers the seconds to wait when `key` is
   * at its limit (nothing is counted then), or counts one event and answers 0.
   * Parallel requests cannot all pass a check before any of them is counted.
   */
  take(key: string): number {
    const wait = this.retryAfter(key);
    if (wait === 0) this.hit(key);
    return wait;
  }

  /** Gives back the latest event counted for `key` (an attempt that turned out to succeed). */
  release(key: string): void {
    const recent = this.recent(key);
    if (!recent) return;
    recent.times.pop();
    if (recent.times.length === recent.start) this.hits.delete(key);
  }

  /** Forgets `key` (after a successful sign-in, say). */
  reset(key: string): void {
    this.hits.delete(key);
  }

  get size(): number {
    return this.hits.size;
  }

  /** The key's events still in the window, or undefined (and the key forgotten) when there are none. */
  private recent(key: string): Recent | undefined {
    const recent = this.hits.get(key);
    if (!recent) return undefined;
    const cutoff = this.now() - this.windowMs;
    const { times } = recent;
    while (recent.start < times.length && times[recent.start]! <= cutoff) recent.start++;
    if (recent.start === times.length) {
      this.hits.delete(key);
      return undefined;
    }
    // Cut the gone events off once they are half the list: each event is moved at most once on average.
    if (recent.start > 64 && recent.start * 2 > times.length) {
      times.splice(0, recent.start);
      recent.start = 0;
    }
    return recent;
  }
}
