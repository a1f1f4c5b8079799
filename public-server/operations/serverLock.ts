import fs from "node:fs";
import { z } from "zod";

/**
 * A running server writes `<database>.pid` (its process id) and removes it
 * when it stops, so that `restore` can tell whether the database is in use.
 * A file left by a crash names a process that no longer exists and is ignored.
 */
const lockFileFor = (databasePath: string) => `${databasePath}.pid`;

const LockFile = z.object({ pid: z.number().int().positive(), startedAt: z.string() });

export function writeServerLock(databasePath: string): () => void {
  const file = lockFileFor(databasePath);
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }) + "\n", { mode: 0o600 });
  return () => {
    const holder = runningServer(databasePath);
    if (holder?.pid === process.pid) fs.rmSync(file, { force: true });
  };
}

/** The server process using this database, if one is running. */
export function runningServer(databasePath: string): { pid: number; startedAt: string; file: string } | null {
  const file = lockFileFor(databasePath);
  let parsed;
  try {
    parsed = LockFile.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  try {
    process.kill(parsed.data.pid, 0); // signal 0: only asks whether the process exists
  } catch (err) {
    // EPERM: it exists but belongs to another user, so it is running.
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return null;
  }
  return { ...parsed.data, file };
}
