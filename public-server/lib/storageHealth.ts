import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Database, DatabaseState } from "../db";

/**
 * Below this much free space the disk counts as full. SQLite's own probe (Database.state) changes no
 * page, so on a full disk it still succeeds while every real write is refused; a submission needs a few
 * pages, a bulk write far more. 64 KiB is 16 of SQLite's pages.
 */
const FULL_BELOW_BYTES = 64 * 1024;

/** Whether a write would succeed now: the database's own answer, then the free space of its disk. */
export async function storageState(db: Database, databasePath: string): Promise<DatabaseState> {
  const state = await db.state();
  if (state !== "writable") return state;
  try {
    const { bavail, bsize } = await fs.promises.statfs(path.dirname(databasePath));
    return bavail * bsize < FULL_BELOW_BYTES ? "full" : "writable";
  } catch {
    return state; // a system without statfs: the database's answer stands
  }
}

function userName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? "?"}`;
  }
}

const code = (err: unknown): string => String((err as { code?: unknown } | null)?.code ?? "");

/**
 * The one sentence that says why the server cannot start on its data folder and what to do, or null
 * when the failure is something else. Replaces the bare EROFS or SQLite message.
 */
export function dataFolderProblem(err: unknown, dataDir: string): string | null {
  const c = code(err);
  if (c === "EROFS" || c === "EACCES" || c === "EPERM" || c.startsWith("SQLITE_READONLY") || c === "SQLITE_CANTOPEN" || c === "SQLITE_PERM") {
    return (
      `The server cannot start: its data folder ${dataDir} is read-only for the user running it (${userName()}), so nothing could be saved; ` +
      "make the folder and every file in it writable by that user (and the disk not mounted read-only), then start the server again."
    );
  }
  if (c === "ENOSPC" || c.startsWith("SQLITE_FULL")) {
    return `The server cannot start: the disk holding its data folder ${dataDir} is full; free some space on it, then start the server again.`;
  }
  return null;
}
