import type { Queries } from "./queries";
import type { ServerConfig } from "./config";
import type { Database } from "./db";
import type { User } from "./entities/User";
import type { Logger } from "./lib/log";
import type { PublicCache } from "./lib/publicCache";
import type { RateLimiter } from "./lib/rateLimiter";
import type { Slowdown } from "./lib/slowdown";
import type { SiteConfigStore } from "./lib/siteConfig";
import type { SessionFile } from "./database/sessionStore";
import type { IntakeFile } from "./database/intake";
import type { ModeratedKind } from "../shared/moderation";
import type { FamilyChange } from "./family/changes";

export type ItemKind = ModeratedKind | "assistance";

/** Something that happened, told to the hooks inside the transaction that did it. */
export type DomainEvent =
  | { type: "submitted"; kind: ItemKind; id: number }
  | { type: "approved"; kind: ModeratedKind; id: number; actor: User }
  | { type: "deleted"; kind: ModeratedKind; id: number; actor: User; wasApproved: boolean; summary: string }
  | { type: "edited"; kind: "flower"; id: number; actor: User }
  /** Made by a family through their private link (no account), or a link an administrator sent or retired. */
  | { type: "family"; change: FamilyChange; id: number }
  | { type: "family-link"; action: "sent" | "revoked"; id: number; actor: User }
  /** A family's correction (commands/corrections.ts): asked for, made at once before the first review, withdrawn, or decided by `actor`. */
  | { type: "correction"; action: "asked" | "applied" | "withdrawn"; id: number }
  | { type: "correction"; action: "approved" | "declined"; id: number; actor: User }
  | { type: "imported"; mode: "reset" | "bulk-upload" | "bulk-update"; count: number; actor: User; detail?: string };

/**
 * Runs inside the transaction of the write it describes, so what a hook
 * writes (an activity row, an email in the outbox) commits or rolls back
 * with it. Later features register here instead of editing every handler.
 */
export type DomainHook = (tx: Queries, event: DomainEvent) => Promise<void>;

/**
 * Runs once the write that told `event` has committed, before its answer, and never for a write
 * rolled back: what follows from a change outside the database (a cache emptied, a picture drawn).
 * It must not fail; an error is logged and the write stands.
 */
export type CommitListener = (event: DomainEvent) => void;

/** Everything a handler needs, built once per app. */
export type { Queries };

export interface Services {
  config: ServerConfig;
  db: Database;
  /** Sessions, in a file of their own (see database/sessionStore.ts). */
  sessions: SessionFile;
  /** Visitors' submissions received while a large write holds the database (see commands/submissions.ts). */
  intake: IntakeFile;
  cache: PublicCache;
  site: SiteConfigStore;
  log: Logger;
  /** Sign-in attempts per address (counted before the password is checked). */
  loginLimiter: RateLimiter;
  /** Sign-in attempts per username: slowed down, never locked. */
  loginSlowdown: Slowdown;
  /** Wrong reset-and-import keys, per account ("user:<id>") and per address ("ip:<address>"). */
  importKeyLimiter: RateLimiter;
  registrationLimiter: RateLimiter;
  /** Public submissions received, per address (SUBMISSIONS_PER_HOUR). */
  submissionLimiter: RateLimiter;
  /** Public submissions refused (a field missing, say), per address: a separate, higher bound against floods. */
  refusedSubmissionLimiter: RateLimiter;
  hooks: DomainHook[];
  /** Told each event once its write committed (see CommitListener). */
  afterCommit: CommitListener[];
  /** Background work a part of the server started (the preview drawings): stopped with the workers, before the database closes. */
  background: Worker[];
  /** Tells every hook about `event`, inside `tx`, and every commit listener once `tx` committed. */
  emit(tx: Queries, event: DomainEvent): Promise<void>;
}

/** Background work started with the server and stopped before the database closes. */
export interface Worker {
  stop(): Promise<void>;
}

export interface AppState {
  user?: User;
  /** Set by the admin guard once it let this request through. */
  adminChecked?: boolean;
  /** Set first thing for every request (see middlewares/requestLog.ts). */
  requestId?: string;
  /** How long this request's answer waited for the event loop's spare turns (see lib/spareTurns.ts), logged apart. */
  heldMs?: number;
  /** How long a sign-in's password hashing took (its own work, on the thread pool), logged apart. */
  hashMs?: number;
}
