import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { format } from "date-fns";
import type { Services } from "../context";
import type { Worker } from "../context";
import { onePerServer, startedWorker } from "../lib/perServer";
import { mailFor } from "../mail";
import { enqueue } from "../mail/outbox";
import { escapeHtml } from "../lib/html";
import { lastGoodBackup, listNightly, nightlyName, pruneNightly } from "./backupFiles";

/** How often the schedule is looked at; the backup itself happens once a day. */
const CHECK_EVERY_MS = 60_000;

/** The share of a minute the event loop may have been busy for that minute to count as quiet. */
const QUIET_UTILIZATION = 0.1;

/** True when the event loop was busy less than QUIET_UTILIZATION of the time since the last call. */
function quietSinceLastLook(): () => boolean {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return busy < QUIET_UTILIZATION;
  };
}

/** What administrators see about backups (the admin page, /api/health). */
export interface BackupStatus {
  /** Local hour of the nightly backup, or null when it is off. */
  hour: number | null;
  lastGoodAt: string | null;
  lastGoodFile: string | null;
  /** The last attempt's failure, when the last attempt failed. */
  lastError: { at: string; message: string } | null;
}

/**
 * Takes the nightly online backup: once a day, at the first check after
 * BACKUP_HOUR (server time), unless a nightly copy of that day already
 * exists (a restart does not take a second one). Past that hour (a server
 * started or restarted during the day) the day's copy waits for a quiet
 * minute: the backup and its check take seconds of disk and processor at
 * 100,000 flowers, and a start is often followed by traffic (a deploy, a
 * crash's restart); a day of steady traffic leaves it to the next night's
 * hour, when it is taken whatever the load. Then keeps the configured
 * daily and weekly copies. A failure is logged and emailed to TEAM_EMAIL
 * through the outbox, once a day. The clock is injected so that tests move
 * time instead of waiting for it.
 */
export class NightlyBackups implements Worker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private attemptedFor: string | null = null;
  private lastError: BackupStatus["lastError"] = null;

  constructor(
    private readonly s: Services,
    private readonly now: () => Date = () => new Date(),
    private readonly quiet: () => boolean = quietSinceLastLook(),
  ) {}

  /** Looks at the schedule every minute (the first look a minute after start, so a start stays quick). */
  start(): void {
    if (this.s.config.backupHour === null || this.timer) return;
    this.timer = setInterval(() => void this.tick(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  /** Waits for a backup in progress, then stops. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Takes today's backup if it is due; resolves when done (tests call this with their own clock). */
  tick(): Promise<void> {
    const next = this.running.then(() => this.runIfDue());
    this.running = next.catch(() => undefined);
    return next;
  }

  status(): BackupStatus {
    const last = lastGoodBackup(this.s.config.backupDir);
    return {
      hour: this.s.config.backupHour,
      lastGoodAt: last ? last.at.toISOString() : null,
      lastGoodFile: last ? path.basename(last.file) : null,
      lastError: this.lastError,
    };
  }

  private async runIfDue(): Promise<void> {
    const { backupHour, backupDir, backupKeepDaily, backupKeepWeekly } = this.s.config;
    const now = this.now();
    const quiet = this.quiet(); // looked at every minute, so it speaks of the last one
    if (backupHour === null || now.getHours() < backupHour) return;
    if (now.getHours() !== backupHour && !quiet) return;
    const today = format(now, "yyyy-MM-dd");
    if (this.attemptedFor === today) return;
    if (listNightly(backupDir).some((b) => format(b.at, "yyyy-MM-dd") === today)) return;
    this.attemptedFor = today;
    removeLeftovers(backupDir);
    try {
      // On a thread of its own: at 100,000 flowers the copy and its integrity check take the better part of a second.
      const result = await this.s.db.readOffThread((thread) => thread.call("onlineBackup", { target: path.join(backupDir, nightlyName(now)) }));
      const removed = pruneNightly(backupDir, backupKeepDaily, backupKeepWeekly);
      this.lastError = null;
      this.s.log.info("backup_done", {
        file: path.basename(result.file),
        bytes: result.bytes,
        copyMs: Math.round(result.copyMs),
        checkMs: Math.round(result.checkMs),
        removed: removed.map((f) => path.basename(f)),
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.lastError = { at: now.toISOString(), message };
      this.s.log.error("backup_failed", { error: message });
      await this.alert(today, message).catch((e: unknown) => this.s.log.error("backup_alert_failed", { error: String(e) }));
    }
  }

  /** Tells the team, through the outbox (one email per day at most). */
  private async alert(day: string, message: string): Promise<void> {
    const { teamEmails, backupDir } = this.s.config;
    if (teamEmails.length === 0) return;
    const site = this.s.site.get();
    const last = lastGoodBackup(backupDir);
    const lines = [
      `Tonight's backup of the ${site.organisationName} website did not work.`,
      `What went wrong: ${message}`,
      last ? `The last good backup is ${path.basename(last.file)}, taken ${format(last.at, "d MMMM yyyy, HH:mm")}.` : "There is no good nightly backup yet.",
      "The site itself keeps running. Please ask whoever looks after the server to run `npm run admin -- doctor` there (see docs/DEPLOY.md).",
    ];
    const added = await this.s.db.transaction((tx) =>
      enqueue(tx, {
        kind: "backup-failed",
        dedupeKey: `backup-failed:${day}`,
        to: teamEmails,
        subject: "The website's nightly backup failed",
        text: lines.join("\n\n") + "\n",
        html: `<!doctype html><html><body>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}</body></html>`,
      }),
    );
    if (added) mailFor(this.s).wake();
  }
}

/** Temporary copies left by a backup that was cut short (a crash, a full disk). */
function removeLeftovers(dir: string): void {
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) if (/^\.garden-nightly-.*\.tmp(-wal|-shm|-journal)?$/.test(name)) fs.rmSync(path.join(dir, name), { force: true });
}

/** The nightly backup scheduler of this server, shared by the worker list and the health call. */
export const backupsFor = onePerServer((s) => new NightlyBackups(s));

/** Registered in hooks.ts: the nightly backup. */
export const nightlyBackupFactory = startedWorker(backupsFor);
