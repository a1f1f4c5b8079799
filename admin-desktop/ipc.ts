/**
 * The contract between the desktop app's three parts: channel names, the one
 * API the preload exposes as `window.desktop`, and the types that cross it.
 * Plain types only (no Node, no DOM, no Electron), so main, preload and the
 * renderer all import it and cannot drift apart.
 */
import type { AdminCommentDto, AdminFlowerDto, AdminTestimonialDto, BulkUpdateQuery, ResetImportResult, UpdateConflicts } from "../shared/schemas/admin";
import type { ModeratedKind } from "../shared/moderation";
import type { FlexibleEntry } from "../shared/csv/flexible";
import type { StrictRow } from "../shared/csv/strict";

/** Every result crossing IPC: expected failures are values, never thrown errors. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: string; code?: ErrorCode };

/** What the renderer may switch on (never on the message text). */
export type ErrorCode =
  | "invalid-input"
  | "offline"
  | "signed-out"
  | "not-admin"
  | "forbidden"
  | "server"
  | "busy"
  | "not-found"
  | "csv-invalid"
  | "unsent"
  | ConnectionProblem
  | "plain-http";

/** What answered at the server's address instead of a usable Garden of Remembrance server. */
export type ConnectionProblem = "not-garden" | "certificate" | "server-down" | "unreachable";

export type ItemKind = ModeratedKind;
export type DecisionAction = "approve" | "decline";

/** A pending item as kept for offline review (never with an email address). */
export type ReviewItem =
  | { kind: "testimonial"; item: Omit<AdminTestimonialDto, "email"> }
  | { kind: "flower"; item: Omit<AdminFlowerDto, "email"> }
  | { kind: "comment"; item: AdminCommentDto };

/**
 * A queued decision. `state` moves pending → sending → applied | conflict | failed.
 * "sending" is written to disk before the request goes out (see main/sync.ts).
 */
export interface QueueItem {
  id: string;
  /** The server (origin) the item was downloaded from: the decision is only ever sent there. */
  server: string;
  /**
   * The account (username on `server`) that made the decision: it is only ever sent signed in as that
   * account. Null for a decision queued by an older version of the app whose maker is not known: it is
   * sent only once a volunteer says it is theirs.
   */
  owner: string | null;
  kind: ItemKind;
  itemId: number;
  /** The version the volunteer reviewed: sent as If-Match. */
  version: number;
  action: DecisionAction;
  /** A short label for lists ("Testimonial by Anna K."); no email, no parent's name. */
  label: string;
  createdAt: string;
  state: "pending" | "sending" | "applied" | "conflict" | "failed";
  /** How it ended, for the volunteer: applied now, or found already applied after a crash. */
  outcome?: "applied" | "already_applied";
  /** Why it became a conflict or failed, in plain words. */
  reason?: string;
  /** The item as the server has it now (conflicts only); null when it is gone. */
  current?: ReviewItem | null | undefined;
  attempts: number;
  finishedAt?: string;
}

/** Who is signed in, and the server's settings the previews follow (unknown while a remembered sign-in waits offline). */
export interface SignedInUser {
  username: string;
  /** The rows a reset-and-import must have on this server. */
  expectedImportCount?: number | undefined;
}

export interface AppStatus {
  online: boolean;
  /** Why the server is not usable, when something else than it answered (or nothing did). */
  problem: ConnectionProblem | null;
  serverUrl: string | null;
  user: SignedInUser | null;
  /** True when this computer can keep a sign-in encrypted (safeStorage with a real backend). */
  canRemember: boolean;
  /** True when the review copy is kept encrypted on this computer (the same keychain as a remembered sign-in). */
  copyEncrypted: boolean;
  remembered: boolean;
  queued: number;
  conflicts: number;
  lastSyncAt: string | null;
  syncing: boolean;
  /** Set when a sync stopped because the session ended: the UI asks to sign in again. */
  needsSignIn: boolean;
  /**
   * The review copy and queue on this computer, whoever is signed in (they open
   * without a sign-in): who downloaded it, from which server, when. Null when none.
   */
  copy: { owner: string | null; server: string | null; downloadedAt: string | null } | null;
  /** Decisions not sent that belong to another account than the one working now: they wait for it. */
  othersWaiting: OthersWaiting[];
}

/** Unsent decisions of one other account (owner null: made before the app noted who decided). */
export interface OthersWaiting {
  owner: string | null;
  server: string;
  count: number;
}

export interface ReviewView {
  downloadedAt: string | null;
  /** Downloaded items still waiting for a decision (not in the queue). */
  items: ReviewItem[];
  /** Every decision not yet cleared: pending, sending, conflicts, failures, and recent successes. */
  queue: QueueItem[];
  /** After a download: how many items waiting for review stayed on the server (more than one download takes). */
  notDownloaded?: number;
}

export interface SignInInput {
  serverUrl: string;
  username: string;
  password: string;
  remember: boolean;
  /** The volunteer read the warning about plain http to another computer, and signs in all the same. */
  plainHttpConfirmed?: boolean | undefined;
}

export interface SignOutInput {
  /** The volunteer agreed to drop decisions that were not sent (the first call warns instead). */
  discardUnsent: boolean;
}

export interface DecisionInput {
  kind: ItemKind;
  itemId: number;
  version: number;
  action: DecisionAction;
}

