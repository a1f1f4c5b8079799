import fs from "node:fs";
import path from "node:path";
import Sqlite from "better-sqlite3";
import { format, getISOWeek, getISOWeekYear } from "date-fns";

/** Nightly copies are named garden-nightly-YYYY-MM-DD-HHmmss.sqlite (server time), so names sort by age. */
const NIGHTLY = /^garden-nightly-(\d{4})-(\d{2})-(\d{2})-(\d{2})(\d{2})(\d{2})\.sqlite$/;

export interface BackupFile {
  file: string;
  /** When it was taken (from its name). */
  at: Date;
}

export function nightlyName(at: Date): string {
  return `garden-nightly-${format(at, "yyyy-MM-dd-HHmmss")}.sqlite`;
}

/** The nightly copies in `dir`, newest first; other files (pre-import copies, temporary files) are left out. */
export function listNightly(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const out: BackupFile[] = [];
  for (const name of names) {
    const m = NIGHTLY.exec(name);
    if (!m) continue;
    const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
    out.push({ file: path.join(dir, name), at: new Date(y, mo - 1, d, h, mi, s) });
  }
  return out.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** The newest nightly copy: each one is checked before it gets its final name, so this is the last good backup. */
export function lastGoodBackup(dir: string): BackupFile | null {
  return listNightly(dir)[0] ?? null;
}

/**
 * Which nightly copies to keep: the newest `daily` ones, then, among the
 * older ones, the newest copy of each of the `weekly` most recent weeks
 * (ISO weeks, server time). Everything else is deleted; answers the deleted files.
 */
export function pruneNightly(dir: string, daily: number, weekly: number): string[] {
  const all = listNightly(dir);
  const keep = new Set(all.slice(0, daily).map((b) => b.file));
  const weeks = new Set<string>();
  for (const b of all.slice(daily)) {
    const week = `${getISOWeekYear(b.at)}-${getISOWeek(b.at)}`;
    if (weeks.has(week) || weeks.size >= weekly) continue;
    weeks.add(week);
    keep.add(b.file);
  }
  const removed: string[] = [];
  for (const b of all) {
    if (keep.has(b.file)) continue;
    fs.rmSync(b.file, { force: true });
    removed.push(b.file);
  }
  return removed;
}

export type FileCheck = { ok: true; flowers: number; migrations: string[] } | { ok: false; reason: string };

/**
 * Opens a database file read-only and checks it: SQLite's integrity check,
 * the tables this application made, and the migrations it recorded. Never
 * writes to the file.
 */
export function checkDatabaseFile(file: string, knownMigrations: readonly string[]): FileCheck {
  if (!fs.existsSync(file)) return { ok: false, reason: `There is no file at ${file}.` };
  let db: Sqlite.Database | undefined;
  try {
    db = new Sqlite(file, { readonly: true, fileMustExist: true });
    const problems = (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check);
    if (problems.length !== 1 || problems[0] !== "ok") return { ok: false, reason: `SQLite's integrity check failed: ${problems.slice(0, 3).join("; ")}.` };
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name));
    for (const needed of ["migrations", "memorial_flowers", "users"]) {
      if (!tables.has(needed)) return { ok: false, reason: `It is not a database of this site (it has no "${needed}" table).` };
    }
    const migrations = (db.prepare("SELECT name FROM migrations ORDER BY id").all() as { name: string }[]).map((r) => r.name);
    const unknown = migrations.filter((m) => !knownMigrations.includes(m));
    if (unknown.length) return { ok: false, reason: `It was made by a newer version of this site (unknown migration ${unknown[0]}): upgrade first.` };
    const flowers = (db.prepare("SELECT count(*) AS n FROM memorial_flowers").get() as { n: number }).n;
    return { ok: true, flowers, migrations };
  } catch (err) {
    return { ok: false, reason: `SQLite cannot read it: ${err instanceof Error ? err.message : String(err)}.` };
  } finally {
    db?.close();
  }
}

function fsyncPath(target: string, flags: string): void {
  const fd = fs.openSync(target, flags);
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Flushes a file's bytes to disk. */
export const syncFile = (file: string) => fsyncPath(file, "r+");

/** Makes a rename durable: the folder's entry is written to disk. */
export const syncDir = (dir: string) => fsyncPath(dir, "r");
