import fs from "node:fs";
import path from "node:path";
import Sqlite from "better-sqlite3";
import { migrations } from "../migrations";
import { checkDatabaseFile, syncDir } from "./backupFiles";

export interface BackupResult {
  file: string;
  bytes: number;
  /** Time spent copying, and checking the copy. */
  copyMs: number;
  checkMs: number;
}

/** The migration names this version knows, to recognise a database file as ours. */
export const knownMigrations = (): string[] => migrations.map((M) => new M().name);

/**
 * Copies the live database to `target` while the site keeps running, with
 * SQLite's online backup API on a connection of its own. The copy is made in
 * one step, inside one read transaction: in WAL mode that is a consistent
 * snapshot of every committed transaction, and writers on the server's
 * connection carry on meanwhile (a copy in small steps would start over after
 * every write). It is written under a temporary name, checked (integrity
 * check, our tables and migrations), made a single self-contained file that
 * only the service user can read, and only then renamed to `target`: a file
 * with the final name is always a good backup.
 */
export async function takeOnlineBackup(databasePath: string, target: string): Promise<BackupResult> {
  const dir = path.dirname(target);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.tmp`);
  removeCopy(temp);
  // Created empty first, so the copy is never readable by others, not even for a moment.
  fs.writeFileSync(temp, "", { mode: 0o600 });
  const started = performance.now();
  try {
    const source = new Sqlite(databasePath, { fileMustExist: true, timeout: 5000 });
    try {
      // The first step only sets up; the second copies every page at once.
      await source.backup(temp, { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
    const copied = performance.now();
    const copy = new Sqlite(temp, { fileMustExist: true });
    try {
      copy.pragma("journal_mode = DELETE"); // one file, no -wal beside it
    } finally {
      copy.close();
    }
    const check = checkDatabaseFile(temp, knownMigrations());
    if (!check.ok) throw new Error(`The copy failed its check: ${check.reason}`);
    const checkMs = performance.now() - copied;
    fs.chmodSync(temp, 0o600);
    fs.renameSync(temp, target);
    syncDir(dir);
    return { file: target, bytes: fs.statSync(target).size, copyMs: copied - started, checkMs };
  } catch (err) {
    removeCopy(temp);
    throw err;
  }
}

function removeCopy(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) fs.rmSync(f, { force: true });
}
