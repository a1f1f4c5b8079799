/**
 * Offline review: the downloaded copy, the decisions queued on it, and
 * sending them. Downloading and sending need a live sign-in; opening the
 * copy, deciding and undoing do not (the copy and the queue are on disk).
 */
import { MODERATED_KINDS } from "../../shared/moderation";
import type { DecisionInput, DesktopEvent, QueueItem, Result, ReviewItem, ReviewView, SyncSummary } from "../ipc";
import type { Account } from "./account";
import type { ApiClient } from "./api";
import type { Outbox } from "./outbox/outbox";
import { plural } from "../words";
import { fail, ok } from "./results";
import { labelFor, toReviewItem } from "./reviewItems";
import type { ReviewStore } from "./store/review";
import type { SettingsStore } from "./store/settings";
import { Syncer, type SyncOptions } from "./sync";

export interface ReviewDeps {
  now(): Date;
  emit(event: DesktopEvent): void;
  pushStatus(): void;
  sync?: Pick<SyncOptions, "onStep" | "attempts" | "backoffMs" | "sleep"> | undefined;
}

const WEEK_MS = 7 * 24 * 3_600_000;

export class ReviewTasks {
  /** The sender for the current server's client (a new address gets a new one). */
  private syncer: Syncer | null = null;

  constructor(
    private readonly account: Account,
    private readonly settings: SettingsStore,
    readonly review: ReviewStore,
    readonly outbox: Outbox,
    private readonly deps: ReviewDeps,
  ) {}

  get syncing(): boolean {
    return this.syncer?.busy ?? false;
  }

  private syncerFor(api: ApiClient): Syncer {
    if (this.syncer?.api !== api) this.syncer = new Syncer({ api, outbox: this.outbox, onChange: () => this.deps.pushStatus(), ...this.deps.sync });
    return this.syncer;
  }

  /** Downloaded items belong to one server; another server's ids mean other items. */
  beforeSignIn(url: string): void {
    if (this.review.server && this.review.server !== url) this.review.clear();
  }

  /** Saves every pending testimonial, flower and comment (with its version) for offline review. */
  async download(): Promise<Result<ReviewView>> {
    const api = this.account.signedInApi();
    if (!api || !this.account.user) return this.account.notSignedIn();
    try {
      const lists = await Promise.all(
        MODERATED_KINDS.map(async (kind) => (await api.list(kind)).filter((dto) => !dto.approved).map((dto) => toReviewItem(kind, dto))),
      );
      this.review.replace(lists.flat(), this.deps.now().toISOString(), api.baseUrl, this.account.user.username);
      this.deps.pushStatus();
      return ok(this.view());
    } catch (error) {
      return this.account.failure(error, "The items could not be downloaded.");
    }
  }

  view(): ReviewView {
    const decided = new Set(this.outbox.list().map((q) => `${q.kind}:${q.itemId}`));
    return {
      downloadedAt: this.review.downloadedAt,
      items: this.review.items().filter((entry) => !decided.has(`${entry.kind}:${entry.item.id}`)),
      queue: [...this.outbox.list()],
    };
  }

  /** Queues a decision on a downloaded item; works with or without a connection or a sign-in. */
  decide(input: DecisionInput): Result<QueueItem> {
    const entry = this.review.find(input.kind, input.itemId);
    if (!entry || entry.item.version !== input.version) return fail("This item is not in your downloaded list any more. Please download again.", "not-found");
    if (this.outbox.list().some((q) => q.kind === input.kind && q.itemId === input.itemId)) {
      return fail("You have already decided on this item.", "busy");
    }
    const server = this.review.server;
    if (!server || server !== this.settings.get().serverUrl) return fail("These items came from another server. Please download again.", "not-found");
    const item = this.outbox.enqueue({ ...input, server, label: labelFor(entry) });
    this.deps.pushStatus();
    return ok(item);
  }

  undo(id: string): Result<null> {
    const item = this.outbox.get(id);
    if (!item || item.state !== "pending") return fail("This decision is already on its way and cannot be undone.", "busy");
    this.outbox.remove(id);
    this.deps.pushStatus();
    return ok(null);
  }

