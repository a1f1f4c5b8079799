import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { Context } from "koa";

interface Entry {
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

export interface CacheBounds {
  /** At most this many entries… */
  maxEntries: number;
  /** …holding at most this many bytes (JSON, gzip and brotli together). */
  maxBytes: number;
}

/** Room for the garden, testimonials, library and the comments of a few thousand flowers. */
export const DEFAULT_CACHE_BOUNDS: CacheBounds = { maxEntries: 5_000, maxBytes: 32 * 1024 * 1024 };

/**
 * The public lists (garden, testimonials, comments, message library) are
 * read far more often than written. Each is built once, compressed once, and
 * served from memory until a write invalidates it. A generation counter
 * keeps a list built during a write from being cached after it.
 *
 * Only answers that exist are kept (a miss, such as an unknown flower's
 * comments, is never cached, so made-up ids cannot fill memory), and the
 * whole cache is bounded in entries and bytes: past either bound, the least
 * recently used entries are dropped first.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private generation = 0;

  constructor(private readonly bounds: CacheBounds = DEFAULT_CACHE_BOUNDS) {}

  /** The cached entry for `key`, building it with `produce` when missing. */
  async get(key: string, produce: () => Promise<object>): Promise<Entry> {
    return (await this.find(key, produce))!;
  }

  /**
   * Like get, for what may not exist: when `produce` answers null, answers
   * null and keeps nothing, so made-up keys cannot fill the cache.
   */
  async find(key: string, produce: () => Promise<object | null>): Promise<Entry | null> {
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used goes to the end: eviction takes from the front.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const startedAt = this.generation;
    const value = await produce();
    if (value === null) return null;
    const entry = build(value);
    if (startedAt === this.generation) this.store(key, entry);
    return entry;
  }

  /** Forgets every entry whose key starts with one of the prefixes (call after the write committed). */
  invalidate(...prefixes: string[]): void {
    this.generation++;
    for (const key of [...this.entries.keys()]) {
      if (prefixes.some((p) => key.startsWith(p))) this.remove(key);
    }
  }

  /** How many entries and bytes the cache holds now. */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private store(key: string, entry: Entry): void {
    const size = sizeOf(entry);
    if (size > this.bounds.maxBytes) return; // larger than the whole cache: serve it, keep nothing
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += size;
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

  /** Sends `entry` with an ETag (answering 304 when it matches) and the best encoding the client takes. */
  send(ctx: Context, entry: Entry): void {
    ctx.set("ETag", entry.etag);
    ctx.set("Cache-Control", "no-cache");
    ctx.vary("Accept-Encoding");
    ctx.type = "application/json; charset=utf-8";
    (ctx as Context & { compress?: boolean }).compress = false;
    ctx.status = 200; // ctx.fresh compares validators only for a 2xx answer (Koa's default status is 404)
    if (ctx.fresh) {
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
      ctx.body = entry.json;
    }
  }
}

const sizeOf = (e: Entry) => e.json.length + e.gzip.length + e.br.length + e.etag.length;

function build(value: unknown): Entry {
  const json = Buffer.from(JSON.stringify(value));
  return {
    json,
    gzip: gzipSync(json, { level: 9 }),
    br: brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
    etag: `"${createHash("sha1").update(json).digest("base64url")}"`,
  };
}
