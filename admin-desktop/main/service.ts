/**
 * What the desktop app does, without Electron: sign-in, CSV work, offline
 * review and sync. main/index.ts wires it to Electron (safeStorage, dialogs,
 * shell, IPC); tests wire it to the real server and a temporary folder.
 * Methods take already-validated input (see handlers.ts) and return Results.
 */
import fs from "node:fs";
import path from "node:path";
import { checkBulk, CSV_TEMPLATE, CSV_TEMPLATE_FILENAME, parseStrictCsv } from "../../shared/csv";
import type {
  AppStatus,
  BulkOutcome,
  DecisionInput,
  DesktopEvent,
  ErrorCode,
  ItemKind,
  QueueItem,
  ResetImportInput,
  Result,
  ReviewItem,
  ReviewView,
  SignInInput,
  SyncSummary,
} from "../ipc";
import type { ResetImportResult } from "../../shared/schemas/admin";
import { ApiClient, HttpError, NetworkError, type FetchLike } from "./api";
import { Outbox } from "./outbox/outbox";
import { labelFor, toReviewItem } from "./reviewItems";
import { SessionVault, type Encryptor } from "./session";
import { ReviewStore } from "./store/review";
import { SettingsStore } from "./store/settings";
import { Syncer, type SyncOptions } from "./sync";
import { isAllowedExternalUrl, normaliseServerUrl } from "./urls";

/** Largest CSV file or text the app accepts (the server takes 10 MB of JSON). */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
/**
 * Bulk update goes in chunks of this many rows, each its own server
 * transaction, so the progress bar is real. That is safe because an update
 * sets the same values however often it runs: after a failure part-way the
 * volunteer simply runs the same file again. Bulk upload is NOT chunked: it
 * creates new flowers, so a repeat after a partial failure would duplicate
 * them; it goes as one request (one transaction: all or nothing) with an
 * indeterminate progress bar.
 */
export const UPDATE_CHUNK = 200;

export interface ServiceDeps {
  dataDir: string;
  encryptor: Encryptor;
  platform?: NodeJS.Platform;
  fetch?: FetchLike;
  now?: () => Date;
  /** Shows the system's open dialog; answers the chosen path or null. The renderer never names a path. */
  chooseCsvFile?: () => Promise<string | null>;
  /** Shows the system's save dialog; answers the chosen path or null. */
  chooseSavePath?: (defaultName: string) => Promise<string | null>;
  openExternal?: (url: string) => Promise<void>;
  emit?: (event: DesktopEvent) => void;
  sync?: Pick<SyncOptions, "onStep" | "attempts" | "backoffMs" | "sleep">;
}

