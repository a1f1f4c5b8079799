import type BetterSqlite3 from "better-sqlite3";
import { foldText, fullName, lastInitial } from "../../shared/garden";
import { adminSearchText } from "../commands/adminSearch";

/**
 * SQL functions the search indexes' triggers call (the garden's and the
 * admin's), so the search copy of each name is folded by the very code that
 * folds a search. Every connection
 * that writes memorial flowers must have them (the server's, the admin CLI's,
 * the tests' second connection): without them such a write fails rather than
 * leaving the search copy behind.
 */
export function registerGardenFunctions(db: BetterSqlite3.Database): void {
  // Kept as the admin's index keeps names (two spaces before each word), so a search of one or two letters finds the words they begin.
  db.function("garden_fold", { deterministic: true }, (first: unknown, middle: unknown, last: unknown) =>
    adminSearchText(foldText(fullName({ babyFirstName: String(first ?? ""), babyMiddleName: middle as string | null, babyLastName: last as string | null }))),
  );
  db.function("admin_search_text", { deterministic: true }, (text: unknown) => adminSearchText(typeof text === "string" ? text : ""));
  db.function("garden_initial", { deterministic: true }, (last: unknown) => lastInitial(typeof last === "string" ? last : null));
}
