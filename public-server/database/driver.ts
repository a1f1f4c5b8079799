import type { DataSource } from "typeorm";
import type BetterSqlite3 from "better-sqlite3";
import { BUSY_TIMEOUT_MS } from "../lib/connection";

/**
 * What the database layer reaches under TypeORM's data source: the
 * better-sqlite3 connection and the driver's one query runner, both public
 * fields of TypeORM's SQLite drivers (AbstractSqliteDriver), which its
 * `Driver` interface does not name.
 */
interface SqliteDriver {
  databaseConnection: BetterSqlite3.Database;
  queryRunner?: { readonly isTransactionActive: boolean; release(): Promise<void> };
}

const driverOf = (source: DataSource) => source.driver as unknown as SqliteDriver;

/** The better-sqlite3 connection under a TypeORM data source. */
export function connectionOf(source: DataSource): BetterSqlite3.Database {
  return driverOf(source).databaseConnection;
}

/** Settings of every (re)opened connection, once the schema is up to date. */
export function configure(db: BetterSqlite3.Database): void {
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
}

/** Whether TypeORM believes a transaction is open on the connection (its one query runner's public flag). */
export function typeormInTransaction(source: DataSource): boolean {
  return driverOf(source).queryRunner?.isTransactionActive === true;
}

/**
 * Lets go of TypeORM's query runner whose transaction bookkeeping no longer
 * matches the connection (a failure SQLite answered mid-transaction: a full
 * disk rolls some back by itself), so the driver makes a fresh one, outside
 * any transaction, at the next query. Without it every later "transaction"
 * ran as a savepoint, and every turn found the bookkeeping wrong again. The runner is the
 * driver's, made on demand (`createQueryRunner`: `this.queryRunner ??= new
 * ...`); nothing else holds it between turns. Its kept statements go with it.
 */
export async function dropQueryRunner(source: DataSource): Promise<void> {
  const driver = driverOf(source);
  const runner = driver.queryRunner;
  driver.queryRunner = undefined;
  await runner?.release();
}
