/**
 * Offline review: the downloaded copy, the decisions queued on it, and
 * sending them. Downloading and sending need a live sign-in; opening the
 * copy, deciding and undoing do not (the copy and the queue are on disk).
 */
import { MODERATED_KINDS } from "../../shared/moderation";
import type { DecisionInput, DesktopEvent, ItemKind, OthersWaiting, QueueItem, Result, ReviewItem, ReviewView, SyncSummary } from "../ipc";
import type { Account } from "./account";
import { PAGE_SIZE, type ApiClient } from "./api";
import type { Outbox } from "./outbox/outbox";
import { plural, verb, whose } from "../words";
import { fail, ok } from "./results";
import { labelFor, toReviewItem } from "./reviewItems";
import type { ReviewStore } from "./store/review";
import type { SettingsStore } from "./store/settings";
import { Syncer, type SyncOptions } from "./sync";

export interface ReviewDeps {
  now(): Date;
  emit(event: DesktopEvent): void;
  pushStatus(): void;
  sync?: (Pick<SyncOptions, "onStep" | "attempts" | "backoffMs" | "sleep"> & { sendAfterMs?: number | null }) | undefined;
}

/**
 * A decision made while online is sent this long after the click, without waiting for "Sync now": long
 * enough to press Undo on a slip (a decline deletes), short enough that nothing waits in the queue.
 * Tests pass `sync.sendAfterMs` (null: only "Sync now" sends).
 */
const SEND_AFTER_MS = 2_000;
/** Syncs one "send soon" runs at most: a decision made during a sync goes in the next one. */
const SEND_ROUNDS = 3;

const WEEK_MS = 7 * 24 * 3_600_000;
/** Pages of one kind a download reads at most (2,000 items): a bound, far above what waits on a usual day. */
const MAX_PAGES = 20;

const unsettled = (q: QueueItem) => q.state !== "applied";
const outstanding = (q: QueueItem) => q.state === "pending" || q.state === "sending";

export class ReviewTasks {
  /** The sender for the current server's client (a new address gets a new one). */
  private syncer: Syncer | null = null;
  private sendTimer: ReturnType<typeof setTimeout> | null = null;

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

  private syncerFor(api: ApiClient, owner: string): Syncer {
    if (this.syncer?.api !== api || this.syncer.owner !== owner) {
      this.syncer = new Syncer({ api, owner, outbox: this.outbox, onChange: () => this.deps.pushStatus(), ...this.deps.sync });
    }
    return this.syncer;
  }

  /** Downloaded items belong to one server; another server's ids mean other items. */
  beforeSignIn(url: string): void {
    if (this.review.server && this.review.server !== url) this.review.clear();
  }

  /**
   * The review copy belongs to the account that downloaded it: another account signing in does not
   * decide on it (it downloads its own). Only the copy goes; the decisions made on it wait for their owner.
   */
  afterSignIn(username: string): void {
    if (this.review.owner && this.review.owner !== username) this.review.clear();
  }

  /**
   * The account working now: the one signed in, or (nobody signed in) the owner of the review copy, who
   * may decide on it offline. Its decisions are "mine"; every other account's wait for their owner.
   */
  private current(): { server: string | null; owner: string | null } {
    const user = this.account.user;
    if (user) return { server: this.account.api?.baseUrl ?? null, owner: user.username };
    return { server: this.review.server, owner: this.review.owner };
  }

  mine(item: QueueItem): boolean {
    const { server, owner } = this.current();
    return item.owner !== null && item.owner === owner && item.server === server;
  }

  /** Unsettled decisions of other accounts (or of no known one), by account: what waits for someone else. */
  othersWaiting(): OthersWaiting[] {
    const groups = new Map<string, OthersWaiting>();
    for (const q of this.outbox.list()) {
      if (!unsettled(q) || this.mine(q)) continue;
      const key = JSON.stringify([q.owner, q.server]);
      const group = groups.get(key) ?? { owner: q.owner, server: q.server, count: 0 };
      group.count += 1;
      groups.set(key, group);
    }
    return [...groups.values()];
  }

  /** The current account's decisions still to send, and those needing its attention. */
  counts(): { queued: number; conflicts: number } {
    const own = this.outbox.list().filter((q) => this.mine(q));
    return { queued: own.filter(outstanding).length, conflicts: own.filter((q) => q.state === "conflict" || q.state === "failed").length };
  }

