import type { Statements } from "../database/statements";
import { GARDEN_PAGE_SIZE, GARDEN_SEARCH_BOUND } from "../../shared/constants";
import { searchNeedle, searchPhrase } from "../commands/adminSearch";
import type { Services } from "../context";
import { type GardenPageDto, type GardenQuery } from "../../shared/garden";
import type { PublicMemorialDto } from "../../shared/schemas/public";

type FlowerRow = GardenPageDto["flowers"][number];

// Each connection keeps one prepared statement per SQL text (keepStatements in db.ts), so
// `db.prepare` below costs a lookup, and the few dozen shapes of these queries are parsed once.

const FLOWER_COLUMNS = `id, baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName, baby_last_name AS babyLastName,
  loss_date AS lossDate, flower_type AS flowerType`;

/**
 * The most matches a search reads. A search most names share (a common trigram, one letter)
 * would otherwise read every matching id: its cost grew with the garden. It counts as "more
 * than" this many and pages through these; a visitor narrows it by typing more.
 */
export const SEARCH_MATCHES_READ = GARDEN_SEARCH_BOUND + 1;

/** What the kept searches may hold together: their ids (4 bytes each) and keys, about 4 MB. */
const KEPT_BYTES = 4_000_000;
/** A kept search's own cost besides its ids and key (map entry, array header). */
const ENTRY_BYTES = 160;

const keptBytes = (key: string, ids: Int32Array) => ENTRY_BYTES + key.length * 2 + ids.byteLength;

/**
 * Recent searches' matches (ids, newest first, at most SEARCH_MATCHES_READ),
 * kept while the garden does not change, so a visitor paging through a search
 * reads each further page as a slice. Kept only on the read-only connection,
 * where SQLite's data_version tells when another connection has committed a
 * change since; bounded by the bytes they hold (keys included), the oldest
 * dropped first.
 */
export class RecentSearches {
  private readonly matches = new Map<string, Int32Array>();
  private bytes = 0;
  private version: unknown;

  constructor(private readonly maxBytes = KEPT_BYTES) {}

  /** How many searches and bytes are kept now. */
  get size(): { searches: number; bytes: number } {
    return { searches: this.matches.size, bytes: this.bytes };
  }

  get(db: Statements, key: string, find: () => number[]): Int32Array {
    const version = db.prepare("PRAGMA data_version").pluck(true).get();
    if (version !== this.version) {
      this.matches.clear();
      this.bytes = 0;
      this.version = version;
    }
    const kept = this.matches.get(key);
    if (kept) return kept;
    const found = Int32Array.from(find());
    const cost = keptBytes(key, found);
    if (cost > this.maxBytes) return found;
    this.matches.set(key, found);
    this.bytes += cost;
    for (const [oldest, ids] of this.matches) {
      if (this.bytes <= this.maxBytes) break;
      this.matches.delete(oldest);
      this.bytes -= keptBytes(oldest, ids);
    }
    return found;
  }
}

const recentSearches = new WeakMap<Statements, RecentSearches>();
function recentSearchesOf(db: Statements): RecentSearches {
  let searches = recentSearches.get(db);
  if (!searches) recentSearches.set(db, (searches = new RecentSearches()));
  return searches;
}

/**
 * One view of the garden (a flower, a letter, a search, a page of 12),
 * answered from the garden index the triggers keep: counts come from the
 * per-flower-and-letter table, never from loading rows; only the page's 12
 * flowers are read in full. A search reads at most SEARCH_MATCHES_READ ids
 * from the trigram index, whose text keeps two spaces before each word, so
 * three characters or more are found anywhere in the name and one or two
 * characters at the start of a word, both by the index. Call inside `db.read`.
 */
