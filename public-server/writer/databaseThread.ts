import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { FlowerEntry } from "../../shared/schemas/admin";
import { ApiError } from "../errors";
import { ErrorId } from "../../shared/errors";
import type { Queries } from "../queries";
import type { Operation, OperationInput, OperationResult, ThreadFailure, ThreadOptions, ThreadReply, ThreadRequest } from "./protocol";

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
 * (dist/server/databaseThread.js); run from its sources (the tests), the server
 * uses the copy `npm run build` made.
 */
function script(): string {
  const beside = path.join(import.meta.dirname, "databaseThread.js");
  if (fs.existsSync(beside)) return beside;
  const built = path.resolve(import.meta.dirname, "../../dist/server/databaseThread.js");
  if (fs.existsSync(built)) return built;
  throw new Error(`The database thread's script is missing (looked for ${beside} and ${built}). Build the server first: npm run build.`);
}

/**
 * The database thread (writer/worker.ts): a worker thread with a connection
 * of its own to the server's database, for the work that would hold the event
 * loop for hundreds of milliseconds or more: large writes (bulk uploads and
 * updates, a reset-and-import, from BEGIN to COMMIT and the checkpoint
 * after), the checks of large bodies, and backups (a copy, an online backup,
 * the retention job's scrub of old backups). Its operations and what each
 * answers are ThreadOperations (writer/protocol.ts), asked through `call`.
 * It implements `query`, so the domain hooks (the activity log) write
 * inside its transaction, committed or rolled back with the rows they
 * describe. The thread may be kept between writes (Database keeps it a
 * moment). Start a write only inside the database's write turn
 * (Database.writeOffThread): SQLite takes one writer at a time, and the turn
 * keeps the server's own connection from trying to write meanwhile. Backups
 * and checks need no turn: they read a snapshot (Database.readOffThread).
 */
export class DatabaseThread implements Queries {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private next = 0;
  private ended: Error | undefined;

  constructor(options: ThreadOptions) {
    this.worker = new Worker(script(), { workerData: options, resourceLimits: RESOURCE_LIMITS });
    // An idle thread does not keep the process alive; one with work in hand does (see call).
    this.worker.unref();
    this.worker.on("message", (reply: ThreadReply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) this.worker.unref();
      if ("failure" in reply) waiter?.reject(rebuild(reply.failure));
      else waiter?.resolve(reply.result);
    });
    // A thread that dies (out of its memory, a crash) takes its connection with it: SQLite rolls its transaction back.
    this.worker.on("error", (err) => this.end((err as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY" ? TOO_BIG() : err));
    this.worker.on("exit", (code) => this.end(new Error(`The database thread stopped (exit code ${code}).`)));
  }

  /** Whether the thread has stopped (closed, or died): a stopped thread answers nothing more. */
  get stopped(): boolean {
    return this.ended !== undefined;
  }

  private end(err: Error): void {
    this.ended ??= err;
    for (const waiter of this.waiting.values()) waiter.reject(err);
    this.waiting.clear();
  }

  /**
   * Asks the thread for one operation (see ThreadOperations for each one's input and result); the
   * thread does them one after another, in the order they were asked.
   */
  call<K extends Operation>(op: K, ...[input]: OperationInput<K> extends undefined ? [] : [input: OperationInput<K>]): Promise<OperationResult<K>> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.next++;
    return new Promise<OperationResult<K>>((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      const request: ThreadRequest<K> = { id, op, input };
      this.worker.postMessage(request);
    });
  }

  query<T = unknown[]>(sql: string, params: unknown[] = []): Promise<T> {
    return this.call("query", { sql, params }) as Promise<T>;
  }

  /** Adds approved flowers, a piece at a time. */
  async insert(entries: FlowerEntry[]): Promise<void> {
    for (let i = 0; i < entries.length; i += ENTRIES_PER_MESSAGE) {
      await this.call("insert", { entries: entries.slice(i, i + ENTRIES_PER_MESSAGE) });
    }
  }

  /** Closes the connection (rolling back anything left open) and stops the thread. */
  async close(): Promise<void> {
    try {
      await this.call("close");
    } catch {
      // the thread is gone already, and its connection with it
    }
    await this.worker.terminate();
  }
}

const TOO_BIG = () =>
  new ApiError(413, ErrorId.tooLarge, "This file is more than the server can check in one go. Please split it into smaller files. Nothing was changed.");

/** The failure as the server's code expects it: an ApiError for an answer, else an Error with SQLite's code. */
function rebuild(failure: ThreadFailure): Error {
  const { answer } = failure;
  if (answer) return new ApiError(answer.status, answer.id, failure.message, answer.errors, answer.headers, answer.conflicts);
  return Object.assign(new Error(failure.message), { name: failure.name, ...(failure.code ? { code: failure.code } : {}) });
}