export interface BulkOutcome {
  message: string;
  count: number;
  /** Invalid rows that were left out (the preview showed them). */
  skipped: number;
  /** Rows left out because they match a flower already in the garden (uploads asked to skip them). */
  duplicates?: number;
  /** An update held back: rows whose flowers changed since the download. Nothing was changed; answer with a choice. */
  conflicts?: UpdateConflicts;
}

/**
 * The rows the window's reader took from a file or the text box (readCsvFile, in its worker): main checks
 * their shape and sizes, and the server every value, so main never reads a big file a second time.
 */
export interface CsvEntries {
  /** The valid rows, with their IDs where the file has them. */
  entries: FlexibleEntry[];
  /** Rows of the file the reader could not take (told in the outcome). */
  skipped: number;
}

export interface BulkUploadRequest extends CsvEntries {
  /** Leave out the rows that match a flower already in the garden. */
  skipDuplicates: boolean;
  /**
   * The renderer's id of the text as read (a new one for each file chosen or dropped, or text edited):
   * with the rows sent, it makes the upload's key, so Upload pressed again on the same reading adds nothing.
   */
  reading: string;
}

/** A bulk update: the rows read, and the answer to the rows the server held it back for, if it did. */
export interface BulkUpdateRequest extends CsvEntries {
  choice?: BulkUpdateQuery;
}

/** A file the system dialog chose: its name and its bytes as they are on disk. */
export interface PickedCsv {
  fileName: string;
  bytes: Uint8Array;
}

export interface ResetImportInput {
  /** The file's rows, keyed by its columns, as the window's strict reader found them valid. */
  rows: StrictRow[];
  adminKey: string;
  /** The volunteer confirmed that ALL flowers and comments will be deleted. */
  confirmed: true;
}

export interface SyncSummary {
  applied: number;
  conflicts: number;
  failed: number;
  stopped?: "offline" | "signed-out" | "server";
}

/** Everything main tells the renderer, as one union. */
export type DesktopEvent =
  | { type: "status"; status: AppStatus }
  | { type: "sync-start" }
  | { type: "sync-done"; summary: SyncSummary }
  | { type: "progress"; task: "upload" | "update" | "import"; current: number; total: number; indeterminate: boolean };

/** Channel names: one per action, no general-purpose channel. */
export const Ch = {
  getStatus: "app:status",
  signIn: "auth:sign-in",
  signOut: "auth:sign-out",
  pickCsv: "csv:pick",
  saveTemplate: "csv:save-template",
  bulkUpload: "csv:bulk-upload",
  findDuplicates: "csv:find-duplicates",
  bulkUpdate: "csv:bulk-update",
  resetAndImport: "csv:reset-and-import",
  downloadForReview: "review:download",
  getReview: "review:get",
  decide: "queue:decide",
  undoDecision: "queue:undo",
  syncNow: "queue:sync",
  discardDecision: "queue:discard",
  clearSent: "queue:clear-sent",
  reviewAgain: "queue:review-again",
  claimDecisions: "queue:claim",
  openExternal: "shell:open-external",
  event: "app:event",
} as const;

export type InvokeChannel = Exclude<keyof typeof Ch, "event">;

/** The API the preload exposes as `window.desktop`. */
export interface DesktopApi {
  getStatus(): Promise<Result<AppStatus>>;
  signIn(input: SignInInput): Promise<Result<{ username: string }>>;
  /** Removes the downloaded copy and the queue too; answers { ok: false, code: "unsent" } first if decisions would be lost. */
  signOut(input?: SignOutInput): Promise<Result<null>>;
  /** Opens the system file dialog; main reads the chosen file's bytes. Null when cancelled. */
  pickCsv(): Promise<Result<PickedCsv | null>>;
  /** Answers where the template was saved; null when the volunteer cancelled. */
  saveTemplate(): Promise<Result<string | null>>;
  bulkUpload(input: BulkUploadRequest): Promise<Result<BulkOutcome>>;
  /** How many rows of an upload match a flower already in the garden; null when there are too many rows to check. */
  findDuplicates(entries: FlexibleEntry[]): Promise<Result<number | null>>;
  bulkUpdate(input: BulkUpdateRequest): Promise<Result<BulkOutcome>>;
  resetAndImport(input: ResetImportInput): Promise<Result<ResetImportResult>>;
  downloadForReview(): Promise<Result<ReviewView>>;
  getReview(): Promise<Result<ReviewView>>;
  decide(input: DecisionInput): Promise<Result<QueueItem>>;
  undoDecision(queueId: string): Promise<Result<null>>;
  syncNow(): Promise<Result<SyncSummary>>;
  /** Drops a settled decision (a conflict, a failure, or a finished one) from the list. */
  discardDecision(queueId: string): Promise<Result<null>>;
  /** Drops every sent decision from the list; answers how many. */
  clearSent(): Promise<Result<number>>;
  /** Drops a conflict and puts the fresh server copy back into the review list. */
  reviewAgain(queueId: string): Promise<Result<null>>;
  /** The signed-in volunteer takes the decisions of no known owner (from an older version of the app) as theirs; answers how many. */
  claimDecisions(): Promise<Result<number>>;
  openExternal(url: string): Promise<Result<null>>;
  /** Subscribes to main's events; returns the unsubscribe function. */
  onEvent(listener: (event: DesktopEvent) => void): () => void;
}
