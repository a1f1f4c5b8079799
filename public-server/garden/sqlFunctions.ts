import type BetterSqlite3 from "better-sqlite3";
import { foldText, fullName, lastInitial } from "../../shared/garden";

/**
 * SQL functions the garden's triggers call, so the search copy of each name
 * is folded by the very code that folds a visitor's search. Every connection
 * that writes memorial flowers must have them (the server's, the admin CLI's,
 * the tests' second connection): without them such a write fails rather than
 * leaving the search copy behind.
 */
export function registerGardenFunctions(db: BetterSqlite3.Database): void {
  db.function("garden_fold", { deterministic: true }, (first: unknown, middle: unknown, last: unknown) =>
    foldText(fullName({ babyFirstName: String(first ?? ""), babyMiddleName: middle as string | null, babyLastName: last as string | null })),
  );
  db.function("garden_initial", { deterministic: true }, (last: unknown) => lastInitial(typeof last === "string" ? last : null));
}
