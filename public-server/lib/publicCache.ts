import { createHash } from "node:crypto";
import { once } from "node:events";
import { Readable, type Transform } from "node:stream";
import { promisify } from "node:util";
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompressSync,
  createBrotliCompress,
  createGunzip,
  createGzip,
  gzip,
  gzipSync,
  constants as zlib,
} from "node:zlib";
import type { Context } from "koa";
import { SpareTurns } from "./spareTurns";
import { preferredEncoding } from "./staticFiles";
import { PAGE_DATA, type PageDataName } from "../../shared/staleData";

/**
 * The cache key of an answer or page showing `data`: filed under that data's prefix, so the writes that
 * make it stale drop it (shared/staleData.ts). `rest` tells it from the other answers of the same data.
 */
export const cacheKey = (data: PageDataName, rest = "") => PAGE_DATA[data].server + rest;

interface EntryBase {
  readonly gzip: Buffer;
  readonly br: Buffer;
  etag: string;
  /** The bytes the entry holds now (counted against the bound). */
  size: number;
  /** The buffers it holds now (an encoding not yet asked for is not made by asking this). */
  held(): Buffer[];
  /** Told how many bytes the entry took on when it made an encoding on first ask (the cache counts them). */
  grew?: (bytes: number) => void;
  /** Sent as gzip to a client that takes both (a small view: see quickEntry). */
  readonly gzipFirst?: boolean;
}

/** An answer kept with its body: every answer but the whole garden's list. */
export interface BufferedEntry extends EntryBase {
  readonly body: Buffer;
}

/**
 * An answer kept only compressed (a large list built as a stream): it has no
 * body in memory, only a way to decode one as a stream, for the rare client
 * that takes neither encoding.
 */
export interface StreamedEntry extends EntryBase {
  decoded(): Readable;
}

export type Entry = BufferedEntry | StreamedEntry;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Answers up to this size are compressed at once at the best levels; larger ones in the thread pool. */
const SMALL = 64 * 1024;
/**
 * Levels for large answers, chosen by measurement on the 100,000-flower list
 * (13 MB of JSON): gzip 6 and brotli 5 cost about a fifth of gzip 9 + brotli 9
 * and the answers are within a few percent of their size (see docs/PERFORMANCE.md).
 */
const LARGE_GZIP_LEVEL = 6;
/**
 * Up to this size (a page of HTML, not a list of the garden) gzip takes its best level: a few
 * milliseconds in the thread pool, once per cached answer, and every byte less counts for a page that
 * should arrive in TCP's first round trip (about 14 KB).
 */
const PAGE_SIZE = 256 * 1024;
const LARGE_BROTLI_QUALITY = 5;
/**
 * Brotli's window for the whole-garden list: 1 MB instead of its default 4 MB. Measured on a
 * 100,000-flower list (12.6 MB): the same size, in half the time (about 170 ms instead of
 * 330), and about 5 MB less memory while it runs.
 */
const LARGE_BROTLI_WINDOW = 20;
/**
 * Brotli's window for an answer of up to 64 KB: 64 KB, which holds the whole answer. With its
 * default window, quality 9 takes a slower match finder with large tables: the 58 KB home page
 * took 79 ms of the event loop and 24 MB of memory; with this window 7 ms and 3 MB, and the
 * site's pages come out the same size within a few bytes.
 */
const SMALL_BROTLI_WINDOW = 16;

/**
 * A quick entry from this size is compressed in the thread pool. Measured: handing a body to the pool
 * costs the event loop about 0.08 ms, brotli's quick level on the loop 0.06 ms for 3 KB of JSON and
 * about 1 ms for a 35 KB page.
 */
const QUICK_OFF_LOOP = 8 * 1024;

/**
 * An API view a visitor varies (a search, a page of a letter) that is not in the cache is built in the
 * loop's spare turns, after the cached answers of the turn (see SpareTurns): 8 connections each of new
 * searches then held a visitor's cached page p99 66-69 ms instead of 98-100. Pages (a memorial page, a
 * page of the garden) are not: under 300 visitors the memorial pages not yet cached waited so long there
 * that the crowd's requests a second fell by half.
 */
const SPARE_TURNS = new SpareTurns(8);

interface FindOptions {
  /** Visitors vary the key: quicker compression, and the answer is built in the loop's spare turns. */
  bounded?: boolean;
  /** Told how long a bounded answer's build was held for the spare turns (not called for one in the cache). */
  held?: (ms: number) => void;
}

