/**
 * Sends queued decisions to the server, one at a time, in the order they were
 * made, each exactly once, each carrying If-Match with the version the
 * volunteer reviewed.
 *
 * Exactly once, even across a crash. Before a request leaves, the decision is
 * marked "sending" on disk. "sending" therefore means "the outcome is
 * unknown": the process may have died before the request, during it, or after
 * the server applied it but before we wrote "applied". Network failures and
 * 5xx answers leave a decision in the same state, for the same reason (a lost
 * answer says nothing about whether the change was made). Such a decision is
 * never blindly re-sent: it is first re-checked against the server's copy of that one item:
 *   - approve: approved at version+1 → the approval happened (ours, or one with
 *     the very same effect): mark it applied, send nothing. Still pending at
 *     the reviewed version → the request never took effect: send it now.
 *   - decline: gone → the deletion happened: mark it applied. Still at the
 *     reviewed version → send it now.
 *   - anything else (edited, approved by someone else before a decline) → a
 *     conflict for the volunteer.
 * Even if the check were wrong, the server evaluates If-Match atomically in
 * the same transaction as the change, so a re-sent decision cannot act twice
 * (the first one bumped the version, the second gets 412) and a decline can
 * never delete an item that went live after it was reviewed.
 */
import type { QueueItem, ReviewItem, SyncSummary } from "../ipc";
import { type ApiClient, HttpError, NetworkError } from "./api";
import type { Outbox } from "./outbox/outbox";
import { conflictReason, toReviewItem } from "./reviewItems";

/** Where the test harness may pause (or kill) a sync. */
export type SyncStep = "marked-sending" | "server-answered";

export interface SyncOptions {
  api: ApiClient;
  /** The account signed in on `api`: only its own decisions are sent (see ReviewTasks.syncNow). */
  owner: string;
  outbox: Outbox;
  /** Called after every change to the queue (to refresh the window's counts). */
  onChange?: () => void;
  /** Test hook: awaited at each step of each decision. */
  onStep?: (step: SyncStep, item: QueueItem) => Promise<void> | void;
  /** Attempts per decision within one sync when the server has trouble (5xx, 429). */
  attempts?: number;
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

type Verdict = { kind: "applied" | "already_applied" } | { kind: "conflict"; reason: string; current: ReviewItem | null | undefined } | { kind: "resend" };

class Stop extends Error {
  constructor(readonly reason: "offline" | "signed-out" | "server") {
    super(reason);
  }
}

export class Syncer {
  private running: Promise<SyncSummary> | null = null;

  constructor(private readonly options: SyncOptions) {}

  get api(): ApiClient {
    return this.options.api;
  }

  get owner(): string {
    return this.options.owner;
  }

  get busy(): boolean {
    return this.running !== null;
  }

