import type { BulkUpdateQuery, FlowerEntry, UpdateConflicts } from "../../shared/schemas/admin";
import type { ErrorIdValue, FieldIssue } from "../../shared/errors";

/** What the writer's thread is started with. */
export interface WriterOptions {
  databasePath: string;
}

/** One piece of work, asked of the writer's thread. */
export type WriterRequest =
  /** `maxPageCount`: the server connection's page limit, which the writer's connection keeps too. */
  | { op: "begin"; maxPageCount: number }
  | { op: "commit" }
  | { op: "checkpoint" }
  | { op: "rollback" }
  | { op: "close" }
  | { op: "query"; sql: string; params: unknown[] }
  | { op: "insert"; entries: FlowerEntry[] }
  | { op: "uploadCsv"; file: string }
  | { op: "uploadJson"; file: string }
  | { op: "updateJson"; file: string; choice: BulkUpdateQuery }
  | { op: "updateCsv"; file: string; choice: BulkUpdateQuery }
  | { op: "duplicatesJson"; file: string }
  | { op: "importCheck"; file: string; expectedCount: number }
  | { op: "importInsert"; file: string; expectedCount: number }
  | { op: "vacuumInto"; file: string }
  | { op: "scrubBackup"; file: string; deletes: BackupDelete[] }
  | { op: "onlineBackup"; target: string };

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

/** How a piece of work failed, in what crosses between threads: an error's class does not. */
export interface WriterFailure {
  name: string;
  message: string;
  /** SQLite's or the system's code (SQLITE_FULL, ENOSPC): the server turns these into their sentences. */
  code?: string;
  /** An answer for the administrator (a refused file), as ApiError holds it. */
  answer?: { status: number; id: ErrorIdValue; errors?: FieldIssue[]; headers?: Record<string, string>; conflicts?: UpdateConflicts };
}

export type WriterReply = { id: number; result: unknown } | { id: number; failure: WriterFailure };