export interface CacheBounds {
  /** At most this many entries… */
  maxEntries: number;
  /** …holding at most this many bytes (body, gzip and brotli together). */
  maxBytes: number;
}

/**
 * Room for the garden, testimonials, library, pages, garden views and the comments of a few thousand
 * flowers. The bytes' bound is what a crawler can make the cache hold: a garden page keeps its 68 KB
 * of HTML and both compressed copies (93 KB), and walking 800 of them took the server from 187 to
 * 266 MB with 64 MB. With 24 MB it holds some 250 such pages, and the pages visitors come back to
 * stay (the least recently used go first).
 */
export const DEFAULT_CACHE_BOUNDS: CacheBounds = { maxEntries: 5_000, maxBytes: 24 * 1024 * 1024 };

/**
 * The public lists and pages are read far more often than written. Each is
 * built once, compressed once, and served from memory until a write
 * invalidates it. A generation counter keeps an answer built during a write
 * from being cached after it; concurrent misses of one key share one build.
 *
 * Only answers that exist are kept (a miss, such as an unknown flower's
 * comments, is never cached, so made-up ids cannot fill memory), and the
 * whole cache is bounded in entries and bytes: past either bound, the least
 * recently used entries are dropped first. Keys that visitors vary (a search,
 * a page) are marked `bounded` and get quicker compression levels.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<Entry | null>>();
  private bytes = 0;
  private generation = 0;

  constructor(private readonly bounds: CacheBounds = DEFAULT_CACHE_BOUNDS) {}

  /** The cached JSON answer for `key`, building it with `produce` when missing. */
  async get(key: string, produce: () => Promise<unknown>, options: { bounded?: boolean } = {}): Promise<BufferedEntry> {
    return this.getRaw(key, async () => JSON.stringify(await produce()), options);
  }

  /**
   * Like get, for what may not exist: when `produce` answers null, answers
   * null and keeps nothing, so made-up keys cannot fill the cache.
   */
  find(key: string, produce: () => Promise<object | null>, options: FindOptions = {}): Promise<BufferedEntry | null> {
    return this.build(key, async () => {
      if (options.bounded) options.held?.(await SPARE_TURNS.wait());
      const value = await produce();
      return value === null ? null : compress(Buffer.from(JSON.stringify(value)), options.bounded ?? false);
    });
  }

  /** The cached answer for `key` from bytes (JSON already serialised, or a page's HTML). */
  async getRaw(key: string, produce: () => Promise<Buffer | string>, options: { bounded?: boolean } = {}): Promise<BufferedEntry> {
    return (await this.build(key, async () => compress(Buffer.from(await produce()), options.bounded ?? false)))!;
  }

  /**
   * The cached answer for `key` from a large body made piece by piece (the
   * whole garden's list): each piece is compressed as it comes, in the thread
   * pool, and only the two compressed copies are kept. The whole body is never
   * in memory at once (13 MB at 100,000 flowers, twice over while joined).
   */
  async getStreamed(key: string, produce: () => AsyncIterable<Buffer>): Promise<StreamedEntry> {
    return (await this.build(key, () => compressStream(produce())))!;
  }

  /** The entry kept under `key`, if any, without building it: a page served before anything else is read. */
  peek(key: string): Entry | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Entries and bytes held now (for tests and the bound). */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The memory under the entries' buffers now: a buffer that is a view keeps the whole buffer under it
   * alive, so this is what the bound must cover, and the tests hold it to `usage.bytes`.
   */
  heldBytes(): number {
    const seen = new Set<ArrayBufferLike>();
    let total = 0;
    for (const entry of this.entries.values()) {
      for (const { buffer } of entry.held()) {
        if (seen.has(buffer)) continue;
        seen.add(buffer);
        total += buffer.byteLength;
      }
    }
    return total;
  }

  /** A key is always built by the same method, so what it holds is of the kind that method makes. */
  private async build<T extends Entry>(key: string, make: () => Promise<T | null>): Promise<T | null> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key); // most recently used goes last; eviction takes from the front
      this.entries.set(key, hit);
      return hit as T;
    }
    const pending = this.building.get(key);
    if (pending) return pending as Promise<T | null>;
    const startedAt = this.generation;
    const promise = make();
    this.building.set(key, promise);
    try {
      const entry = await promise;
      if (entry && startedAt === this.generation) this.store(key, entry);
      return entry;
    } finally {
      if (this.building.get(key) === promise) this.building.delete(key);
    }
  }

  private store(key: string, entry: Entry): void {
    const size = sizeOf(entry);
    if (size > this.bounds.maxBytes) return; // larger than the whole cache: serve it, keep nothing
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += size;
    // An encoding made on first ask is counted, and may push the oldest entries out.
    entry.grew = (bytes) => {
      if (this.entries.get(key) !== entry) return;
      this.bytes += bytes;
      this.trim();
    };
    this.trim();
  }

  private trim(): void {
    while (this.entries.size > this.bounds.maxEntries || this.bytes > this.bounds.maxBytes) {
      this.remove(this.entries.keys().next().value!);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
  }

  /** Forgets every entry whose key starts with one of the prefixes (after a write committed: see public-server/events.ts). */
  invalidate(...prefixes: string[]): void {
    this.generation++;
    for (const key of [...this.entries.keys()]) {
      if (prefixes.some((p) => key.startsWith(p))) this.remove(key);
    }
    // A build that started before this write must not be shared with requests arriving after it.
    for (const key of [...this.building.keys()]) {
      if (prefixes.some((p) => key.startsWith(p))) this.building.delete(key);
    }
  }

  /** Sends `entry` with an ETag (answering 304 when it matches) and the best encoding the client takes. */
  send(ctx: Context, entry: Entry, type = "application/json; charset=utf-8", status = 200): void {
    ctx.set("ETag", entry.etag);
    ctx.set("Cache-Control", "no-cache");
    ctx.vary("Accept-Encoding");
    ctx.type = type;
    (ctx as Context & { compress?: boolean }).compress = false;
    ctx.status = status; // ctx.fresh compares validators only for a 2xx answer (Koa's default status is 404)
    if (status === 200 && ctx.fresh) {
      ctx.status = 304;
      return;
    }
    const encoding = (entry.gzipFirst && preferredEncoding(ctx, false, true)) || preferredEncoding(ctx, true, true);
    if (encoding === "br") {
      ctx.set("Content-Encoding", "br");
      ctx.body = entry.br;
    } else if (encoding === "gzip") {
      ctx.set("Content-Encoding", "gzip");
      ctx.body = entry.gzip;
    } else {
      ctx.body = "body" in entry ? entry.body : entry.decoded();
    }
  }
}

