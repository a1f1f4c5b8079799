import { ErrorId } from "../../shared/errors";
import { ApiError, Unavailable } from "../errors";

/*
 * What a storage failure means for the visitor: SQLite's result codes (and
 * the disk's) read as a 503 with a sentence they can act on.
 */

const FULL_MESSAGE = "We are sorry: the server's storage is full, so we could not save this. Please try again in a little while.";
const BUSY_MESSAGE = "We are sorry: the site is busy for a moment, so we could not save this. Please try again in a few seconds.";
const READ_ONLY_MESSAGE = "We are sorry: the site cannot save anything at the moment, so we could not save this. Please try again later.";

/** SQLite's result code of an error from better-sqlite3, directly or wrapped by TypeORM. */
export function sqliteCode(err: unknown): string {
  const e = err as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === "string" ? code : "";
}

export const isBusy = (err: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(sqliteCode(err));
export const isFull = (err: unknown) => /^SQLITE_FULL/.test(sqliteCode(err)) || (err as { code?: string } | null)?.code === "ENOSPC";
export const isReadOnly = (err: unknown) => /^SQLITE_READONLY/.test(sqliteCode(err)) || (err as { code?: string } | null)?.code === "EROFS";

/** A storage failure becomes a 503 with a sentence a visitor can act on; anything else goes on as it is. */
export function asStorageFailure(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  if (isFull(err)) return Unavailable(ErrorId.storageFull, FULL_MESSAGE, 60);
  if (isBusy(err)) return Unavailable(ErrorId.databaseBusy, BUSY_MESSAGE, 5);
  if (isReadOnly(err)) return Unavailable(ErrorId.databaseReadOnly, READ_ONLY_MESSAGE, 60);
  return err;
}

/** What to do about a read-only database, for the start-up message. */
export const READ_ONLY_HELP =
  "Make the file, its folder and its -wal and -shm files writable by the user that runs the server (and the disk not mounted read-only).";
