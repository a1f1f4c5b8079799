import fs from "node:fs";
import path from "node:path";
import { ensurePrivateDir, makePrivate, PRIVATE_FILE } from "../lib/privateFiles";
import { syncDir } from "../operations/backupFiles";
import { asStorageFailure } from "./failures";

/** Suffix of a backup still being written; such a file is never a backup, and is removed at start. */
const PARTIAL_BACKUP = ".partial";

/** Removes backups a crash left half-written (named with PARTIAL_BACKUP); answers how many. */
export function removePartialBackups(backupDir: string): number {
  let names: string[];
  try {
    names = fs.readdirSync(backupDir);
  } catch {
    return 0;
  }
  // SQLite may leave the copy's own journal beside it (name.partial-journal).
  for (const name of names.filter((n) => n.endsWith(PARTIAL_BACKUP) || n.endsWith(`${PARTIAL_BACKUP}-journal`))) {
    fs.rmSync(path.join(backupDir, name), { force: true });
  }
  return names.filter((n) => n.endsWith(PARTIAL_BACKUP)).length;
}

/**
 * Makes `file` a copy of the database through `copy` (which fills the path
 * it is given), so that a file with the real name is always complete: the
 * copy is made under a temporary name, private from its first byte, flushed
 * to disk (by `copy`) and only then renamed.
 */
export async function copyInto(file: string, copy: (partial: string) => Promise<unknown>): Promise<void> {
  const dir = path.dirname(file);
  const partial = path.join(dir, `${path.basename(file)}${PARTIAL_BACKUP}`);
  ensurePrivateDir(dir);
  fs.rmSync(partial, { force: true });
  // Made empty, private, before SQLite fills it: the copy is never readable by others, even for a moment.
  fs.closeSync(fs.openSync(partial, "wx", PRIVATE_FILE));
  makePrivate(partial);
  try {
    await copy(partial);
    fs.renameSync(partial, file);
    try {
      syncDir(dir); // the folder's entry too, where the system allows it
    } catch {
      // some systems cannot fsync a folder; the rename itself is still atomic
    }
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw asStorageFailure(err);
  }
}
