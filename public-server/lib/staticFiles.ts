import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Context } from "koa";

interface StaticFile {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  lastModified: string;
  cacheControl: string;
  ext: string;
}

/** The built site is a few megabytes; a file larger than this (none today) would be left to the page handler's 404. */
const MAX_FILE = 8 * 1024 * 1024;
/** How often the build is looked at for a new one (index.html's time), at most. */
const CHECK_MS = 1000;

/**
 * The built site's files (dist/web), known at start: every file with its
 * brotli and gzip copies (written at build time, scripts/compress-assets.mjs)
 * read once into memory, so an address costs a lookup in a map, never a
 * look on disk for a file or its .br/.gz copy. Hashed assets are cached for a
 * year; the others are revalidated by ETag. Source maps, dotfiles and
 * index.html (rendered per page) are never served. A new build is noticed by
 * index.html's modification time, looked at no more than once a second.
 */
export class StaticFiles {
  private files = new Map<string, StaticFile>();
  private builtAt = -1;
  private checkedAt = 0;
  private readonly generated: ReadonlyMap<string, StaticFile>;

  /**
   * `generated`: files the server makes itself (the catalogs, lib/catalogs.ts), served beside the build's
   * and compressed once here, by the same rules (named by their content under /assets/, kept a year).
   */
  constructor(
    private readonly webDir: string,
    generated: readonly { path: string; body: Buffer }[] = [],
  ) {
    const now = new Date();
    this.generated = new Map(
      generated.map(({ path: address, body }) => [
        address,
        servedFile(
          address,
          body,
          { br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }), gzip: zlib.gzipSync(body, { level: 9 }) },
          now,
        ),
      ]),
    );
    this.refresh();
  }

  /**
   * Which build is in dist/web: index.html's modification time, 0 while there is none. Looked at no
   * more than once a second, for the files here and for the page renderer's template alike.
   */
  currentBuild(): number {
    if (Date.now() - this.checkedAt > CHECK_MS) this.refresh();
    return this.builtAt;
  }

  /** Answers the request when `ctx.path` names a built file; false otherwise. */
  serve(ctx: Context): boolean {
    this.currentBuild();
    const file = this.files.get(ctx.path) ?? this.files.get(decoded(ctx.path));
    if (!file) return false;
    ctx.set("Cache-Control", file.cacheControl);
    ctx.set("ETag", file.etag);
    ctx.set("Last-Modified", file.lastModified);
    ctx.type = file.ext;
    ctx.status = 200;
    if (file.br || file.gzip) ctx.vary("Accept-Encoding");
    if (ctx.fresh) {
      ctx.status = 304;
      return true;
    }
    const encoding = preferredEncoding(ctx, Boolean(file.br), Boolean(file.gzip));
    if (encoding) {
      (ctx as Context & { compress?: boolean }).compress = false;
      ctx.set("Content-Encoding", encoding);
      ctx.body = encoding === "br" ? file.br : file.gzip;
    } else {
      ctx.body = file.identity;
    }
    return true;
  }

  private refresh(): void {
    this.checkedAt = Date.now();
    let builtAt: number;
    try {
      builtAt = fs.statSync(path.join(this.webDir, "index.html")).mtimeMs;
    } catch {
      builtAt = 0;
    }
    if (builtAt === this.builtAt) return;
    this.builtAt = builtAt;
    const files = new Map<string, StaticFile>();
    const walk = (dir: string, prefix: string) => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      const names = new Set(entries.map((e) => e.name));
      for (const entry of entries) {
        const name = entry.name;
        if (name.startsWith(".")) continue;
        const full = path.join(dir, name);
        if (entry.isDirectory()) {
          walk(full, `${prefix}${name}/`);
          continue;
        }
        if (!entry.isFile() || /\.(map|br|gz)$/i.test(name) || (prefix === "/" && name === "index.html")) continue;
        const stat = fs.statSync(full);
        if (stat.size > MAX_FILE) continue;
        const copies = {
          br: names.has(`${name}.br`) ? fs.readFileSync(`${full}.br`) : undefined,
          gzip: names.has(`${name}.gz`) ? fs.readFileSync(`${full}.gz`) : undefined,
        };
        files.set(`${prefix}${name}`, servedFile(`${prefix}${name}`, fs.readFileSync(full), copies, stat.mtime));
      }
    };
    walk(this.webDir, "/");
    for (const [address, file] of this.generated) files.set(address, file);
    this.files = files;
  }
}

/**
 * A file as it is served: its ETag from its bytes; a year's cache for the files directly under /assets/
 * (named by their content), the others revalidated by ETag.
 */
function servedFile(address: string, identity: Buffer, copies: { br?: Buffer; gzip?: Buffer }, modified: Date): StaticFile {
  return {
    identity,
    ...copies,
    etag: `"${createHash("sha1").update(identity).digest("base64url")}"`,
    lastModified: modified.toUTCString(),
    cacheControl: path.posix.dirname(address) === "/assets" ? "public, max-age=31536000, immutable" : "no-cache",
    ext: path.extname(address),
  };
}

function decoded(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

/**
 * Brotli whenever the client takes it, else gzip, else none. (Negotiating in the client's order picked
 * gzip for browsers, which list it first.)
 */
export function preferredEncoding(ctx: Context, br: boolean, gzip: boolean): "br" | "gzip" | undefined {
  const accepted = ctx.get("Accept-Encoding");
  if (!accepted) return undefined;
  if (br && ctx.acceptsEncodings("br") === "br") return "br";
  if (gzip && ctx.acceptsEncodings("gzip") === "gzip") return "gzip";
  return undefined;
}
