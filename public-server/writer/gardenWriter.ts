import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { BulkUpdateQuery, FlowerEntry } from "../../shared/schemas/admin";
import { ApiError } from "../errors";
import { ErrorId } from "../../shared/errors";
import type { Queries } from "../queries";
import type { BackupResult } from "../operations/onlineBackup";
import type { UpdateOutcome } from "./bulkUpdate";
import type { BackupDelete, ImportCheck, WriterFailure, WriterOptions, WriterReply, WriterRequest } from "./protocol";

/** Flowers sent to the thread per message: copying one message takes about a millisecond of the event loop. */
const ENTRIES_PER_MESSAGE = 1000;

/**
 * The thread's own memory, bounded: a CSV file is read a piece at a time,
 * but a JSON body is parsed and checked whole (200,000 rows, the most one
 * body may carry, need about 120 MB). Past the bound only the thread stops,
 * and the write with it; the server goes on.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 4 };

/**
 * The thread's script. The server's bundle has it beside itself
 * (dist/server/gardenWriter.js); run from its sources (the tests), the server
 * uses the copy `npm run build` made.
 */
function script(): string {
  const beside = path.join(import.meta.dirname, "gardenWriter.js");
  if (fs.existsSync(beside)) return beside;
  const built = path.resolve(import.meta.dirname, "../../dist/server/gardenWriter.js");
  if (fs.existsSync(built)) return built;
  throw new Error(`The large-write thread's script is missing (looked for ${beside} and ${built}). Build the server first: npm run build.`);
}

/**
 * The large-write thread (writer/worker.ts) with its own connection, driven
 * from here one request at a time. It implements
 * `query`, so the domain hooks (the activity log) write inside its
 * transaction, committed or rolled back with the rows they describe.
 * The thread may be kept between writes (Database keeps it a few seconds).
 * Start a write only inside the database's write turn (Database.writeOffThread):
 * SQLite takes one writer at a time, and the turn keeps the server's own
 * connection from trying to write meanwhile. Backups and checks need no
 * turn: they read a snapshot (Database.readOffThread).
 */
export class GardenWriter implements Queries {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private next = 0;
  private ended: Error | undefined;

