/**
 * Counts events per key (a client address) in a sliding window. Memory stays
 * bounded: at most `maxKeys` keys are tracked, the least recently seen
 * dropped first (a Map keeps insertion order; a touched key is re-inserted).
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may act again, or 0 when it is under the limit now. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit) return 0;
    return Math.max(1, Math.ceil((recent[0]! + this.windowMs - this.now()) / 1000));
  }

  /** Records one event for `key`. */
  hit(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
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
    recent.pop();
    if (recent.length) this.hits.set(key, recent);
    else this.hits.delete(key);
  }

  /** Forgets `key` (after a successful sign-in, say). */
  reset(key: string): void {
    this.hits.delete(key);
  }

  get size(): number {
    return this.hits.size;
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.hits.delete(key);
    return list;
  }
}
