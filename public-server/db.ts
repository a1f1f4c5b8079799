import fs from "node:fs";
import path from "node:path";
import { DataSource, type EntityManager } from "typeorm";
import type BetterSqlite3 from "better-sqlite3";
import { entities } from "./entities";
import { migrations } from "./migrations";
import { registerGardenFunctions } from "./garden/sqlFunctions";

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

/** Distinct SQL texts whose statements are kept (the app has a few hundred; more are prepared as before). */
const KEPT_STATEMENTS = 2000;

/**
 * Keeps each prepared statement for the life of the connection instead of
 * leaving it to the garbage collector: with better-sqlite3 12 on Node 24 a
 * statement finalised by a garbage collection that runs outside JavaScript
 * (an idle collection) aborts the whole process ("Assertion failed: (env) !=
 * nullptr" in Statement::~Statement). TypeORM prepares a statement for every
 * query, so under load (a 100,000-row upload) that collection comes soon.
 * Reusing statements also saves the parse of every repeated query.
 */
function keepStatements(db: BetterSqlite3.Database): void {
  const prepare = db.prepare.bind(db) as (sql: string, ...rest: unknown[]) => BetterSqlite3.Statement;
  const kept = new Map<string, BetterSqlite3.Statement>();
  (db as unknown as { prepare: typeof prepare }).prepare = (sql: string, ...rest: unknown[]) => {
    if (rest.length) return prepare(sql, ...rest); // internal calls (pragma) pass extra arguments
    let statement = kept.get(sql);
    if (!statement) {
      statement = prepare(sql);
      if (kept.size < KEPT_STATEMENTS) kept.set(sql, statement);
    }
    return statement;
  };
}

/** Opens (creating if needed) the SQLite file and brings its schema up to date. */
export async function openDatabase(databasePath: string): Promise<Database> {
  fs.mkdirSync(path.dirname(databasePath), { recursive: true });
  const source = new DataSource({
    type: "better-sqlite3",
    database: databasePath,
    entities,
    migrations,
    synchronize: false,
    migrationsRun: false,
    enableWAL: true,
    timeout: 5000, // busy timeout, ms: another process (a backup, the CLI) may hold the lock briefly
    logging: false,
    prepareDatabase: (db: BetterSqlite3.Database) => {
      db.pragma("foreign_keys = ON");
      db.pragma("synchronous = NORMAL"); // safe with WAL: a crash loses no committed transaction's integrity
      registerGardenFunctions(db);
      keepStatements(db);
    },
  });
  await source.initialize();
  await source.runMigrations({ transaction: "each" });
  return new Database(source);
}
