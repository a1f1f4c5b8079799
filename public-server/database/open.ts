import fs from "node:fs";
import path from "node:path";
import { DataSource } from "typeorm";
import type BetterSqlite3 from "better-sqlite3";
import { entities } from "../entities";
import { migrations } from "../migrations";
import { ensurePrivateDir, makePrivate, PRIVATE_FILE } from "../lib/privateFiles";
import type { Logger } from "../lib/log";
import { prepareWriteConnection } from "../lib/connection";
import { isFull, isReadOnly, READ_ONLY_HELP } from "./failures";
import { KEPT_STATEMENTS } from "./statements";
import { configure, connectionOf } from "./driver";
import { Database } from "./database";

/**
 * Opens (creating if needed) the SQLite file and brings its schema up to date.
 * The pending migrations run in one transaction: if one fails, none is kept
 * and the database stays as the previous version left it.
 */
export async function openDatabase(databasePath: string, log?: Logger, list: typeof migrations = migrations): Promise<Database> {
  ensurePrivateDir(path.dirname(databasePath));
  // Created private before SQLite opens it; SQLite gives its -wal and -shm files the same mode.
  if (!fs.existsSync(databasePath)) fs.closeSync(fs.openSync(databasePath, "a", PRIVATE_FILE));
  for (const file of [databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) {
    try {
      makePrivate(file);
    } catch {
      // missing, or on a read-only disk: the writability check at start says what matters
    }
  }
  const source = new DataSource({
    type: "better-sqlite3",
    database: databasePath,
    entities,
    migrations: list,
    synchronize: false,
    migrationsRun: false,
    enableWAL: true,
    timeout: 5000, // at start only: another process (a backup, the CLI) may hold the lock briefly
    logging: false,
    statementCacheSize: KEPT_STATEMENTS,
    prepareDatabase: (db: BetterSqlite3.Database) => prepareWriteConnection(db, { flushOffLoop: true }),
  });
  await source.initialize();
  try {
    const ran = await source.runMigrations({ transaction: "all" });
    // The older migrations register SQL functions of their own (migrations/legacyFolding.ts): the server's connection has none.
    if (ran.length) {
      await source.destroy();
      await source.initialize();
    }
  } catch (err) {
    await source.destroy();
    if (isReadOnly(err)) throw new Error(`The database ${databasePath} is read-only, so its tables cannot be brought up to date. ${READ_ONLY_HELP}`);
    if (isFull(err)) throw new Error(`The disk holding ${databasePath} is full, so its tables cannot be brought up to date. Free some space and start again.`);
    throw err;
  }
  configure(connectionOf(source));
  const db = new Database(source, log);
  await db.onDisk(); // the migrations
  return db;
}