  /**
   * Saves what waits for review (pending testimonials, flowers and comments, with their versions) for
   * offline review: page by page, newest first, each page after the last id read, at most MAX_PAGES of
   * each kind. Never the whole garden: approved items and email addresses are not fetched at all.
   */
  async download(): Promise<Result<ReviewView>> {
    const api = this.account.signedInApi();
    if (!api || !this.account.user) return this.account.notSignedIn();
    try {
      const lists = await Promise.all(MODERATED_KINDS.map((kind) => pendingOf(api, kind)));
      this.review.replace(
        lists.flatMap((list) => list.items),
        this.deps.now().toISOString(),
        api.baseUrl,
        this.account.user.username,
      );
      this.deps.pushStatus();
      const notDownloaded = lists.reduce((sum, list) => sum + list.left, 0);
      return ok({ ...this.view(), ...(notDownloaded > 0 ? { notDownloaded } : {}) });
    } catch (error) {
      return this.account.failure(error, "The items could not be downloaded.");
    }
  }

  /** The copy's undecided items; the current account's decisions (another's wait for it, see othersWaiting) and every sent one. */
  view(): ReviewView {
    const decided = new Set(this.outbox.list().map((q) => `${q.kind}:${q.itemId}`));
    return {
      downloadedAt: this.review.downloadedAt,
      items: this.review.items().filter((entry) => !decided.has(`${entry.kind}:${entry.item.id}`)),
      queue: this.outbox.list().filter((q) => this.mine(q) || !unsettled(q)),
    };
  }

  /**
   * Queues a decision on a downloaded item; works with or without a connection or a sign-in. It is the
   * decision of the copy's owner (who downloaded it), and is refused while another account is signed in.
   */
  decide(input: DecisionInput): Result<QueueItem> {
    const entry = this.review.find(input.kind, input.itemId);
    if (!entry || entry.item.version !== input.version) return fail("This item is not in your downloaded list any more. Please download again.", "not-found");
    const earlier = this.outbox.list().find((q) => q.kind === input.kind && q.itemId === input.itemId);
    if (earlier) return fail(this.mine(earlier) ? "You have already decided on this item." : `${whose(earlier.owner)} already decided on this item.`, "busy");
    const server = this.review.server;
    if (!server || server !== this.settings.get().serverUrl) return fail("These items came from another server. Please download again.", "not-found");
    const user = this.account.user?.username;
    // A copy written before copies named their owner belongs to whoever is signed in.
    const owner = this.review.owner ?? user;
    if (!owner) return fail("Please sign in and download the items again.", "signed-out");
    if (user && user !== owner)
      return fail(`This review copy was downloaded by ${owner}. Please download the items again to review them as ${user}.`, "forbidden");
    const item = this.outbox.enqueue({ ...input, server, owner, label: labelFor(entry) });
    this.deps.pushStatus();
    this.sendSoon();
    return ok(item);
  }

  /** Online and signed in, the queue goes out shortly after the last decision (see SEND_AFTER_MS); offline it waits. */
  private sendSoon(): void {
    const delay = this.deps.sync?.sendAfterMs === undefined ? SEND_AFTER_MS : this.deps.sync.sendAfterMs;
    if (delay === null) return;
    if (this.sendTimer) clearTimeout(this.sendTimer);
    this.sendTimer = setTimeout(() => {
      this.sendTimer = null;
      void this.sendWaiting();
    }, delay);
    // Never what keeps a closing app (or a finished test) alive: the queue is on disk.
    this.sendTimer.unref?.();
  }

  /** The app is closing: nothing more starts on its own (the queue stays on disk for the next start). */
  stop(): void {
    if (this.sendTimer) clearTimeout(this.sendTimer);
    this.sendTimer = null;
  }

  private async sendWaiting(): Promise<void> {
    for (let round = 0; round < SEND_ROUNDS; round += 1) {
      const ready = this.account.signedInApi() && this.account.online && !this.account.needsSignIn;
      if (!ready || !this.outbox.list().some((q) => this.mine(q) && q.state === "pending")) return;
      const result = await this.syncNow();
      if (!result.ok || result.value.stopped) return;
    }
  }

  /** Another account's decision is its own: nobody else undoes, clears or re-reviews it. */
  private notMine(item: QueueItem): Result<never> | null {
    if (this.mine(item)) return null;
    if (item.owner === null) return fail("Nobody has said this decision is theirs yet. Please choose “These are mine” first.", "forbidden");
    return fail(`This decision was made by ${item.owner}; it waits for them to sign in.`, "forbidden");
  }

