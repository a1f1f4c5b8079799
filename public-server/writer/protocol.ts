import type { BulkUpdateQuery, FlowerEntry, UpdateConflicts } from "../../shared/schemas/admin";
import type { ErrorIdValue, FieldIssue } from "../../shared/errors";
import type { BackupResult } from "../operations/onlineBackup";
import type { UpdateOutcome } from "./bulkUpdate";

/** What the database thread is started with. */
export interface ThreadOptions {
  databasePath: string;
}

/**
 * Every operation the database thread does (writer/worker.ts), by name: what
 * it is given and what it answers. DatabaseThread.call is typed by it, and the
 * thread dispatches through it, so an operation, its input and its result are
 * written once for both sides.
 */
export interface ThreadOperations {
  /** Opens a write transaction, keeping the server connection's page limit (`maxPageCount`). */
  begin: { input: { maxPageCount: number }; result: null };
  commit: { input: undefined; result: null };
  rollback: { input: undefined; result: null };
  /**
   * Copies the write-ahead log into the database and empties it (after a large write, outside any
   * transaction); answers whether the log could be emptied (readers may still use it).
   */
  checkpoint: { input: undefined; result: boolean };
  /** Closes the connection, rolling back anything left open. */
  close: { input: undefined; result: null };
  /** One statement with its parameters: the rows of a read, none for a write (see Queries). */
  query: { input: { sql: string; params: unknown[] }; result: unknown[] };
  /** Adds approved flowers (DatabaseThread.insert sends them a piece at a time). */
  insert: { input: { entries: FlowerEntry[] }; result: null };
  /** Checks an uploaded CSV file and adds its flowers; throws the answer for a refused file. Answers how many. */
  uploadCsv: { input: { file: string }; result: number };
  /** Parses and checks a saved bulk-upload JSON body (BulkUploadInput), and adds its flowers. Answers how many. */
  uploadJson: { input: { file: string }; result: number };
  /**
   * Parses and checks a saved bulk-update JSON body (BulkUpdateInput), and changes its flowers, all or none;
   * rows whose flowers changed since the download as `choice` says (see writer/bulkUpdate.ts).
   */
  updateJson: { input: { file: string; choice: BulkUpdateQuery }; result: UpdateOutcome };
  /** Reads an update's CSV file a piece at a time, checking and applying its rows as they come; the same rules as updateJson. */
  updateCsv: { input: { file: string; choice: BulkUpdateQuery }; result: UpdateOutcome };
  /** Parses and checks a saved duplicate-check JSON body (DuplicateCheckInput): the positions of its rows already in the garden. */
  duplicatesJson: { input: { file: string }; result: number[] };
  /**
   * Parses and checks a saved reset-and-import JSON body (ResetImportInput, then the strict reader's rules
   * for `expectedCount` rows): its key, and its rows' problems.
   */
  importCheck: { input: { file: string; expectedCount: number }; result: ImportCheck };
  /** Adds the approved flowers of a reset-and-import body that importCheck passed; answers how many. */
  importInsert: { input: { file: string; expectedCount: number }; result: number };
  /** Writes a consistent copy of the whole database to `file` (VACUUM INTO), flushed to disk. Outside any transaction. */
  vacuumInto: { input: { file: string }; result: null };
  /** Runs the retention job's `deletes` in the backup `file` and compacts it; answers whether it changed. */
  scrubBackup: { input: { file: string; deletes: BackupDelete[] }; result: boolean };
  /** Takes a checked online backup to `target` (see operations/onlineBackup.ts). */
  onlineBackup: { input: { target: string }; result: BackupResult };
}

export type Operation = keyof ThreadOperations;
export type OperationInput<K extends Operation> = ThreadOperations[K]["input"];
export type OperationResult<K extends Operation> = ThreadOperations[K]["result"];

/** One operation asked of the thread, as it crosses to it. */
export interface ThreadRequest<K extends Operation = Operation> {
  id: number;
  op: K;
  input: OperationInput<K>;
}

/** What the thread found in a reset-and-import's body: the key to check, and the rows' problems (none: the file may be imported). */
export interface ImportCheck {
  adminKey: string;
  errors: string[];
}

/** A statement run in a backup file by the retention job (the same for every backup). */
export interface BackupDelete {
  sql: string;
  params: unknown[];
}

/** How an operation failed, in what crosses between threads: an error's class does not. */
export interface ThreadFailure {
  name: string;
  message: string;
  /** SQLite's or the system's code (SQLITE_FULL, ENOSPC): the server turns these into their sentences. */
  code?: string;
  /** An answer for the administrator (a refused file), as ApiError holds it. */
  answer?: { status: number; id: ErrorIdValue; errors?: FieldIssue[]; headers?: Record<string, string>; conflicts?: UpdateConflicts };
}

export type ThreadReply = { id: number; result: unknown } | { id: number; failure: ThreadFailure };