export function gardenPage(db: Statements, query: GardenQuery): GardenPageDto {
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
  const total = (db.prepare("SELECT coalesce(sum(n), 0) AS n FROM garden_counts").get() as { n: number }).n;

  let matches: number;
  let more = false;
  let pageOf: (offset: number) => number[];
  if (query.search.trim()) {
    // Without a filter the trigram index finds the matches, newest first (FTS5 hands them out in rowid
    // order: no sort), and the limit stops its reading. With a flower or letter, whose matches may be
    // few among the search's, the filter's index is read instead (a tenth of the garden or less) and
    // each name looked at: either way no more than a part of the garden.
    const idsSql = where.length
      ? `SELECT gi.id FROM garden_index gi WHERE ${where.join(" AND ")} AND instr(gi.folded, ?) > 0 ORDER BY gi.id DESC LIMIT ${SEARCH_MATCHES_READ}`
      : `SELECT rowid FROM garden_fts WHERE garden_fts MATCH ? ORDER BY rowid DESC LIMIT ${SEARCH_MATCHES_READ}`;
    const searched = where.length ? searchNeedle(query.search) : searchPhrase(query.search);
    const find = () =>
      searched === null
        ? []
        : (db
            .prepare(idsSql)
            .pluck(true)
            .all(...(where.length ? [...params, searched] : [searched])) as number[]);
    let found = db.readonly ? recentSearchesOf(db).get(db, `${where.join(" AND ")}\0${searched}\0${params.join("\0")}`, find) : Int32Array.from(find());
    more = found.length > GARDEN_SEARCH_BOUND;
    if (more) found = found.subarray(0, GARDEN_SEARCH_BOUND);
    matches = found.length;
    pageOf = (offset) => Array.from(found.subarray(offset, offset + GARDEN_PAGE_SIZE));
  } else {
    const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
    matches = (db.prepare(`SELECT coalesce(sum(n), 0) AS n FROM garden_counts ${whereSql.replace(/gi\./g, "")}`).get(...params) as { n: number }).n;
    pageOf = (offset) =>
      db
        .prepare(`SELECT gi.id AS id FROM garden_index gi ${whereSql} ORDER BY gi.id DESC LIMIT ? OFFSET ?`)
        .pluck(true)
        .all(...params, GARDEN_PAGE_SIZE, offset) as number[];
  }

  const pages = Math.max(1, Math.ceil(matches / GARDEN_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  let flowers: FlowerRow[] = [];
  if (matches > 0) {
    const ids = pageOf((page - 1) * GARDEN_PAGE_SIZE);
    if (ids.length) {
      // A card whose family turned comments off offers none (the whole garden's list leaves this out: it is the cards' only).
      const rows = db
        .prepare(`SELECT ${FLOWER_COLUMNS}, comments_off AS off FROM memorial_flowers WHERE id IN (${ids.map(() => "?").join(",")})`)
        .all(...ids) as (FlowerRow & { off: number })[];
      const byId = new Map(rows.map(({ off, ...r }) => [r.id, off ? { ...r, commentsOff: true as const } : r]));
      flowers = ids.map((id) => byId.get(id)).filter((r): r is FlowerRow => r !== undefined);
    }
  }
  return { flowers, matches, ...(more ? { more } : {}), total, page, pages, query: { ...query, page } };
}

/** One approved flower's public fields, and whether its family turned comments off, or null. Call inside `db.read`. */
export function approvedFlower(db: Statements, id: number): PublicMemorialDto | null {
  const row = db.prepare(`SELECT ${FLOWER_COLUMNS}, comments_off AS off FROM memorial_flowers WHERE id = ? AND approved`).get(id) as
    (FlowerRow & { off: number }) | undefined;
  if (!row) return null;
  const { off, ...flower } = row;
  return off ? { ...flower, commentsOff: true } : flower;
}

/** Whether a family asked search engines to leave any of these flowers alone (their page, the views showing the name, the preview). */
export function searchHiddenAmong(db: Statements, ids: number[]): boolean {
  if (ids.length === 0) return false;
  return db.prepare(`SELECT 1 FROM memorial_flowers WHERE id IN (${ids.map(() => "?").join(",")}) AND search_hidden LIMIT 1`).get(...ids) !== undefined;
}

/** Rows read per turn on the connection while the whole garden is listed: other requests take their turns between. */
const LIST_CHUNK = 5000;

/**
 * The whole approved garden (link-only memorials left out) as the JSON array `GET /api/memorial-flowers` has
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
          .prepare(`SELECT ${FLOWER_COLUMNS} FROM memorial_flowers WHERE approved = 1 AND link_only = 0 AND id < ? ORDER BY id DESC LIMIT ${LIST_CHUNK}`)
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