  constructor(options: WriterOptions) {
    this.worker = new Worker(script(), { workerData: options, resourceLimits: RESOURCE_LIMITS });
    // An idle thread does not keep the process alive; one with work in hand does (see call).
    this.worker.unref();
    this.worker.on("message", (reply: WriterReply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) this.worker.unref();
      if ("failure" in reply) waiter?.reject(rebuild(reply.failure));
      else waiter?.resolve(reply.result);
    });
    // A thread that dies (out of its memory, a crash) takes its connection with it: SQLite rolls its transaction back.
    this.worker.on("error", (err) => this.end((err as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY" ? TOO_BIG() : err));
    this.worker.on("exit", (code) => this.end(new Error(`The large-write thread stopped (exit code ${code}).`)));
  }

  /** Whether the thread has stopped (closed, or died): a stopped writer answers nothing more. */
  get stopped(): boolean {
    return this.ended !== undefined;
  }

  private end(err: Error): void {
    this.ended ??= err;
    for (const waiter of this.waiting.values()) waiter.reject(err);
    this.waiting.clear();
  }

  private call<T>(request: WriterRequest): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** Opens a write transaction, with the server connection's page limit (`maxPageCount`). */
  begin = (maxPageCount: number) => this.call<null>({ op: "begin", maxPageCount });
  commit = () => this.call<null>({ op: "commit" });
  rollback = () => this.call<null>({ op: "rollback" });
  /**
   * Copies the write-ahead log into the database and empties it (after a large write, outside any
   * transaction); answers whether the log could be emptied (readers may still use it).
   */
  checkpoint = () => this.call<boolean>({ op: "checkpoint" });

  query<T = unknown[]>(sql: string, params: unknown[] = []): Promise<T> {
    return this.call<T>({ op: "query", sql, params });
  }

  /** Adds approved flowers. */
  async insert(entries: FlowerEntry[]): Promise<void> {
    for (let i = 0; i < entries.length; i += ENTRIES_PER_MESSAGE) {
      await this.call({ op: "insert", entries: entries.slice(i, i + ENTRIES_PER_MESSAGE) });
    }
  }

  /** Checks an uploaded CSV file and adds its flowers; throws the answer for a refused file. */
  uploadCsv(file: string): Promise<number> {
    return this.call<number>({ op: "uploadCsv", file });
  }

  /** Parses and checks a saved bulk-upload JSON body (BulkUploadInput), and adds its flowers. */
  uploadJson(file: string): Promise<number> {
    return this.call<number>({ op: "uploadJson", file });
  }

  /**
   * Parses and checks a saved bulk-update JSON body (BulkUpdateInput), and changes its flowers, all or none;
   * rows whose flowers changed since the download as `choice` says (see writer/bulkUpdate.ts).
   */
  updateJson(file: string, choice: BulkUpdateQuery): Promise<UpdateOutcome> {
    return this.call<UpdateOutcome>({ op: "updateJson", file, choice });
  }

  /** Reads an update's CSV file a piece at a time, checking and applying its rows as they come; the same rules as updateJson. */
  updateCsv(file: string, choice: BulkUpdateQuery): Promise<UpdateOutcome> {
    return this.call<UpdateOutcome>({ op: "updateCsv", file, choice });
  }

  /** Parses and checks a saved duplicate-check JSON body (DuplicateCheckInput): the positions of its rows already in the garden. */
  duplicatesJson(file: string): Promise<number[]> {
    return this.call<number[]>({ op: "duplicatesJson", file });
  }

  /**
   * Parses and checks a saved reset-and-import JSON body (ResetImportInput, then the strict reader's rules
   * for `expectedCount` rows): its key, and its rows' problems.
   */
  importCheck(file: string, expectedCount: number): Promise<ImportCheck> {
    return this.call<ImportCheck>({ op: "importCheck", file, expectedCount });
  }

  /** Adds the approved flowers of a reset-and-import body that importCheck passed; answers how many. */
  importInsert(file: string, expectedCount: number): Promise<number> {
    return this.call<number>({ op: "importInsert", file, expectedCount });
  }

  /** Writes a consistent copy of the whole database to `file` (VACUUM INTO), flushed to disk. Outside any transaction. */
  vacuumInto(file: string): Promise<void> {
    return this.call<void>({ op: "vacuumInto", file });
  }

  /** Runs the retention job's `deletes` in the backup `file` and compacts it; answers whether it changed. */
  scrubBackup(file: string, deletes: BackupDelete[]): Promise<boolean> {
    return this.call<boolean>({ op: "scrubBackup", file, deletes });
  }

  /** Takes a checked online backup to `target` (see operations/onlineBackup.ts). */
  onlineBackup(target: string): Promise<BackupResult> {
    return this.call<BackupResult>({ op: "onlineBackup", target });
  }

  /** Closes the connection (rolling back anything left open) and stops the thread. */
  async close(): Promise<void> {
    try {
      await this.call({ op: "close" });
    } catch {
      // the thread is gone already, and its connection with it
    }
    await this.worker.terminate();
  }
}

const TOO_BIG = () =>
  new ApiError(413, ErrorId.tooLarge, "This file is more than the server can check in one go. Please split it into smaller files. Nothing was changed.");

/** The failure as the server's code expects it: an ApiError for an answer, else an Error with SQLite's code. */
function rebuild(failure: WriterFailure): Error {
  const { answer } = failure;
  if (answer) return new ApiError(answer.status, answer.id, failure.message, answer.errors, answer.headers, answer.conflicts);
  return Object.assign(new Error(failure.message), { name: failure.name, ...(failure.code ? { code: failure.code } : {}) });
}