  /**
   * The signed-in volunteer says the decisions of this server that have no known owner (queued by an
   * older version of the app on a copy that is gone) are theirs: they are then sent under their name.
   */
  claim(): Result<number> {
    const api = this.account.signedInApi();
    if (!api || !this.account.user) return this.account.notSignedIn();
    const claimed = this.outbox.claim(api.baseUrl, this.account.user.username);
    this.deps.pushStatus();
    return ok(claimed);
  }

  undo(id: string): Result<null> {
    const item = this.outbox.get(id);
    const refused = item && this.notMine(item);
    if (refused) return refused;
    if (!item || item.state !== "pending") return fail("This decision is already on its way and cannot be undone.", "busy");
    this.outbox.remove(id);
    this.deps.pushStatus();
    return ok(null);
  }

  /** Sends the queue (one sync at a time). A 401 pauses it and keeps every decision. */
  async syncNow(): Promise<Result<SyncSummary>> {
    const api = this.account.signedInApi();
    const user = this.account.user;
    if (!api || !user) return this.account.notSignedIn();
    const previous = this.syncer;
    const syncer = this.syncerFor(api, user.username);
    // A sync for the account signed in before (or for a client replaced by a new sign-in) ends first:
    // two senders on one queue could send one decision twice.
    if (previous && previous !== syncer && previous.busy) await previous.run().catch(() => undefined);
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
    const refused = item && this.notMine(item);
    if (refused) return refused;
    if (!item || item.state === "pending" || item.state === "sending") return fail("Only settled decisions can be cleared.", "busy");
    this.outbox.remove(id);
    if (item.state !== "applied") this.review.remove(item.kind, item.itemId);
    this.deps.pushStatus();
    return ok(null);
  }

  /** Clears every sent decision from the list at once (anyone's: they are done); answers how many. */
  clearSent(): Result<number> {
    const removed = this.outbox.clearApplied();
    this.deps.pushStatus();
    return ok(removed);
  }

  /** Puts the server's fresh copy of a conflicting item back into the review list, without the old decision. */
  async reviewAgain(id: string): Promise<Result<null>> {
    const item = this.outbox.get(id);
    const refused = item && this.notMine(item);
    if (refused) return refused;
    if (!item || (item.state !== "conflict" && item.state !== "failed")) return fail("Only a conflict can be reviewed again.", "busy");
    let current: ReviewItem | null | undefined = item.current;
    if (current === undefined) {
      const api = this.account.signedInApi();
      if (!api) return this.account.notSignedIn();
      try {
        const found = await api.item(item.kind, item.itemId);
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

  /** What a sign-out says before it drops anything (null when nothing would be lost), naming other accounts' decisions. */
  unsentWarning(): string | null {
    const { queued: waiting, conflicts: attention } = this.counts();
    const others = this.othersWaiting();
    const total = waiting + attention + others.reduce((sum, group) => sum + group.count, 0);
    if (total === 0) return null;
    const sentences: string[] = [];
    if (waiting + attention > 0) {
      const parts = [waiting ? `${plural(waiting, "decision")} not sent yet` : "", attention ? `${plural(attention, "decision")} needing your attention` : ""];
      sentences.push(`You have ${parts.filter(Boolean).join(" and ")}.`);
    }
    for (const group of others) {
      sentences.push(`${plural(group.count, "decision")} by ${whose(group.owner, false)} ${verb(group.count, "is", "are")} not sent yet.`);
    }
    return `${sentences.join(" ")} Signing out removes ${total === 1 ? "it" : "them"} and the downloaded items from this computer; nothing more reaches the server.`;
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

/**
 * The items of one kind waiting for review, page after page (each after the last id read, so an item
 * approved meanwhile shifts nothing), at most MAX_PAGES; `left`: how many stayed on the server.
 */
async function pendingOf(api: ApiClient, kind: ItemKind): Promise<{ items: ReviewItem[]; left: number }> {
  const items: ReviewItem[] = [];
  let beforeId: number | undefined;
  let waiting = 0;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await api.pendingPage(kind, beforeId);
    if (page === 0) waiting = answer.total;
    // Only items further on than the last page: a server that ignored beforeId would send the same page again.
    const fresh = answer.items.filter((dto) => !dto.approved && (beforeId === undefined || dto.id < beforeId));
    items.push(...fresh.map((dto) => toReviewItem(kind, dto)));
    if (answer.items.length < PAGE_SIZE) return { items, left: 0 };
    if (fresh.length === 0) break;
    beforeId = Math.min(...fresh.map((dto) => dto.id));
  }
  return { items, left: Math.max(0, waiting - items.length) };
}