const fail = <T>(error: string, code: ErrorCode): Result<T> => ({ ok: false, error, code });
const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export class DesktopService {
  readonly settings: SettingsStore;
  readonly review: ReviewStore;
  readonly outbox: Outbox;
  readonly vault: SessionVault;
  private api: ApiClient | null = null;
  private syncer: Syncer | null = null;
  private user: { username: string } | null = null;
  private online = false;
  private needsSignIn = false;
  private readonly now: () => Date;

  constructor(private readonly deps: ServiceDeps) {
    fs.mkdirSync(deps.dataDir, { recursive: true });
    this.now = deps.now ?? (() => new Date());
    this.settings = new SettingsStore(deps.dataDir);
    this.review = new ReviewStore(deps.dataDir);
    this.outbox = new Outbox(deps.dataDir, this.now);
    this.vault = new SessionVault(deps.dataDir, deps.encryptor, deps.platform);
  }

  /** At start: restores a remembered (encrypted) session and checks it with the server. */
  async init(): Promise<void> {
    const saved = this.vault.load();
    if (!saved) return;
    this.useServer(saved.serverUrl);
    this.api!.importSession(saved.cookie);
    try {
      const me = await this.api!.currentUser();
      this.user = { username: me.username };
      this.online = true;
    } catch (error) {
      if (error instanceof NetworkError) {
        // Offline at start: keep the session; the next call tells whether it is still valid.
        this.user = { username: saved.username };
      } else {
        this.vault.clear();
        this.api!.clearSession();
      }
    }
    this.pushStatus();
  }

  status(): AppStatus {
    return {
      online: this.online,
      serverUrl: this.settings.get().serverUrl,
      user: this.user,
      canRemember: this.vault.available,
      remembered: this.vault.stored,
      queued: this.outbox.outstanding().length,
      conflicts: this.outbox.count("conflict") + this.outbox.count("failed"),
      lastSyncAt: this.settings.get().lastSyncAt,
      syncing: this.syncer?.busy ?? false,
      needsSignIn: this.needsSignIn,
    };
  }

  async signIn(input: SignInInput): Promise<Result<{ username: string }>> {
    const address = normaliseServerUrl(input.serverUrl);
    if (!address.ok) return fail(address.error, "invalid-input");
    this.settings.update({ serverUrl: address.url });
    // Downloaded items belong to one server; another server's ids mean other items.
    if (this.review.server && this.review.server !== address.url) this.review.replace([], null, null);
    const api = this.useServer(address.url);
    api.clearSession();
    this.user = null;
    try {
      const user = await api.login(input.username, input.password);
      this.online = true;
      if (user.role !== "admin") {
        await api.logout().catch(() => undefined);
        this.pushStatus();
        return fail("This account is not an administrator, so it cannot use the desktop app. Please sign in with an administrator account.", "not-admin");
      }
      this.user = { username: user.username };
      this.needsSignIn = false;
      const cookie = api.exportSession();
      if (input.remember && cookie) this.vault.save({ serverUrl: address.url, username: user.username, cookie });
      else this.vault.clear();
      this.pushStatus();
      // Anything waiting from before (offline work, a sync paused by an expired session) goes now.
      if (this.outbox.outstanding().length > 0) void this.syncNow();
      return ok({ username: user.username });
    } catch (error) {
      return this.failure(error, "Sign-in failed.");
    }
  }

  async signOut(): Promise<Result<null>> {
    const api = this.api;
    this.vault.clear();
    this.user = null;
    if (api) await api.logout().catch(() => api.clearSession());
    this.pushStatus();
    return ok(null);
  }

  async pickCsv(): Promise<Result<{ fileName: string; text: string } | null>> {
    const chosen = await this.deps.chooseCsvFile?.();
    if (!chosen) return ok(null);
    if (!/\.csv$/i.test(chosen)) return fail("Please select a CSV file.", "invalid-input");
    const stat = fs.statSync(chosen);
    if (!stat.isFile()) return fail("Please select a CSV file.", "invalid-input");
    if (stat.size > MAX_CSV_BYTES) return fail("This file is too large for one import (at most 5 MB).", "invalid-input");
    return ok({ fileName: path.basename(chosen), text: fs.readFileSync(chosen, "utf8") });
  }

  async saveTemplate(): Promise<Result<boolean>> {
    const target = await this.deps.chooseSavePath?.(CSV_TEMPLATE_FILENAME);
    if (!target) return ok(false);
    fs.writeFileSync(target, CSV_TEMPLATE);
    return ok(true);
  }

  async bulkUpload(text: string): Promise<Result<BulkOutcome>> {
    const api = this.signedInApi();
    if (!api) return this.notSignedIn();
    const check = checkBulk(text, "upload");
    if (!check.ok) return fail(`${check.title}: ${check.message}`, "csv-invalid");
    const total = check.entries.length;
    this.emit({ type: "progress", task: "upload", current: 0, total, indeterminate: true });
    try {
      const answer = await api.bulkUpload(check.entries);
      this.emit({ type: "progress", task: "upload", current: total, total, indeterminate: false });
      return ok({ message: answer.message, count: answer.count ?? total, skipped: check.skipped.length });
    } catch (error) {
      return this.failure(error, "Failed to upload memorial flowers.");
    }
  }

  async bulkUpdate(text: string): Promise<Result<BulkOutcome>> {
    const api = this.signedInApi();
    if (!api) return this.notSignedIn();
    const check = checkBulk(text, "update");
    if (!check.ok) return fail(`${check.title}: ${check.message}`, "csv-invalid");
    const total = check.entries.length;
    let done = 0;
    this.emit({ type: "progress", task: "update", current: 0, total, indeterminate: false });
    try {
      for (let start = 0; start < total; start += UPDATE_CHUNK) {
        const chunk = check.entries.slice(start, start + UPDATE_CHUNK);
        await api.bulkUpdate(chunk);
        done += chunk.length;
        this.emit({ type: "progress", task: "update", current: done, total, indeterminate: false });
      }
      return ok({ message: `Successfully updated ${done} memorial flower${done === 1 ? "" : "s"}.`, count: done, skipped: check.skipped.length });
    } catch (error) {
      const failed = this.failure<BulkOutcome>(error, "Failed to update memorial flowers.");
      if (failed.ok || done === 0) return failed;
      return {
        ...failed,
        error: `${failed.error} ${done} of ${total} flowers were updated before this. Updating is safe to repeat: run the same file again to finish.`,
      };
    }
  }

  async resetAndImport(input: ResetImportInput): Promise<Result<ResetImportResult>> {
    const api = this.signedInApi();
    if (!api) return this.notSignedIn();
    // The same strict rules as the preview and the server (which checks again).
    const parsed = parseStrictCsv(input.text);
    if (!parsed.isValid) return fail(parsed.errors.slice(0, 5).join(" "), "csv-invalid");
    this.emit({ type: "progress", task: "import", current: 0, total: parsed.rows.length, indeterminate: true });
    try {
      const result = await api.resetAndImport(parsed.rows, input.adminKey);
      this.emit({ type: "progress", task: "import", current: parsed.rows.length, total: parsed.rows.length, indeterminate: false });
      return ok(result);
    } catch (error) {
      return this.failure(error, "Failed to import memorial flowers");
    }
  }

  /** Saves every pending testimonial, flower and comment (with its version) for offline review. */
  async downloadForReview(): Promise<Result<ReviewView>> {
    const api = this.signedInApi();
    if (!api) return this.notSignedIn();
    try {
      const kinds: ItemKind[] = ["testimonial", "flower", "comment"];
      const lists = await Promise.all(kinds.map(async (kind) => (await api.list(kind)).filter((dto) => !dto.approved).map((dto) => toReviewItem(kind, dto))));
      this.review.replace(lists.flat(), this.now().toISOString(), api.baseUrl);
      this.pushStatus();
      return ok(this.reviewView());
    } catch (error) {
      return this.failure(error, "The items could not be downloaded.");
    }
  }

  getReview(): Result<ReviewView> {
    return ok(this.reviewView());
  }

  /** Queues a decision on a downloaded item; works with or without a connection. */
  decide(input: DecisionInput): Result<QueueItem> {
    const entry = this.review.find(input.kind, input.itemId);
    if (!entry || entry.item.version !== input.version) return fail("This item is not in your downloaded list any more. Please download again.", "not-found");
    if (this.outbox.list().some((q) => q.kind === input.kind && q.itemId === input.itemId)) {
      return fail("You have already decided on this item.", "busy");
    }
    const server = this.review.server;
    if (!server || server !== this.settings.get().serverUrl) return fail("These items came from another server. Please download again.", "not-found");
    const item = this.outbox.enqueue({ ...input, server, label: labelFor(entry) });
    this.pushStatus();
    return ok(item);
  }

  undoDecision(id: string): Result<null> {
    const item = this.outbox.get(id);
    if (!item || item.state !== "pending") return fail("This decision is already on its way and cannot be undone.", "busy");
    this.outbox.remove(id);
    this.pushStatus();
    return ok(null);
  }

  /** Sends the queue (one sync at a time). A 401 pauses it and keeps every decision. */
  async syncNow(): Promise<Result<SyncSummary>> {
    const api = this.signedInApi();
    if (!api || !this.syncer) return this.notSignedIn();
    this.emit({ type: "sync-start" });
    const wasBusy = this.syncer.busy;
    const promise = this.syncer.run();
    this.pushStatus();
    const summary = await promise;
    if (wasBusy) return ok(summary);
    if (summary.stopped === "signed-out") this.sessionEnded();
    this.online = summary.stopped !== "offline";
    if (!summary.stopped) this.settings.update({ lastSyncAt: this.now().toISOString() });
    this.pruneReview();
    this.emit({ type: "sync-done", summary });
    this.pushStatus();
    return ok(summary);
  }

  /** Clears a settled decision (conflict, failure or finished) from the list. */
  discardDecision(id: string): Result<null> {
    const item = this.outbox.get(id);
    if (!item || item.state === "pending" || item.state === "sending") return fail("Only settled decisions can be cleared.", "busy");
    this.outbox.remove(id);
    if (item.state !== "applied") this.review.remove(item.kind, item.itemId);
    this.pushStatus();
    return ok(null);
  }

  /** Puts the server's fresh copy of a conflicting item back into the review list, without the old decision. */
  async reviewAgain(id: string): Promise<Result<null>> {
    const item = this.outbox.get(id);
    if (!item || (item.state !== "conflict" && item.state !== "failed")) return fail("Only a conflict can be reviewed again.", "busy");
    let current: ReviewItem | null | undefined = item.current;
    if (current === undefined) {
      const api = this.signedInApi();
      if (!api) return this.notSignedIn();
      try {
        const found = (await api.list(item.kind)).find((dto) => dto.id === item.itemId);
        current = found ? toReviewItem(item.kind, found) : null;
      } catch (error) {
        return this.failure(error, "The item could not be fetched.");
      }
    }
    if (!current) return fail("This item is no longer on the server, so there is nothing to review.", "not-found");
    if (current.item.approved) return fail("This item is already live. You can remove it from the web admin if it should not be.", "busy");
    this.review.upsert(current);
    this.outbox.remove(id);
    this.pushStatus();
    return ok(null);
  }

  async openExternal(url: string): Promise<Result<null>> {
    if (!isAllowedExternalUrl(url)) return fail("Only web links can be opened.", "invalid-input");
    await this.deps.openExternal?.(url);
    return ok(null);
  }

  /** Pings the server; coming back online with decisions waiting starts a sync. */
  async checkConnection(): Promise<boolean> {
    if (!this.api) return false;
    const was = this.online;
    try {
      await this.api.health();
      this.online = true;
    } catch {
      this.online = false;
    }
    if (was !== this.online) this.pushStatus();
    if (!was && this.online && this.user && !this.needsSignIn && this.outbox.outstanding().length > 0) void this.syncNow();
    return this.online;
  }

  private reviewView(): ReviewView {
    const decided = new Set(this.outbox.list().map((q) => `${q.kind}:${q.itemId}`));
    return {
      downloadedAt: this.review.downloadedAt,
      items: this.review.items().filter((entry) => !decided.has(`${entry.kind}:${entry.item.id}`)),
      queue: [...this.outbox.list()],
    };
  }

  /** Applied decisions need no review copy any more; after a week they leave the "Sent" list too. */
  private pruneReview(): void {
    const weekAgo = this.now().getTime() - 7 * 24 * 3_600_000;
    for (const q of this.outbox.list()) {
      if (q.state !== "applied") continue;
      if (this.review.find(q.kind, q.itemId)) this.review.remove(q.kind, q.itemId);
      if (q.finishedAt && Date.parse(q.finishedAt) < weekAgo) this.outbox.remove(q.id);
    }
  }

  private useServer(url: string): ApiClient {
    if (this.api?.baseUrl !== url) {
      this.api = new ApiClient(url, this.deps.fetch);
      this.syncer = new Syncer({ api: this.api, outbox: this.outbox, onChange: () => this.pushStatus(), ...this.deps.sync });
    }
    return this.api;
  }

  private signedInApi(): ApiClient | null {
    return this.user && this.api?.hasSession ? this.api : null;
  }

  private notSignedIn<T>(): Result<T> {
    return fail("Please sign in first.", "signed-out");
  }

  private sessionEnded(): void {
    this.user = null;
    this.needsSignIn = true;
    this.vault.clear();
    this.api?.clearSession();
  }

  /** Maps a thrown error to a Result the renderer can show; unexpected errors become a plain sentence. */
  private failure<T>(error: unknown, fallback: string): Result<T> {
    if (error instanceof NetworkError) {
      this.online = false;
      this.pushStatus();
      return fail("The server cannot be reached. Please check the connection and try again.", "offline");
    }
    this.online = true;
    if (error instanceof HttpError) {
      if (error.status === 401 && this.user) {
        this.sessionEnded();
        this.pushStatus();
        return fail("Your sign-in has ended. Please sign in again; nothing you decided is lost.", "signed-out");
      }
      if (error.status === 401) return fail(error.message || fallback, "signed-out");
      if (error.status === 403) return fail(error.message || fallback, "forbidden");
      return fail(error.message || fallback, "server");
    }
    return fail(fallback, "server");
  }

  private emit(event: DesktopEvent): void {
    this.deps.emit?.(event);
  }

  private pushStatus(): void {
    this.emit({ type: "status", status: this.status() });
  }
}
