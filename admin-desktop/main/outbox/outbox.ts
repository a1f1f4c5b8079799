import path from "node:path";
import { randomUUID } from "node:crypto";
import type { DecisionAction, ItemKind, QueueItem, ReviewItem } from "../../ipc";
import { readJson, removeStaleTemps, writeJsonAtomic } from "../store/atomicFile";
import { OutboxFileSchema } from "../wire";

const FILE = "outbox.json";

export interface NewDecision {
  server: string;
  owner: string;
  kind: ItemKind;
  itemId: number;
  version: number;
  action: DecisionAction;
  label: string;
}

/**
 * The durable queue of moderation decisions. The file is the truth: every
 * change is written (atomically, fsynced) before the in-memory copy changes,
 * so a crash at any point leaves a queue that still holds every decision.
 * Order is the order of `items` (the order the volunteer decided in).
 */
export class Outbox {
  private readonly file: string;
  private items: QueueItem[];

  /**
   * `ownerOf(server)`: who made the decisions a queue of the first format holds (it did not say). They
   * were made on the review copy on this computer, so its owner made them when the copy came from the
   * same server; otherwise nobody can tell, and they keep no owner (null) until a volunteer claims them.
   */
  constructor(
    dir: string,
    private readonly now: () => Date = () => new Date(),
    ownerOf: (server: string) => string | null = () => null,
  ) {
    this.file = path.join(dir, FILE);
    removeStaleTemps(dir, FILE);
    const stored = readJson(this.file, OutboxFileSchema, { format: 2, items: [] });
    if (stored.format === 2) this.items = stored.items;
    else {
      this.items = [];
      this.write(stored.items.map((item) => ({ ...item, owner: ownerOf(item.server) })));
    }
  }

  list(): readonly QueueItem[] {
    return this.items;
  }

  get(id: string): QueueItem | undefined {
    return this.items.find((item) => item.id === id);
  }

  /** Decisions still to send (including any left "sending" by a crash). */
  outstanding(): QueueItem[] {
    return this.items.filter((item) => item.state === "pending" || item.state === "sending");
  }

  /** The open decision for an item, if any (one per item: deciding again is refused until it is settled). */
  openFor(kind: ItemKind, itemId: number): QueueItem | undefined {
    return this.items.find((item) => item.kind === kind && item.itemId === itemId && (item.state === "pending" || item.state === "sending"));
  }

  count(state: QueueItem["state"]): number {
    return this.items.filter((item) => item.state === state).length;
  }

  enqueue(decision: NewDecision): QueueItem {
    const item: QueueItem = { id: randomUUID(), ...decision, createdAt: this.now().toISOString(), state: "pending", attempts: 0 };
    this.write([...this.items, item]);
    return item;
  }

  /** Marks the item as about to be sent. Written to disk BEFORE the request leaves. */
  markSending(id: string): QueueItem {
    return this.change(id, (item) => ({ ...item, state: "sending", attempts: item.attempts + 1 }));
  }

  /** Back to pending (the request never left, or was refused before anything was done): it will be sent again later. */
  markPending(id: string): QueueItem {
    return this.change(id, (item) => ({ ...item, state: "pending" }));
  }

  markApplied(id: string, outcome: "applied" | "already_applied"): QueueItem {
    return this.change(id, (item) => ({ ...item, state: "applied", outcome, finishedAt: this.now().toISOString() }));
  }

  markConflict(id: string, reason: string, current: ReviewItem | null | undefined): QueueItem {
    return this.change(id, (item) => ({ ...item, state: "conflict", reason, current, finishedAt: this.now().toISOString() }));
  }

  markFailed(id: string, reason: string): QueueItem {
    return this.change(id, (item) => ({ ...item, state: "failed", reason, finishedAt: this.now().toISOString() }));
  }

  /** Gives the decisions of `server` that have no known owner to `owner` (who said they are theirs); answers how many. */
  claim(server: string, owner: string): number {
    let claimed = 0;
    const next = this.items.map((item) => {
      if (item.server !== server || item.owner !== null) return item;
      claimed += 1;
      return { ...item, owner };
    });
    if (claimed > 0) this.write(next);
    return claimed;
  }

  /** Removes a decision. A "sending" one is never removed: its fate must be settled by sync first. */
  remove(id: string): boolean {
    const item = this.get(id);
    if (!item || item.state === "sending") return false;
    this.write(this.items.filter((entry) => entry.id !== id));
    return true;
  }

  /** Removes every finished ("applied") decision at once. */
  clearApplied(): number {
    const kept = this.items.filter((item) => item.state !== "applied");
    const removed = this.items.length - kept.length;
    if (removed > 0) this.write(kept);
    return removed;
  }

  /** Empties the queue (sign-out, after the volunteer agreed to drop what was not sent). */
  clearAll(): void {
    this.write([]);
  }

  private change(id: string, fn: (item: QueueItem) => QueueItem): QueueItem {
    const index = this.items.findIndex((item) => item.id === id);
    const found = this.items[index];
    if (!found) throw new Error(`No queued decision ${id}`);
    const next = [...this.items];
    const changed = fn(found);
    next[index] = changed;
    this.write(next);
    return changed;
  }

  private write(items: QueueItem[]): void {
    writeJsonAtomic(this.file, { format: 2, items });
    this.items = items;
  }
}
