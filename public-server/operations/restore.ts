import fs from "node:fs";
import path from "node:path";
import Sqlite from "better-sqlite3";
import { format } from "date-fns";
import type { ServerConfig } from "../config";
import { checkDatabaseFile, syncDir, syncFile } from "./backupFiles";
import { knownMigrations } from "./onlineBackup";
import { acquireDatabaseLock, databaseInUse } from "./serverLock";
import { ensurePrivateDir } from "../lib/privateFiles";
import { endAllSessions } from "../database/sessionStore";

/** A restore that was refused before anything changed; the message says why and what to do. */
export class RestoreRefused extends Error {}

export interface RestoreReport {
  restored: string;
  /** The database as it was before, kept in the backups folder (null when there was none). */
  keptCopy: string | null;
  flowers: number;
  lines: string[];
}

/**
 * Puts a backup in place of the live database, in an order that cannot make
 * things worse: (1) take the database's lock, refusing while a server holds
 * it, so no server starts until the restore is over; (2) check the backup
 * (integrity, our tables, migrations this version knows); (3) refuse while
 * any connection still has the database open (a server whose lock file was
 * deleted, another command), asked of SQLite itself; (4) copy the current
 * database into the backups folder; (5) copy the backup beside the database
 * and rename it over it, which is atomic. A refusal changes nothing at all.
 */
export async function restoreBackup(config: ServerConfig, given: string): Promise<RestoreReport> {
  const { databasePath } = config;
  ensurePrivateDir(path.dirname(databasePath));
  const lock = acquireDatabaseLock(databasePath, "restore");
  if (!lock.ok) {
    const { holder } = lock;
    throw new RestoreRefused(
      holder.role === "server"
        ? `The server is running on this database (process ${holder.pid}, started ${holder.startedAt}). ` +
            `Stop it first (sudo systemctl stop garden), then run the restore again. Nothing was changed.`
        : `Another restore is replacing this database (process ${holder.pid}, started ${holder.startedAt}). Let it finish, then check the result. Nothing was changed.`,
    );
  }
  try {
    return await restoreUnderLock(config, given);
  } finally {
    lock.release();
  }
}

/** The message when SQLite says the database is open though no process holds its lock. */
const DATABASE_OPEN =
  "The database is open in another program, most likely a server running on it without its lock file. " +
  "Stop the server (sudo systemctl stop garden) and any other program using the database, then run the restore again. Nothing was changed.";

async function restoreUnderLock(config: ServerConfig, given: string): Promise<RestoreReport> {
  const { databasePath, backupDir } = config;
  const source = resolveBackup(given, backupDir);
  if (path.resolve(source) === path.resolve(databasePath)) throw new RestoreRefused("That file is the live database itself: choose a backup.");

  if (!fs.existsSync(source)) throw new RestoreRefused(`There is no file ${given} here or in the backups folder (${backupDir}); nothing was changed.`);
  const check = checkDatabaseFile(source, knownMigrations());
  if (!check.ok) throw new RestoreRefused(`${source} cannot be restored, and nothing was changed. ${check.reason}`);
  if (databaseInUse(databasePath)) throw new RestoreRefused(DATABASE_OPEN);
  const lines = [`Checked ${source}: SQLite's integrity check is ok, ${check.flowers} memorial flowers, ${check.migrations.length} migrations.`];
  let keptCopy: string | null = null;
  if (fs.existsSync(databasePath)) {
    keptCopy = path.join(backupDir, `garden-before-restore-${format(new Date(), "yyyy-MM-dd-HHmmss")}.sqlite`);
    await keepCurrent(databasePath, keptCopy);
    lines.push(`Kept the current database as ${keptCopy}.`);
  }

  const dir = path.dirname(databasePath);
  fs.mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(databasePath)}.restoring`);
  fs.copyFileSync(source, temp);
  fs.chmodSync(temp, 0o600);
  syncFile(temp);
  // The old database's write-ahead log must not be applied to the restored file.
  for (const f of [`${databasePath}-wal`, `${databasePath}-shm`, `${databasePath}-journal`]) fs.rmSync(f, { force: true });
  fs.renameSync(temp, databasePath);
  syncDir(dir);
  // Sessions name accounts by id, and the backup's accounts may differ: everyone signs in again.
  endAllSessions(databasePath);
  lines.push(`Restored ${path.basename(source)} as ${databasePath}. Everyone signs in again.`);
  if (check.migrations.length < knownMigrations().length) lines.push("It was made by an earlier version: the server brings it up to date when it starts.");
  lines.push("Start the server again (sudo systemctl start garden).");
  return { restored: databasePath, keptCopy, flowers: check.flowers, lines };
}

/** A bare file name is looked for in the backups folder; a path is taken as given. */
function resolveBackup(given: string, backupDir: string): string {
  if (!given.includes(path.sep) && !fs.existsSync(given) && fs.existsSync(path.join(backupDir, given))) return path.join(backupDir, given);
  return path.resolve(given);
}

/** Copies the current database (with what its write-ahead log holds) into one file; a damaged one is copied as it is. */
async function keepCurrent(databasePath: string, target: string): Promise<void> {
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  try {
    const db = new Sqlite(databasePath, { fileMustExist: true, timeout: 5000 });
    try {
      await db.backup(target, { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
  } catch {
    fs.copyFileSync(databasePath, target);
    if (fs.existsSync(`${databasePath}-wal`)) fs.copyFileSync(`${databasePath}-wal`, `${target}-wal`);
  }
  fs.chmodSync(target, 0o600);
  syncFile(target);
}
