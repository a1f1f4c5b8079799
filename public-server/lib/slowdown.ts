interface Entry {
  windowStart: number;
  attempts: number;
  /** Earliest time the next slowed attempt may be checked. */
  nextAt: number;
}

export interface SlowdownOptions {
  /** Attempts per key in the window that are checked at once. */
  free: number;
  windowMs: number;
  /** Spacing after the free attempts: base, then doubled each time, up to max. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** An attempt that would wait longer than this is answered at once with a time to come back. */
  maxWaitMs: number;
  maxKeys?: number;
  now?: () => number;
}

/**
 * Slows attempts on one key (a username) instead of locking it: after `free`
 * attempts in the window, each further attempt is spaced from the one before
 * by a delay that doubles, so parallel guesses are checked one after another
 * and ever more slowly, while the real person still gets in after a short
 * wait. Memory is bounded (`maxKeys`, least recently used dropped first).
 */
export class Slowdown {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly maxKeys: number;

  constructor(private readonly options: SlowdownOptions) {
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? 10_000;
  }

  /**
   * Books a turn for `key`: `{ waitMs }` to wait before checking (0 for a free
   * attempt), or `{ retryAfterSeconds }` when the turn would be too far away
   * (nothing is booked then).
   */
  book(key: string): { waitMs: number } | { retryAfterSeconds: number } {
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || now - entry.windowStart > this.options.windowMs) entry = { windowStart: now, attempts: 0, nextAt: 0 };
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value!);

    if (entry.attempts < this.options.free) {
      entry.attempts++;
      return { waitMs: 0 };
    }
    const slot = Math.max(now, entry.nextAt);
    if (slot - now > this.options.maxWaitMs) return { retryAfterSeconds: Math.max(1, Math.ceil((slot - now) / 1000)) };
    const delay = Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (entry.attempts - this.options.free));
    entry.attempts++;
    entry.nextAt = slot + delay;
    return { waitMs: slot - now };
  }

  /** Forgets `key` (its owner signed in). */
  reset(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
