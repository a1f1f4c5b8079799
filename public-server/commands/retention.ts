import fs from "node:fs";
import path from "node:path";
import type { Services } from "../context";
import type { Worker } from "../context";
import { onePerServer, startedWorker } from "../lib/perServer";
import { emlName } from "../mail/transport";
import type { OutboxKind } from "../entities/OutboxMessage";
import type { BackupDelete } from "../writer/protocol";
import { assistanceRequestIdsBefore, deleteAssistanceRequestsBefore, deleteAssistanceRequestsBeforeSql } from "../queries/assistanceRequests";
import { deleteOutboxBefore, deleteOutboxBeforeSql, outboxIdsBefore } from "../queries/outbox";
import { purgeFamilyErasures, type ScrubResult } from "./family";

/** How often the retention job looks for expired requests (it also runs at start). */
const EVERY_MS = 6 * 3_600_000;

export interface RetentionResult {
  requests: number;
  emails: number;
  backups: number;
}

/**
 * Requests for help hold a family's name, email, phone and what they wrote
 * at their hardest moment: they are kept ASSISTANCE_RETENTION_DAYS (the
 * Privacy page says how long) and then deleted, with the team's email about
 * each one (the outbox row, and its .eml copy on a machine without SMTP), and
 * from the pre-import backups too. The log says only how many.
 */
async function purgeExpiredAssistance(s: Services): Promise<RetentionResult> {
  const { assistanceRetentionDays, dataDir, backupDir } = s.config;
  const cutoff = new Date(s.config.now().getTime() - assistanceRetentionDays * 86_400_000).toISOString();
  const { requests, emails } = await s.db.transaction(async (tx) => {
    const expired = await assistanceRequestIdsBefore(tx, cutoff);
    const mails = await outboxIdsBefore(tx, "assistance-request", cutoff);
    await deleteOutboxBefore(tx, "assistance-request", cutoff);
    await deleteAssistanceRequestsBefore(tx, cutoff);
    return { requests: expired.length, emails: mails };
  });
  for (const id of emails) fs.rmSync(path.join(dataDir, "outbox", emlName({ id, kind: "assistance-request" })), { force: true });
  const { changed: backups } = await scrubBackups(s, backupDir, [
    deleteAssistanceRequestsBeforeSql(cutoff),
    deleteOutboxBeforeSql("assistance-request", cutoff),
  ]);
  const result = { requests, emails: emails.length, backups };
  if (requests + emails.length + backups > 0) s.log.info("retention_purged", { ...result, olderThanDays: assistanceRetentionDays });
  return result;
}

/**
 * Runs `deletes` in each backup (and compacts it, so nothing stays in free
 * pages); answers how many backups changed. On a thread of its own: the
 * compaction rewrites a whole backup, a second each at 100,000 flowers, which
 * on the event loop every request waited for, at start and every EVERY_MS.
 * Also answers how many could not be scrubbed (each is logged).
 */
async function scrubBackups(s: Services, backupDir: string, deletes: BackupDelete[]): Promise<ScrubResult> {
  let names: string[];
  try {
    names = fs.readdirSync(backupDir).filter((n) => n.endsWith(".sqlite"));
  } catch {
    return { changed: 0, failed: 0 };
  }
  if (!names.length) return { changed: 0, failed: 0 };
  return s.db.readOffThread(async (thread) => {
    let changed = 0;
    let failed = 0;
    for (const name of names) {
      try {
        if (await thread.call("scrubBackup", { file: path.join(backupDir, name), deletes })) changed++;
      } catch (err) {
        failed++;
        s.log.error("retention_backup_failed", { backup: name, error: err instanceof Error ? err.message.slice(0, 200) : String(err) });
      }
    }
    return { changed, failed };
  });
}

/** Runs the retention job at start and every few hours; one pass at a time. */
export class RetentionWorker implements Worker {
  private running: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly s: Services) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce().catch(() => undefined), EVERY_MS);
    this.timer.unref();
    void this.runOnce().catch(() => undefined);
  }

  /** One pass now (after any pass in progress); for the timer and for tests. */
  runOnce(): Promise<RetentionResult | null> {
    const pass = this.running.then(async () => {
      if (this.stopped) return null;
      const result = await purgeExpiredAssistance(this.s);
      const family = await purgeFamilyErasures(
        this.s,
        (deletes) => scrubBackups(this.s, this.s.config.backupDir, deletes),
        (id, kind) => fs.rmSync(path.join(this.s.config.dataDir, "outbox", emlName({ id, kind: kind as OutboxKind })), { force: true }),
      );
      if (family.withdrawn + family.emails + family.backups > 0) this.s.log.info("retention_family_purged", family);
      return result;
    });
    this.running = pass.catch((err: unknown) =>
      this.s.log.error("retention_failed", { error: err instanceof Error ? err.message.slice(0, 200) : String(err) }),
    );
    return pass;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}

/** The retention job of this server, made on first use. */
export const retentionFor = onePerServer((s) => new RetentionWorker(s));

/** Registered in hooks.ts: started with the server. */
export const retentionWorkerFactory = startedWorker(retentionFor);