  /** Runs one sync; a call while one runs joins it instead of starting a second. */
  run(): Promise<SyncSummary> {
    this.running ??= this.runOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runOnce(): Promise<SyncSummary> {
    const summary: SyncSummary = { applied: 0, conflicts: 0, failed: 0 };
    // Snapshot of ids, in queue order; each is re-read before use.
    for (const { id } of this.options.outbox.outstanding()) {
      const item = this.options.outbox.get(id);
      if (!item || (item.state !== "pending" && item.state !== "sending")) continue;
      // Item ids are per server: a decision goes only to the server it was made for, never to another one
      // signed in to later (it waits until that server is used again).
      if (item.server !== this.options.api.baseUrl) continue;
      // The server logs who made each change from the session that sends it: a decision goes only under the
      // account that made it, never under whoever signs in next (it waits for its owner).
      if (item.owner !== this.options.owner) continue;
      try {
        const end = await this.settle(item);
        if (end === "applied") summary.applied += 1;
        else if (end === "conflict") summary.conflicts += 1;
        else summary.failed += 1;
      } catch (error) {
        if (error instanceof Stop) return { ...summary, stopped: error.reason };
        throw error;
      } finally {
        this.options.onChange?.();
      }
    }
    return summary;
  }

  /** Brings one decision to applied, conflict or failed; throws Stop to pause the whole sync. */
  private async settle(first: QueueItem): Promise<"applied" | "conflict" | "failed"> {
    const { outbox } = this.options;
    const attempts = this.options.attempts ?? 3;
    let item = first;
    for (let attempt = 1; ; attempt += 1) {
      // True once the request of this attempt left (after a re-check that said "not applied yet").
      let sent = false;
      try {
        const verdict = item.state === "sending" ? await this.recheck(item) : ({ kind: "resend" } as const);
        if (verdict.kind === "resend") {
          item = outbox.markSending(item.id);
          await this.options.onStep?.("marked-sending", item);
          sent = true;
          await this.send(item);
          await this.options.onStep?.("server-answered", item);
          outbox.markApplied(item.id, "applied");
          return "applied";
        }
        if (verdict.kind === "conflict") {
          outbox.markConflict(item.id, verdict.reason, verdict.current);
          return "conflict";
        }
        outbox.markApplied(item.id, verdict.kind);
        return "applied";
      } catch (error) {
        item = outbox.get(item.id) ?? item;
        if (error instanceof NetworkError) {
          // Our own request provably never left (no route, refused): nothing happened, so it is pending
          // again and can still be undone. Otherwise (timeout, dropped answer) it stays "sending": outcome unknown.
          if (sent && error.notSent) outbox.markPending(item.id);
          throw new Stop("offline");
        }
        if (!(error instanceof HttpError)) throw error;
        if (error.status === 401 || error.status === 403) {
          // Our request was refused before anything was done (and the re-check before it, if any,
          // found the decision not applied): pending again. A 401 during a re-check leaves the
          // outcome unknown, so the item stays "sending". Either way the whole queue is kept.
          if (sent) outbox.markPending(item.id);
          throw new Stop("signed-out");
        }
        if (error.status === 412 || error.status === 404) {
          const current = await this.fetchCurrent(item).catch(() => undefined);
          // Our own sentence, the same whichever way the conflict was found (a 412 now, or a re-check).
          outbox.markConflict(item.id, conflictReason(item.kind, error.status === 404 ? null : current), current);
          return "conflict";
        }
        if (error.status >= 500 || error.status === 429) {
          // Outcome unknown: the item stays "sending" and is re-checked before any new attempt.
          if (attempt >= attempts) throw new Stop("server");
          await (this.options.sleep ?? sleep)((this.options.backoffMs ?? 1000) * 2 ** (attempt - 1));
          continue;
        }
        outbox.markFailed(item.id, error.message);
        return "failed";
      }
    }
  }

  private send(item: QueueItem): Promise<unknown> {
    const { api } = this.options;
    return item.action === "approve" ? api.approve(item.kind, item.itemId, item.version) : api.remove(item.kind, item.itemId, item.version);
  }

  /** Decides what an interrupted ("sending") decision needs, from the server's current copy. */
  private async recheck(item: QueueItem): Promise<Verdict> {
    const current = await this.fetchCurrent(item);
    const reviewed = item.version;
    if (item.action === "approve") {
      if (current && current.item.approved && current.item.version === reviewed + 1) return { kind: "already_applied" };
      if (current && !current.item.approved && current.item.version === reviewed) return { kind: "resend" };
    } else {
      if (!current) return { kind: "already_applied" };
      if (!current.item.approved && current.item.version === reviewed) return { kind: "resend" };
    }
    return { kind: "conflict", reason: conflictReason(item.kind, current), current };
  }

  /** The item as the server has it now, or null when it is gone: that one item, never the whole list. */
  private async fetchCurrent(item: QueueItem): Promise<ReviewItem | null> {
    const found = await this.options.api.item(item.kind, item.itemId);
    return found ? toReviewItem(item.kind, found) : null;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
