/**
 * What the desktop app does, without Electron: one object that main/index.ts
 * wires to Electron (safeStorage, dialogs, shell, IPC) and tests wire to the
 * real server and a temporary folder. The work itself lives by job in
 * account.ts (server, sign-in, health), csvTasks.ts (CSV work) and
 * reviewTasks.ts (offline copy, queue, sync). Methods take already-validated
 * input (see handlers.ts) and return Results.
 */
import fs from "node:fs";
import type { AppStatus, DecisionInput, DesktopEvent, QueueItem, ResetImportInput, Result, ReviewView, SignInInput, SyncSummary } from "../ipc";
import type { ResetImportResult } from "../../shared/schemas/admin";
import type { BulkOutcome, BulkUpdateRequest, PickedCsv } from "../ipc";
import { Account } from "./account";
import type { FetchLike } from "./api";
import { CsvTasks, type CsvDeps, type UploadInput } from "./csvTasks";
import type { FlexibleEntry } from "../../shared/csv/flexible";
import { Outbox } from "./outbox/outbox";
import { fail, ok } from "./results";
import { ReviewTasks, type ReviewDeps } from "./reviewTasks";
import { copySealer, SessionVault, type Encryptor } from "./session";
import { ReviewStore } from "./store/review";
import { SettingsStore } from "./store/settings";
import { isAllowedExternalUrl } from "./urls";
import type { RotatingLog } from "./log";

export interface ServiceDeps extends Pick<CsvDeps, "chooseCsvFile" | "chooseSavePath"> {
  dataDir: string;
  encryptor: Encryptor;
  platform?: NodeJS.Platform;
  fetch?: FetchLike;
  now?: () => Date;
  openExternal?: (url: string) => Promise<void>;
  emit?: (event: DesktopEvent) => void;
  sync?: ReviewDeps["sync"];
  /** The support log (main/log.ts): events and counts only, never a name, a password or an item. */
  log?: Pick<RotatingLog, "info" | "error">;
}

export class DesktopService {
  readonly settings: SettingsStore;
  readonly review: ReviewStore;
  readonly outbox: Outbox;
  readonly vault: SessionVault;
  private readonly account: Account;
  private readonly csv: CsvTasks;
  private readonly tasks: ReviewTasks;

  constructor(private readonly deps: ServiceDeps) {
    fs.mkdirSync(deps.dataDir, { recursive: true });
    const now = deps.now ?? (() => new Date());
    const emit = (event: DesktopEvent) => deps.emit?.(event);
    const pushStatus = () => this.pushStatus();
    this.settings = new SettingsStore(deps.dataDir);
    this.review = new ReviewStore(deps.dataDir, copySealer(deps.encryptor, deps.platform));
    // A queue written before decisions named their maker: the copy's owner made those of the copy's server.
    this.outbox = new Outbox(deps.dataDir, now, (server) => (server === this.review.server ? this.review.owner : null));
    this.vault = new SessionVault(deps.dataDir, deps.encryptor, deps.platform);
    this.account = new Account(this.settings, this.vault, {
      fetch: deps.fetch,
      beforeSignIn: (url) => this.tasks.beforeSignIn(url),
      afterSignIn: (username) => this.tasks.afterSignIn(username),
      pushStatus,
    });
    this.tasks = new ReviewTasks(this.account, this.settings, this.review, this.outbox, { now, emit, pushStatus, sync: deps.sync });
    this.csv = new CsvTasks(this.account, { chooseCsvFile: deps.chooseCsvFile, chooseSavePath: deps.chooseSavePath, emit });
  }

  /** At start: restores a remembered (encrypted) session and checks it with the server. */
  async init(): Promise<void> {
    await this.account.restore();
    this.pushStatus();
  }

  status(): AppStatus {
    const settings = this.settings.get();
    const server = this.review.server;
    return {
      online: this.account.online,
      problem: this.account.online ? null : this.account.problem,
      serverUrl: settings.serverUrl,
      user: this.account.user,
      canRemember: this.vault.available,
      copyEncrypted: this.review.encrypted,
      remembered: this.vault.stored,
      ...this.tasks.counts(),
      lastSyncAt: settings.lastSyncAt,
      syncing: this.tasks.syncing,
      needsSignIn: this.account.needsSignIn,
      copy:
        server || this.outbox.list().length > 0
          ? { owner: this.review.owner, server: server ?? settings.serverUrl, downloadedAt: this.review.downloadedAt }
          : null,
      othersWaiting: this.tasks.othersWaiting(),
    };
  }

