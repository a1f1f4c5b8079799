import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib } from "node:zlib";
import type { Context } from "koa";

export interface Entry {
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Answers up to this size are compressed at once at the best levels; larger ones in the thread pool. */
const SMALL = 64 * 1024;
/**
 * Levels for large answers, chosen by measurement on the 100,000-flower list
 * (13 MB of JSON): gzip 6 and brotli 5 cost about a fifth of gzip 9 + brotli 9
 * and the answers are within a few percent of their size (see README, Performance).
 */
const LARGE_GZIP_LEVEL = 6;
const LARGE_BROTLI_QUALITY = 5;

/** Bounded entries (one per garden view, per memorial): at most this many are kept, the oldest go first. */
const MAX_BOUNDED = 2000;

/**
 * The public lists and pages are read far more often than written. Each is
 * built once, compressed once, and served from memory until a write
 * invalidates it. A generation counter keeps an answer built during a write
 * from being cached after it; concurrent misses of one key share one build.
 * Keys that visitors can vary (a search, a page) live in a bounded part.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private readonly bounded = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<Entry>>();
  private readonly listeners: ((prefixes: string[]) => void)[] = [];
  private generation = 0;

  /** The cached JSON answer for `key`, building it with `produce` when missing. */
  get(key: string, produce: () => Promise<unknown>, options: { bounded?: boolean } = {}): Promise<Entry> {
    return this.getRaw(key, async () => Buffer.from(JSON.stringify(await produce())), options);
  }

  /** The cached answer for `key` from bytes (JSON already serialised, or a page's HTML). */
  async getRaw(key: string, produce: () => Promise<Buffer | string>, options: { bounded?: boolean } = {}): Promise<Entry> {
    const map = options.bounded ? this.bounded : this.entries;
    const hit = map.get(key);
    if (hit) {
      if (options.bounded) {
        map.delete(key); // most recently used goes last
        map.set(key, hit);
      }
      return hit;
    }
    const pending = this.building.get(key);
    if (pending) return pending;
    const startedAt = this.generation;
    const promise = (async () => {
      const raw = await produce();
      return build(typeof raw === "string" ? Buffer.from(raw) : raw, options.bounded ?? false);
    })();
    this.building.set(key, promise);
    try {
      const entry = await promise;
      if (startedAt === this.generation) {
        map.set(key, entry);
        if (map.size > MAX_BOUNDED && options.bounded) map.delete(map.keys().next().value!);
      }
      return entry;
    } finally {
      if (this.building.get(key) === promise) this.building.delete(key);
    }
  }

  /** Forgets every entry whose key starts with one of the prefixes (call after the write committed). */
  invalidate(...prefixes: string[]): void {
    this.generation++;
    for (const map of [this.entries, this.bounded]) {
      for (const key of [...map.keys()]) {
        if (prefixes.some((p) => key.startsWith(p))) map.delete(key);
      }
    }
    // A build that started before this write must not be shared with requests arriving after it.
    for (const key of [...this.building.keys()]) {
      if (prefixes.some((p) => key.startsWith(p))) this.building.delete(key);
    }
    for (const listener of this.listeners) listener(prefixes);
  }

  /** Calls `listener` after every invalidation (other caches built from the same data follow it). */
  onInvalidate(listener: (prefixes: string[]) => void): void {
    this.listeners.push(listener);
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
    const encoding = ctx.acceptsEncodings("br", "gzip", "identity");
    if (encoding === "br") {
      ctx.set("Content-Encoding", "br");
      ctx.body = entry.br;
    } else if (encoding === "gzip") {
      ctx.set("Content-Encoding", "gzip");
      ctx.body = entry.gzip;
    } else {
      ctx.body = entry.body;
    }
  }
}

/**
 * Compresses once per entry. Bounded entries (one per view a visitor asks for, most asked
 * once) take quick levels: at brotli 9 the compression cost more than the garden query.
 */
async function build(body: Buffer, quick: boolean): Promise<Entry> {
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  if (body.length <= SMALL) {
    const [level, quality] = quick ? [6, 4] : [9, 9];
    return { body, etag, gzip: gzipSync(body, { level }), br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality } }) };
  }
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: LARGE_GZIP_LEVEL }),
    brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: LARGE_BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  return { body, etag, gzip: gz, br };
}