  /** Sends the queue (one sync at a time). A 401 pauses it and keeps every decision. */
  async syncNow(): Promise<Result<SyncSummary>> {
    const api = this.account.signedInApi();
    if (!api) return this.account.notSignedIn();
    const syncer = this.syncerFor(api);
    this.deps.emit({ type: "sync-start" });
    const wasBusy = syncer.busy;
    const promise = syncer.run();
    this.deps.pushStatus();
    const summary = await promise;
    if (wasBusy) return ok(summary);
    if (summary.stopped === "signed-out") this.account.sessionEnded();
    this.account.online = summary.stopped !== "offline";
    if (!summary.stopped) this.settings.update({ lastSyncAt: this.deps.now().toISOString() });
    this.prune();
    this.deps.emit({ type: "sync-done", summary });
    this.deps.pushStatus();
    return ok(summary);
  }

  /** Clears a settled decision (conflict, failure or finished) from the list. */
  discard(id: string): Result<null> {
    const item = this.outbox.get(id);
    if (!item || item.state === "pending" || item.state === "sending") return fail("Only settled decisions can be cleared.", "busy");
    this.outbox.remove(id);
    if (item.state !== "applied") this.review.remove(item.kind, item.itemId);
    this.deps.pushStatus();
    return ok(null);
  }

  /** Clears every sent decision from the list at once; answers how many. */
  clearSent(): Result<number> {
    const removed = this.outbox.clearApplied();
    this.deps.pushStatus();
    return ok(removed);
  }

  /** Puts the server's fresh copy of a conflicting item back into the review list, without the old decision. */
  async reviewAgain(id: string): Promise<Result<null>> {
    const item = this.outbox.get(id);
    if (!item || (item.state !== "conflict" && item.state !== "failed")) return fail("Only a conflict can be reviewed again.", "busy");
    let current: ReviewItem | null | undefined = item.current;
    if (current === undefined) {
      const api = this.account.signedInApi();
      if (!api) return this.account.notSignedIn();
      try {
        const found = (await api.list(item.kind)).find((dto) => dto.id === item.itemId);
        current = found ? toReviewItem(item.kind, found) : null;
      } catch (error) {
        return this.account.failure(error, "The item could not be fetched.");
      }
    }
    if (!current) return fail("This item is no longer on the server, so there is nothing to review.", "not-found");
    if (current.item.approved) return fail("This item is already live. You can remove it from the web admin if it should not be.", "busy");
    this.review.upsert(current);
    this.outbox.remove(id);
    this.deps.pushStatus();
    return ok(null);
  }

  /** Decisions not sent yet, or waiting for the volunteer: what a sign-out would drop. */
  unsettled(): number {
    return this.outbox.outstanding().length + this.outbox.count("conflict") + this.outbox.count("failed");
  }

  /** What a sign-out says before it drops anything (null when nothing would be lost). */
  unsentWarning(): string | null {
    const waiting = this.outbox.outstanding().length;
    const attention = this.outbox.count("conflict") + this.outbox.count("failed");
    if (waiting + attention === 0) return null;
    const parts = [waiting ? `${plural(waiting, "decision")} not sent yet` : "", attention ? `${plural(attention, "decision")} needing your attention` : ""];
    return `You have ${parts.filter(Boolean).join(" and ")}. Signing out removes ${waiting + attention === 1 ? "it" : "them"} and the downloaded items from this computer; nothing more reaches the server.`;
  }

  /** Removes the downloaded copy and the whole queue from the disk (sign-out). */
  removeCopy(): void {
    this.review.clear();
    this.outbox.clearAll();
  }

  /** Applied decisions need no review copy any more; after a week they leave the "Sent" list too. */
  private prune(): void {
    const weekAgo = this.deps.now().getTime() - WEEK_MS;
    for (const q of this.outbox.list()) {
      if (q.state !== "applied") continue;
      if (this.review.find(q.kind, q.itemId)) this.review.remove(q.kind, q.itemId);
      if (q.finishedAt && Date.parse(q.finishedAt) < weekAgo) this.outbox.remove(q.id);
    }
  }
}