  async signIn(input: SignInInput): Promise<Result<{ username: string }>> {
    const result = await this.account.signIn(input);
    this.deps.log?.info("sign-in", { ok: result.ok, code: result.ok ? undefined : result.code });
    // Anything of this account's waiting from before (offline work, a sync paused by an expired session) goes now.
    if (result.ok && this.tasks.counts().queued > 0) void this.syncNow();
    return result;
  }

  /**
   * Signs out and removes the downloaded copy (names of families, their stories)
   * and the queue from this computer. With decisions not sent yet it first answers
   * "unsent" with a warning; the window asks, then calls again with discardUnsent.
   */
  async signOut(input: { discardUnsent: boolean } = { discardUnsent: false }): Promise<Result<null>> {
    const warning = this.tasks.unsentWarning();
    if (warning && !input.discardUnsent) return fail(warning, "unsent");
    await this.account.signOut();
    this.tasks.removeCopy();
    this.pushStatus();
    return ok(null);
  }

  pickCsv(): Promise<Result<PickedCsv | null>> {
    return this.csv.pickCsv();
  }

  saveTemplate(): Promise<Result<string | null>> {
    return this.csv.saveTemplate();
  }

  bulkUpload(input: UploadInput): Promise<Result<BulkOutcome>> {
    return this.csv.bulkUpload(input);
  }

  findDuplicates(entries: FlexibleEntry[]): Promise<Result<number | null>> {
    return this.csv.findDuplicates(entries);
  }

  bulkUpdate(input: BulkUpdateRequest): Promise<Result<BulkOutcome>> {
    return this.csv.bulkUpdate(input);
  }

  resetAndImport(input: ResetImportInput): Promise<Result<ResetImportResult>> {
    return this.csv.resetAndImport(input);
  }

  async downloadForReview(): Promise<Result<ReviewView>> {
    const result = await this.tasks.download();
    this.deps.log?.info(
      "download",
      result.ok ? { ok: true, items: result.value.items.length, left: result.value.notDownloaded ?? 0 } : { ok: false, code: result.code },
    );
    return result;
  }

  getReview(): Result<ReviewView> {
    return ok(this.tasks.view());
  }

  decide(input: DecisionInput): Result<QueueItem> {
    return this.tasks.decide(input);
  }

  undoDecision(id: string): Result<null> {
    return this.tasks.undo(id);
  }

  async syncNow(): Promise<Result<SyncSummary>> {
    const result = await this.tasks.syncNow();
    this.deps.log?.info("sync", result.ok ? { ...result.value } : { ok: false, code: result.code });
    return result;
  }

  discardDecision(id: string): Result<null> {
    return this.tasks.discard(id);
  }

  clearSent(): Result<number> {
    return this.tasks.clearSent();
  }

  reviewAgain(id: string): Promise<Result<null>> {
    return this.tasks.reviewAgain(id);
  }

  claimDecisions(): Result<number> {
    return this.tasks.claim();
  }

  async openExternal(url: string): Promise<Result<null>> {
    if (!isAllowedExternalUrl(url)) return fail("Only web links can be opened.", "invalid-input");
    await this.deps.openExternal?.(url);
    return ok(null);
  }

  /** Asks the server's health (no session needed); coming back online with decisions waiting starts a sync. */
  async checkConnection(): Promise<boolean> {
    const { online, changed } = await this.account.checkConnection();
    if (changed && online && this.account.signedInApi() && !this.account.needsSignIn && this.tasks.counts().queued > 0) void this.syncNow();
    return online;
  }

  /** The app is closing: no decision starts out on its own any more. */
  close(): void {
    this.tasks.stop();
  }

  private pushStatus(): void {
    this.deps.emit?.({ type: "status", status: this.status() });
  }
}
