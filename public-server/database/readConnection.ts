import { DataSource, type EntityManager } from "typeorm";
import type BetterSqlite3 from "better-sqlite3";
import { entities } from "../entities";
import type { Logger } from "../lib/log";
import { BUSY_TIMEOUT_MS } from "../lib/connection";
import { asStorageFailure, isBusy, sqliteCode } from "./failures";
import { KEPT_STATEMENTS, keptStatements, type Statements } from "./statements";
import { connectionOf } from "./driver";
import type { WriteQueue } from "./writeQueue";

/**
 * The second, read-only connection, outside the write queue (see
 * Database.read for the rule of which reads come here). Opened when first
 * asked for; where it cannot be opened or is busy, the read takes its turn
 * in the queue as before.
 */
export class ReadConnection {
  /** Undefined until first asked for, null where it cannot be opened. */
  private source: Promise<DataSource | null> | undefined;

  constructor(
    private readonly queue: WriteQueue,
    private readonly log?: Logger,
  ) {}

  async read<T>(work: (db: Statements, m: EntityManager) => T | Promise<T>): Promise<T> {
    const reader = await (this.source ??= this.open());
    if (reader) {
      try {
        return await work(keptStatements(connectionOf(reader)), reader.manager);
      } catch (err) {
        if (!isBusy(err)) throw asStorageFailure(err);
      }
    }
    return this.queue.run(async (m) => work(keptStatements(this.queue.handle), m));
  }

  private async open(): Promise<DataSource | null> {
    const source = new DataSource({
      type: "better-sqlite3",
      database: this.queue.path,
      readonly: true,
      fileMustExist: true,
      timeout: BUSY_TIMEOUT_MS,
      entities,
      synchronize: false,
      migrationsRun: false,
      logging: false,
      statementCacheSize: KEPT_STATEMENTS,
      prepareDatabase: (db: BetterSqlite3.Database) => {
        db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      },
    });
    try {
      await source.initialize();
      return source;
    } catch (err) {
      this.log?.error("read_connection_unavailable", { cause: sqliteCode(err) || (err instanceof Error ? err.name : "unknown") });
      return null;
    }
  }

  /** Closes the connection; a read asked for after this takes its turn in the queue. */
  async close(): Promise<void> {
    const reader = await this.source;
    this.source = Promise.resolve(null);
    if (reader?.isInitialized) await reader.destroy();
  }
}
