import type { DataSource } from "typeorm";
import type BetterSqlite3 from "better-sqlite3";
import { BUSY_TIMEOUT_MS } from "../lib/connection";

/** The better-sqlite3 connection under a TypeORM data source. */
export function connectionOf(source: DataSource): BetterSqlite3.Database {
  return (source.driver as unknown as { databaseConnection: BetterSqlite3.Database }).databaseConnection;
}

/** Settings of every (re)opened connection, once the schema is up to date. */
export function configure(db: BetterSqlite3.Database): void {
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
}
