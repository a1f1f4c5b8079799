import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { Context } from "koa";

interface Entry {
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

/**
 * The public lists (garden, testimonials, comments, message library) are
 * read far more often than written. Each is built once, compressed once, and
 * served from memory until a write invalidates it. A generation counter
 * keeps a list built during a write from being cached after it.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  /** The cached entry for `key`, building it with `produce` when missing. */
  async get(key: string, produce: () => Promise<unknown>): Promise<Entry> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const startedAt = this.generation;
    const value = await produce();
    const entry = build(value);
    if (startedAt === this.generation) this.entries.set(key, entry);
    return entry;
  }

  /** Forgets every entry whose key starts with one of the prefixes (call after the write committed). */
  invalidate(...prefixes: string[]): void {
    this.generation++;
    for (const key of [...this.entries.keys()]) {
      if (prefixes.some((p) => key.startsWith(p))) this.entries.delete(key);
    }
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

function build(value: unknown): Entry {
  const json = Buffer.from(JSON.stringify(value));
  return {
    json,
    gzip: gzipSync(json, { level: 9 }),
    br: brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
    etag: `"${createHash("sha1").update(json).digest("base64url")}"`,
  };
}