const sizeOf = (e: Entry) => e.size;

/** `body` as an answer to keep outside the cache (one that changes by itself, such as the site's settings): compressed once, with its ETag. */
export const keptAnswer = (body: Buffer): Promise<Entry> => compress(body, false);

/**
 * Compresses once per entry. Bounded entries (one per view a visitor asks for, most asked once) take
 * quick levels, and only the encoding a browser takes is made at once:
 * - a view of a few kilobytes and more (a memorial page: 35 KB of HTML) is compressed to brotli in the
 *   thread pool, where it cost about 1 ms of the event loop each, a sixth of a new memorial page's whole
 *   visit under a crowd; only that copy is kept (9 KB instead of 44), so the cache's bytes hold four
 *   times as many, and the body is decoded from it for the rare client without brotli;
 * - a small one (a page of search results) is kept as it is, and compressed on the loop when first
 *   asked for: it costs less than a hand-over to the pool. It goes out as gzip to a client that takes
 *   both: brotli's tables (half a megabyte at its quick level, taken from the system and given back at
 *   every call under the server's malloc settings) cost 0.1–0.5 ms for a 3 KB answer, gzip about
 *   0.05 ms, and the answers differ by about a hundred bytes.
 * Compressing both had become a third of the cost of a new view. What an entry holds is counted as it
 * grows (see PublicCache.store).
 */
async function compress(given: Buffer, quick: boolean): Promise<BufferedEntry> {
  const body = owned(given);
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  if (body.length <= SMALL && quick)
    return quickEntry(body, etag, body.length >= QUICK_OFF_LOOP ? owned(await brotliAsync(body, { params: quickBrotli(body) })) : undefined);
  if (body.length <= SMALL) {
    const gzip = owned(gzipSync(body, { level: 9 }));
    const br = owned(brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_LGWIN]: SMALL_BROTLI_WINDOW } }));
    return { body, etag, gzip, br, size: body.length + gzip.length + br.length + etag.length, held: () => [body, gzip, br] };
  }
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: body.length <= PAGE_SIZE ? 9 : LARGE_GZIP_LEVEL }),
    brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: LARGE_BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  const [gzip, brotli] = [owned(gz), owned(br)];
  return { body, etag, gzip, br: brotli, size: body.length + gz.length + br.length + etag.length, held: () => [body, gzip, brotli] };
}

