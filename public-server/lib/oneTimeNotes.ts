import crypto from "node:crypto";

/**
 * Small values kept for a moment under random ids, each handed out once:
 * what a page shows once after a redirect (Post/Redirect/Get). Held in
 * memory, bounded in number and age, the oldest dropped first (a Map keeps
 * insertion order, and every note lives as long), so a flood cannot grow it.
 * A restart forgets them: the page is then shown as usual.
 */
export class OneTimeNotes<T> {
  private readonly notes = new Map<string, { value: T; expires: number }>();

  constructor(
    readonly ttlMs: number,
    private readonly maxNotes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps `value` and answers its id: 128 random bits, so an id cannot be guessed. */
  put(value: T): string {
    this.dropExpired();
    const id = crypto.randomBytes(16).toString("base64url");
    this.notes.set(id, { value, expires: this.now() + this.ttlMs });
    while (this.notes.size > this.maxNotes) this.notes.delete(this.notes.keys().next().value!);
    return id;
  }

  /** The value under `id` while it lasts, left in place. */
  peek(id: string): T | undefined {
    const note = this.notes.get(id);
    if (!note) return undefined;
    if (note.expires > this.now()) return note.value;
    this.notes.delete(id);
    return undefined;
  }

  /** The value under `id`, which is then gone. */
  take(id: string): T | undefined {
    const value = this.peek(id);
    this.notes.delete(id);
    return value;
  }

  get size(): number {
    return this.notes.size;
  }

  private dropExpired(): void {
    const now = this.now();
    for (const [id, note] of this.notes) {
      if (note.expires > now) break;
      this.notes.delete(id);
    }
  }
}
