import type BetterSqlite3 from "better-sqlite3";
import type { QueryRunner } from "typeorm";
import { foldText, fullName, lastInitial } from "../../shared/garden";
import { adminSearchText } from "../commands/adminSearch";

/**
 * The SQL functions the search indexes' triggers called before the search
 * text was stored with each flower (1797320000000-dbdoor-stored-search-text):
 * the migrations written then call them, so each registers them on the
 * connection it runs on. Only the migrating connection has them; the server
 * reopens it once migrations have run (see db.ts), so no serving connection
 * depends on a function of ours.
 */
export function registerLegacyFolding(q: QueryRunner): void {
  legacyFoldingOn((q.connection.driver as unknown as { databaseConnection: BetterSqlite3.Database }).databaseConnection);
}

/** The same on a connection of its own (a test writing a database as the older server did). */
export function legacyFoldingOn(db: BetterSqlite3.Database): void {
  db.function("garden_fold", { deterministic: true }, (first: unknown, middle: unknown, last: unknown) =>
    adminSearchText(foldText(fullName({ babyFirstName: String(first ?? ""), babyMiddleName: middle as string | null, babyLastName: last as string | null }))),
  );
  db.function("admin_search_text", { deterministic: true }, (text: unknown) => adminSearchText(typeof text === "string" ? text : ""));
  db.function("garden_initial", { deterministic: true }, (last: unknown) => lastInitial(typeof last === "string" ? last : null));
}