/**
 * gzip's settings for a quick entry: its window and tables fitted to the body (a window of the body's
 * size at least, so the output is the same). With zlib's defaults each call takes about 256 KB for its
 * state, which the server's malloc settings (`npm start`) take from the system and give back every time:
 * 59 µs for 2 KB of JSON, 29 µs fitted, the same 413 bytes out.
 */
const quickGzip = (body: Buffer) => ({
  level: 6,
  windowBits: Math.min(15, Math.max(9, Math.ceil(Math.log2(body.length + 1)))),
  memLevel: 7,
});

const quickBrotli = (body: Buffer) => ({
  [zlib.BROTLI_PARAM_QUALITY]: 4,
  [zlib.BROTLI_PARAM_LGWIN]: SMALL_BROTLI_WINDOW,
  [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
});

/** A bounded entry: with its brotli copy made (and then without its body), or with its body only. */
function quickEntry(given: Buffer, etag: string, brotli: Buffer | undefined): BufferedEntry {
  const body = brotli ? undefined : given;
  let br = brotli;
  let gz: Buffer | undefined;
  const made = (encoded: Buffer) => {
    entry.size += encoded.length;
    entry.grew?.(encoded.length);
    return encoded;
  };
  const decoded = () => body ?? brotliDecompressSync(br!);
  const entry: BufferedEntry = {
    etag,
    gzipFirst: !brotli,
    size: (body?.length ?? 0) + (br?.length ?? 0) + etag.length,
    get body() {
      return decoded();
    },
    get gzip() {
      if (!gz) {
        const plain = decoded();
        gz = made(owned(gzipSync(plain, quickGzip(plain))));
      }
      return gz;
    },
    get br() {
      return (br ??= made(owned(brotliCompressSync(body!, { params: quickBrotli(body!) }))));
    },
    held: () => [body, br, gz].filter((b): b is Buffer => b !== undefined),
  };
  return entry;
}

/**
 * `buffer` in memory of its own size. zlib gives a small result as a view
 * into its 64 KB output buffer, and a small body can be a view into Node's
 * shared 8 KB pool: a view keeps the whole buffer under it alive. A cached
 * 48-byte gzip copy held 64 KB while the cache's bound counted 48 bytes, and
 * the distinct searches of the garden benchmark grew the server by over 100
 * MB of them.
 */
function owned(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

/**
 * A body made piece by piece, compressed into both encodings as it comes
 * (in the thread pool: the event loop only hands the pieces over). The
 * decoded body is not kept; `decoded` makes it again from the gzip copy.
 */
async function compressStream(pieces: AsyncIterable<Buffer>): Promise<StreamedEntry> {
  const hash = createHash("sha1");
  const gzipper = createGzip({ level: LARGE_GZIP_LEVEL });
  const brotli = createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: LARGE_BROTLI_QUALITY, [zlib.BROTLI_PARAM_LGWIN]: LARGE_BROTLI_WINDOW } });
  const outputs = [gzipper, brotli].map(collect);
  try {
    for await (const piece of pieces) {
      hash.update(piece);
      // Wait for the compressors to take each piece before reading the next: the rows wait in the database, not in memory.
      await Promise.all([gzipper, brotli].map((z) => (z.write(piece) ? undefined : once(z, "drain"))));
    }
    gzipper.end();
    brotli.end();
  } catch (err) {
    gzipper.destroy(err as Error);
    brotli.destroy(err as Error);
    await Promise.allSettled(outputs); // the compressors' own failure is this one
    throw err;
  }
  const [gzip, br] = (await Promise.all(outputs)) as [Buffer, Buffer];
  const etag = `"${hash.digest("base64url")}"`;
  return {
    etag,
    gzip,
    br,
    size: gzip.length + br.length + etag.length,
    decoded: () => Readable.from([gzip]).pipe(createGunzip()),
    held: () => [gzip, br],
  };
}

/** Everything a compressor gives out, as one buffer once it ends. */
async function collect(stream: Transform): Promise<Buffer> {
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  await once(stream, "end");
  return owned(Buffer.concat(chunks));
}
