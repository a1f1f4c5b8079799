import type { Statements } from "../database/statements";
import { GARDEN_SEARCH_BOUND } from "../../shared/constants";
import { searchNeedle, searchPhrase } from "../commands/adminSearch";

/*
 * The garden index the triggers keep (garden_index, its per-flower-and-letter counts garden_counts, and
 * its trigram index garden_fts), read by the public garden's views (garden/query.ts) inside `db.read`.
 * Each connection keeps one prepared statement per SQL text (database/statements.ts), so `db.prepare`
 * below costs a lookup, and the few dozen shapes of these queries are parsed once.
 */

/**
 * The most matches a search reads. A search most names share (a common trigram, one letter)
 * would otherwise read every matching id: its cost grew with the garden. It counts as "more
 * than" this many and pages through these; a visitor narrows it by typing more.
 */
export const SEARCH_MATCHES_READ = GARDEN_SEARCH_BOUND + 1;

/** A view's flower and letter as conditions on `garden_index gi`, and their values. */
export interface GardenFilter {
  where: string[];
  params: unknown[];
}

export function gardenFilter(flower: string | null, letter: string | null): GardenFilter {
  const where: string[] = [];
  const params: unknown[] = [];
  if (flower) {
    where.push("gi.flower_type = ?");
    params.push(flower);
  }
  if (letter) {
    where.push("gi.initial = ?");
    params.push(letter.toLowerCase());
  }
  return { where, params };
}

/** How many flowers the whole garden shows. */
export function gardenTotal(db: Statements): number {
  return (db.prepare("SELECT coalesce(sum(n), 0) AS n FROM garden_counts").get() as { n: number }).n;
}

/** How many flowers a view shows without a search, from the counts (never from the rows). */
export function gardenCount(db: Statements, filter: GardenFilter): number {
  const whereSql = filter.where.length ? `WHERE ${filter.where.join(" AND ")}` : "";
  return (db.prepare(`SELECT coalesce(sum(n), 0) AS n FROM garden_counts ${whereSql.replace(/gi\./g, "")}`).get(...filter.params) as { n: number }).n;
}

/** One page of the ids a view shows without a search, newest first. */
export function gardenIds(db: Statements, filter: GardenFilter, limit: number, offset: number): number[] {
  const whereSql = filter.where.length ? `WHERE ${filter.where.join(" AND ")}` : "";
  return db
    .prepare(`SELECT gi.id AS id FROM garden_index gi ${whereSql} ORDER BY gi.id DESC LIMIT ? OFFSET ?`)
    .pluck(true)
    .all(...filter.params, limit, offset) as number[];
}

/**
 * What `searchedGardenIds` looks for: the search as one FTS5 phrase for the trigram index without
 * a filter, as the folded text itself with one; null when it can find nothing.
 */
export function gardenSearchTerm(filter: GardenFilter, search: string): string | null {
  return filter.where.length ? searchNeedle(search) : searchPhrase(search);
}

/**
 * The ids a search finds in a view, newest first, at most SEARCH_MATCHES_READ. Without a filter the
 * trigram index finds the matches (FTS5 hands them out in rowid order: no sort), and the limit stops
 * its reading. With a flower or letter, whose matches may be few among the search's, the filter's
 * index is read instead (a tenth of the garden or less) and each name looked at: either way no more
 * than a part of the garden. The index's text keeps two spaces before each word, so three characters
 * or more are found anywhere in the name and one or two characters at the start of a word.
 */
export function searchedGardenIds(db: Statements, filter: GardenFilter, term: string): number[] {
  const { where, params } = filter;
  const idsSql = where.length
    ? `SELECT gi.id FROM garden_index gi WHERE ${where.join(" AND ")} AND instr(gi.folded, ?) > 0 ORDER BY gi.id DESC LIMIT ${SEARCH_MATCHES_READ}`
    : `SELECT rowid FROM garden_fts WHERE garden_fts MATCH ? ORDER BY rowid DESC LIMIT ${SEARCH_MATCHES_READ}`;
  return db
    .prepare(idsSql)
    .pluck(true)
    .all(...(where.length ? [...params, term] : [term])) as number[];
}

/** SQLite's count of the commits other connections made to the file: it changes when the garden may have. */
export function dataVersion(db: Statements): unknown {
  return db.prepare("PRAGMA data_version").pluck(true).get();
}
