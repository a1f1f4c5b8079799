import type { Statements } from "../database/statements";
import { GARDEN_PAGE_SIZE, GARDEN_SEARCH_BOUND } from "../../shared/constants";
import type { Services } from "../context";
import { type GardenPageDto, type GardenQuery } from "../../shared/garden";
import type { PublicMemorialDto } from "../../shared/schemas/public";
import { dataVersion, gardenCount, gardenFilter, gardenIds, gardenSearchTerm, gardenTotal, searchedGardenIds } from "../queries/gardenIndex";
import { approvedPublicFlower, PUBLIC_LIST_CHUNK, publicFlowersAmong, publicFlowersBefore } from "../queries/memorialFlowers";

export { searchHiddenAmong } from "../queries/memorialFlowers";

type FlowerRow = GardenPageDto["flowers"][number];

/** What the kept searches may hold together: their ids (4 bytes each) and keys, about 4 MB. */
const KEPT_BYTES = 4_000_000;
/** A kept search's own cost besides its ids and key (map entry, array header). */
const ENTRY_BYTES = 160;

const keptBytes = (key: string, ids: Int32Array) => ENTRY_BYTES + key.length * 2 + ids.byteLength;

/**
 * Recent searches' matches (ids, newest first, at most SEARCH_MATCHES_READ in queries/gardenIndex.ts),
 * kept while the garden does not change, so a visitor paging through a search
 * reads each further page as a slice; and the garden's total, which every view
 * shows (a sum over the counts, 50 µs, was a twentieth of the event loop's
 * work under a flood of new searches). Kept only on the read-only connection,
 * where SQLite's data_version tells when another connection has committed a
 * change since; bounded by the bytes they hold (keys included), the oldest
 * dropped first.
 */
export class RecentSearches implements KeptView {
  private readonly kept = new Map<string, Int32Array>();
  private bytes = 0;
  private version: unknown;
  private known: number | undefined;

  constructor(private readonly maxBytes = KEPT_BYTES) {}

  /** How many searches and bytes are kept now. */
  get size(): { searches: number; bytes: number } {
    return { searches: this.kept.size, bytes: this.bytes };
  }

  /** For one view: follows the garden once (one data_version read); the view then asks its total and its search. */
  view(db: Statements): KeptView {
    const version = dataVersion(db);
    if (version !== this.version) this.forget(version);
    this.known ??= gardenTotal(db);
    return this;
  }

  get total(): number {
    return this.known!;
  }

  matches(key: string, find: () => number[]): Int32Array {
    const kept = this.kept.get(key);
    if (kept) return kept;
    const found = Int32Array.from(find());
    const cost = keptBytes(key, found);
    if (cost > this.maxBytes) return found;
    this.kept.set(key, found);
    this.bytes += cost;
    for (const [oldest, ids] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= keptBytes(oldest, ids);
    }
    return found;
  }

  /** Forgets what was kept: another connection has committed a change. */
  private forget(version: unknown): void {
    this.kept.clear();
    this.bytes = 0;
    this.known = undefined;
    this.version = version;
  }
}

/** What one view of the garden asks of the kept searches, once they have followed the garden's changes. */
interface KeptView {
  /** The garden's total (every view shows it). */
  readonly total: number;
  /** A search's matching ids, kept for the next page, or found with `find` now. */
  matches(key: string, find: () => number[]): Int32Array;
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
 * from the index (see searchedGardenIds). Call inside `db.read`.
 */
export function gardenPage(db: Statements, query: GardenQuery): GardenPageDto {
  const filter = gardenFilter(query.flower, query.letter);
  const kept = db.readonly ? recentSearchesOf(db).view(db) : undefined;
  const total = kept?.total ?? gardenTotal(db);

  let matches: number;
  let more = false;
  let pageOf: (offset: number) => number[];
  if (query.search.trim()) {
    const searched = gardenSearchTerm(filter, query.search);
    const find = () => (searched === null ? [] : searchedGardenIds(db, filter, searched));
    let found = kept ? kept.matches(`${filter.where.join(" AND ")}\0${searched}\0${filter.params.join("\0")}`, find) : Int32Array.from(find());
    more = found.length > GARDEN_SEARCH_BOUND;
    if (more) found = found.subarray(0, GARDEN_SEARCH_BOUND);
    matches = found.length;
    pageOf = (offset) => Array.from(found.subarray(offset, offset + GARDEN_PAGE_SIZE));
  } else {
    matches = gardenCount(db, filter);
    pageOf = (offset) => gardenIds(db, filter, GARDEN_PAGE_SIZE, offset);
  }

  const pages = Math.max(1, Math.ceil(matches / GARDEN_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  let flowers: FlowerRow[] = [];
  if (matches > 0) {
    const ids = pageOf((page - 1) * GARDEN_PAGE_SIZE);
    if (ids.length) {
      // A card whose family turned comments off offers none (the whole garden's list leaves this out: it is the cards' only).
      const rows = publicFlowersAmong(db, ids);
      const byId = new Map(rows.map(({ off, ...r }) => [r.id, off ? { ...r, commentsOff: true as const } : r]));
      flowers = ids.map((id) => byId.get(id)).filter((r): r is FlowerRow => r !== undefined);
    }
  }
  return { flowers, matches, ...(more ? { more } : {}), total, page, pages, query: { ...query, page } };
}

/** One approved flower's public fields, and whether its family turned comments off, or null. Call inside `db.read`. */
export function approvedFlower(db: Statements, id: number): PublicMemorialDto | null {
  const row = approvedPublicFlower(db, id);
  if (!row) return null;
  const { off, ...flower } = row;
  return off ? { ...flower, commentsOff: true } : flower;
}

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
    const rows = await s.db.read((db) => publicFlowersBefore(db, before));
    if (rows.length) {
      yield Buffer.from(`${first ? "[" : ","}${JSON.stringify(rows).slice(1, -1)}`);
      first = false;
    }
    if (rows.length < PUBLIC_LIST_CHUNK) break;
    before = rows[rows.length - 1]!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
  yield Buffer.from(first ? "[]" : "]");
}
