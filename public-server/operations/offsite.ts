import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { ServerConfig } from "../config";
import { lastGoodBackup } from "./backupFiles";

/**
 * Encrypted copies of the nightly backup off the server, with restic (Debian's `restic` package), to any
 * restic repository: SFTP, S3-compatible storage, a REST server, a mounted USB disk. restic reads its
 * settings from the environment (RESTIC_REPOSITORY, RESTIC_PASSWORD_FILE, and the storage's own, such
 * as AWS_ACCESS_KEY_ID), so the password never appears on a command line or in our log.
 * `npm run admin -- offsite` runs once per night from deploy/garden-offsite.timer, after the nightly backup.
 */

/** Inside every snapshot the backup is this one file, so a restore names it without looking it up. */
export const OFFSITE_FILE = "garden.sqlite";
const TAG = "garden-nightly";
/** The last successful copy, beside the backups (the doctor reads it). */
const STATUS_FILE = "offsite.json";

export interface OffsiteStatus {
  /** When the copy was made (ISO). */
  at: string;
  /** The nightly backup that was copied. */
  backup: string;
  snapshot: string;
}

export class OffsiteFailed extends Error {}

export const offsiteConfigured = (env: NodeJS.ProcessEnv = process.env) => Boolean(env.RESTIC_REPOSITORY || env.RESTIC_REPOSITORY_FILE);

export function readOffsiteStatus(backupDir: string): OffsiteStatus | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(backupDir, STATUS_FILE), "utf8")) as OffsiteStatus;
  } catch {
    return null;
  }
}

/** A repository address with its user and password taken out (rest:https://user:pass@host/ → rest:https://host/). */
function withoutSecrets(text: string): string {
  return text.replace(/([a-z0-9+.-]+:\/\/)[^/@\s]+@/gi, "$1");
}

function restic(args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.RESTIC_BIN || "restic", args, { stdio: [input ? "pipe" : "ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout!.on("data", (d: Buffer) => (out += d));
    child.stderr!.on("data", (d: Buffer) => (err += d));
    child.on("error", (e: NodeJS.ErrnoException) =>
      reject(new OffsiteFailed(e.code === "ENOENT" ? "restic is not installed: sudo apt-get install restic." : `restic could not run: ${e.message}`)),
    );
    child.on("close", (code) => {
      if (code === 0) resolve(out);
      else reject(new OffsiteFailed(`restic ${args[0]} failed (exit ${code}): ${withoutSecrets(err.trim().split("\n").slice(-3).join(" "))}`));
    });
    if (input) {
      child.stdin!.on("error", () => undefined); // restic stopped reading: its exit code says why
      fs.createReadStream(input).pipe(child.stdin!);
    }
  });
}

/**
 * Sends the newest nightly backup to the restic repository as one encrypted snapshot, then applies
 * the retention (the nightly counts of BACKUP_KEEP_DAILY and BACKUP_KEEP_WEEKLY, and one a month for a
 * year) and prunes what no snapshot needs any more. Answers what it did, a line per step.
 */
export async function copyOffsite(config: ServerConfig, now = new Date()): Promise<string[]> {
  if (!offsiteConfigured()) throw new OffsiteFailed('RESTIC_REPOSITORY is not set: see docs/DEPLOY.md, "Off-site copies".');
  const last = lastGoodBackup(config.backupDir);
  if (!last) throw new OffsiteFailed(`There is no nightly backup in ${config.backupDir} to copy yet.`);
  const backup = path.basename(last.file);
  const summary = (await restic(["backup", "--json", "--quiet", "--tag", TAG, "--host", "garden", "--stdin", "--stdin-filename", OFFSITE_FILE], last.file))
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { message_type?: string; snapshot_id?: string; total_bytes_processed?: number })
    .find((m) => m.message_type === "summary");
  const snapshot = summary?.snapshot_id?.slice(0, 8) ?? "?";
  await restic([
    "forget",
    "--quiet",
    "--tag",
    TAG,
    "--keep-daily",
    String(config.backupKeepDaily),
    "--keep-weekly",
    String(config.backupKeepWeekly),
    "--keep-monthly",
    "12",
    "--prune",
  ]);
  const status: OffsiteStatus = { at: now.toISOString(), backup, snapshot };
  const file = path.join(config.backupDir, STATUS_FILE);
  fs.writeFileSync(`${file}.new`, JSON.stringify(status), { mode: 0o600 });
  fs.renameSync(`${file}.new`, file);
  return [
    `Copied ${backup} (${summary?.total_bytes_processed ?? "?"} bytes) to the off-site repository as snapshot ${snapshot}, encrypted.`,
    `Kept ${config.backupKeepDaily} daily, ${config.backupKeepWeekly} weekly and 12 monthly snapshots; pruned the rest.`,
  ];
}
