import fs from "node:fs";
import path from "node:path";
import { DataSource, type EntityManager } from "typeorm";
import type BetterSqlite3 from "better-sqlite3";
import { entities } from "./entities";
import { migrations } from "./migrations";

/**
 * The one SQLite connection, behind one queue.
 *
 * TypeORM gives SQLite a single connection, so a query issued by one request
 * while another request's transaction is open runs *inside* that transaction:
 * it would see uncommitted rows and be rolled back with it. Every piece of
 * database work therefore goes through `run` or `transaction`, which take
 * turns in arrival order. better-sqlite3 is synchronous and fast, and the
 * public lists are served from a cache, so the queue costs little.
 */
export class Database {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(readonly source: DataSource) {}

  /** Runs `work` alone on the connection (reads, and single writes that must not join a transaction). */
  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const turn = this.tail.then(() => work(this.source.manager));
    this.tail = turn.catch(() => undefined); // one failure must not block the queue
    return turn;
  }

  /** Runs `work` in one transaction, alone on the connection. */
  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.run(() => this.source.transaction(work));
  }

  /** The raw better-sqlite3 handle, for the backup; call only inside `run`. */
  get handle(): BetterSqlite3.Database {
    return (this.source.driver as unknown as { databaseConnection: BetterSqlite3.Database }).databaseConnection;
  }

  /** Writes a consistent copy of the whole database to `file` (VACUUM INTO), in turn with other work. */
  backupTo(file: string): Promise<void> {
    return this.run(async () => {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      this.handle.prepare("VACUUM INTO ?").run(file);
    });
  }

  async close(): Promise<void> {
    await this.tail;
    if (this.source.isInitialized) await this.source.destroy();
  }
}

/**
 * Opens (creating if needed) the SQLite file and brings its schema up to date.
 * The pending migrations run in one transaction: if one fails, none is kept
 * and the database stays as the previous version left it.
 */
export async function openDatabase(databasePath: string, list: typeof migrations = migrations): Promise<Database> {
  fs.mkdirSync(path.dirname(databasePath), { recursive: true });
  const source = new DataSource({
    type: "better-sqlite3",
    database: databasePath,
    entities,
    migrations: list,
    synchronize: false,
    migrationsRun: false,
    enableWAL: true,
    timeout: 5000, // busy timeout, ms: another process (a backup, the CLI) may hold the lock briefly
    logging: false,
    prepareDatabase: (db: BetterSqlite3.Database) => {
      db.pragma("foreign_keys = ON");
      db.pragma("synchronous = NORMAL"); // safe with WAL: a crash loses no committed transaction's integrity
    },
  });
  await source.initialize();
  try {
    await source.runMigrations({ transaction: "all" });
  } catch (err) {
    await source.destroy();
    throw err;
  }
  return new Database(source);
}
