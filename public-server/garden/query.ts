import type BetterSqlite3 from "better-sqlite3";
import { GARDEN_PAGE_SIZE } from "../../shared/constants";
import type { Services } from "../context";
import { foldText, type GardenPageDto, type GardenQuery } from "../../shared/garden";

type FlowerRow = GardenPageDto["flowers"][number];

// Each connection keeps one prepared statement per SQL text (keepStatements in db.ts), so
// `db.prepare` below costs a lookup, and the few dozen shapes of these queries are parsed once.

const FLOWER_COLUMNS = `id, baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName, baby_last_name AS babyLastName,
  loss_date AS lossDate, flower_type AS flowerType`;

/** Recent searches kept, and the matching ids they may hold together (4 bytes each: 4 MB). */
const KEPT_SEARCHES = 1000;
const KEPT_IDS = 1_000_000;

/**
 * Recent searches' matches (ids, newest first), kept while the garden does
 * not change. A search's count reads every match (a short one, every name)
 * and a late page reads every match before it, while visitors page through
 * a search: with its matches kept, each further page is a slice. Kept only on
 * the read-only connection, where SQLite's data_version tells when another
 * connection has committed a change since; bounded in searches and in ids.
 */
export class RecentSearches {
  private readonly matches = new Map<string, Int32Array>();
  private ids = 0;
  private version: unknown;

  constructor(
    private readonly maxSearches = KEPT_SEARCHES,
    private readonly maxIds = KEPT_IDS,
  ) {}

  /** How many searches and ids are kept now. */
  get size(): { searches: number; ids: number } {
    return { searches: this.matches.size, ids: this.ids };
  }

  get(db: BetterSqlite3.Database, key: string, find: () => number[]): Int32Array {
    const version = db.prepare("PRAGMA data_version").pluck(true).get();
    if (version !== this.version) {
      this.matches.clear();
      this.ids = 0;
      this.version = version;
    }
    const kept = this.matches.get(key);
    if (kept) return kept;
    const found = Int32Array.from(find());
    if (found.length > this.maxIds) return found;
    this.matches.set(key, found);
    this.ids += found.length;
    for (const [oldest, ids] of this.matches) {
      if (this.matches.size <= this.maxSearches && this.ids <= this.maxIds) break;
      this.matches.delete(oldest);
      this.ids -= ids.length;
    }
    return found;
  }
}

const recentSearches = new WeakMap<BetterSqlite3.Database, RecentSearches>();
function recentSearchesOf(db: BetterSqlite3.Database): RecentSearches {
  let searches = recentSearches.get(db);
  if (!searches) recentSearches.set(db, (searches = new RecentSearches()));
  return searches;
}

/** An FTS5 phrase: the folded search as one quoted string, so its characters are never read as query syntax. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * One view of the garden (a flower, a letter, a search, a page of 12),
 * answered from the garden index the triggers keep: counts come from the
 * per-flower-and-letter table or a count over the index, never from loading
 * rows; only the page's 12 flowers are read in full. Call inside `db.read`.
 */
export function gardenPage(db: BetterSqlite3.Database, query: GardenQuery): GardenPageDto {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.flower) {
    where.push("gi.flower_type = ?");
    params.push(query.flower);
  }
  if (query.letter) {
    where.push("gi.initial = ?");
    params.push(query.letter.toLowerCase());
  }
  const needle = foldText(query.search.trim());
  // The trigram index needs three characters; a shorter search scans the folded names (at most a few ms).
  let from = "garden_index gi";
  let order = "gi.id";
  if (needle && [...needle].length >= 3) {
    from = "garden_fts JOIN garden_index gi ON gi.id = garden_fts.rowid";
    // FTS5 hands its matches out in rowid order itself: ordering by its rowid needs no sort of every match.
    order = "garden_fts.rowid";
    where.unshift("garden_fts MATCH ?");
    params.unshift(phrase(needle));
  } else if (needle) {
    where.push("instr(gi.folded, ?) > 0");
    params.push(needle);
  }
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";

  const total = (db.prepare("SELECT coalesce(sum(n), 0) AS n FROM garden_counts").get() as { n: number }).n;
  const idsSql = `SELECT gi.id AS id FROM ${from} ${whereSql} ORDER BY ${order} DESC`;
  let matches: number;
  let pageOf: (offset: number) => number[];
  if (needle && db.readonly) {
    const found = recentSearchesOf(db).get(
      db,
      `${whereSql}\0${params.join("\0")}`,
      () =>
        db
          .prepare(idsSql)
          .pluck(true)
          .all(...params) as number[],
    );
    matches = found.length;
    pageOf = (offset) => Array.from(found.subarray(offset, offset + GARDEN_PAGE_SIZE));
  } else {
    if (!needle) {
      const countWhere = whereSql.replace(/gi\./g, "");
      matches = (db.prepare(`SELECT coalesce(sum(n), 0) AS n FROM garden_counts ${countWhere}`).get(...params) as { n: number }).n;
    } else {
      matches = (db.prepare(`SELECT count(*) AS n FROM ${from} ${whereSql}`).get(...params) as { n: number }).n;
    }
    pageOf = (offset) =>
      db
        .prepare(`${idsSql} LIMIT ? OFFSET ?`)
        .pluck(true)
        .all(...params, GARDEN_PAGE_SIZE, offset) as number[];
  }

  const pages = Math.max(1, Math.ceil(matches / GARDEN_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  let flowers: FlowerRow[] = [];
  if (matches > 0) {
    const ids = pageOf((page - 1) * GARDEN_PAGE_SIZE);
    if (ids.length) {
      const rows = db.prepare(`SELECT ${FLOWER_COLUMNS} FROM memorial_flowers WHERE id IN (${ids.map(() => "?").join(",")})`).all(...ids) as FlowerRow[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      flowers = ids.map((id) => byId.get(id)).filter((r): r is FlowerRow => r !== undefined);
    }
  }
  return { flowers, matches, total, page, pages, query: { ...query, page } };
}

/** One approved flower's public fields, or null. Call inside `db.read`. */
export function approvedFlower(db: BetterSqlite3.Database, id: number): FlowerRow | null {
  return (db.prepare(`SELECT ${FLOWER_COLUMNS} FROM memorial_flowers WHERE id = ? AND approved`).get(id) as FlowerRow | undefined) ?? null;
}

/** Rows read per turn on the connection while the whole garden is listed: other requests take their turns between. */
const LIST_CHUNK = 5000;

/**
 * The whole approved garden as the JSON array `GET /api/memorial-flowers` has
 * always answered (newest first, the public fields only), as pieces of a few
 * thousand rows, each read in a turn of a few milliseconds so no other request
 * waits long behind it. The pieces are compressed as they come (PublicCache.getStreamed):
 * the whole list (13 MB at 100,000 flowers) is never in memory.
 */
export async function* wholeGardenJson(s: Services): AsyncGenerator<Buffer> {
  let before = Number.MAX_SAFE_INTEGER;
  let first = true;
  for (;;) {
    const rows = await s.db.read(
      (db) =>
        db
          .prepare(`SELECT ${FLOWER_COLUMNS} FROM memorial_flowers WHERE approved = 1 AND id < ? ORDER BY id DESC LIMIT ${LIST_CHUNK}`)
          .all(before) as FlowerRow[],
    );
    if (rows.length) {
      yield Buffer.from(`${first ? "[" : ","}${JSON.stringify(rows).slice(1, -1)}`);
      first = false;
    }
    if (rows.length < LIST_CHUNK) break;
    before = rows[rows.length - 1]!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
  yield Buffer.from(first ? "[]" : "]");
}
