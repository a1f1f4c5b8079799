import { describe, expect, it } from "vitest";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, constants as zlib } from "node:zlib";
import { PublicCache, type BufferedEntry } from "../../public-server/lib/publicCache";
import { fakeGarden } from "../support/fakeGarden";

describe("the public cache", () => {
  it("keeps at most its bound of entries however many distinct keys visitors send, dropping the oldest first", async () => {
    const cache = new PublicCache({ maxEntries: 2000, maxBytes: 64 * 1024 * 1024 });
    for (let i = 0; i < 5000; i++) await cache.get(`flowers-view:?search=q${i}`, async () => ({ i }), { bounded: true });
    expect(cache.usage.entries).toBe(2000);
    let rebuilt = 0;
    await cache.get("flowers-view:?search=q4999", async () => ({ rebuilt: ++rebuilt }), { bounded: true });
    expect(rebuilt).toBe(0);
    await cache.get("flowers-view:?search=q0", async () => ({ rebuilt: ++rebuilt }), { bounded: true });
    expect(rebuilt).toBe(1);
  });

  it("shares one build among concurrent misses, and forgets it on invalidation", async () => {
    const cache = new PublicCache();
    let builds = 0;
    const produce = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 20));
      return { builds };
    };
    await Promise.all(Array.from({ length: 100 }, () => cache.get("flowers", produce)));
    expect(builds).toBe(1);
    cache.invalidate("flowers");
    await cache.get("flowers", produce);
    expect(builds).toBe(2);
  });

  it("does not keep an answer built while a write invalidated it", async () => {
    const cache = new PublicCache();
    let n = 0;
    const slow = cache.get("flowers", async () => {
      await new Promise((r) => setTimeout(r, 20));
      return ++n;
    });
    cache.invalidate("flowers");
    expect((await slow).body.toString()).toBe("1");
    expect((await cache.get("flowers", async () => ++n)).body.toString()).toBe("2");
  });

  it("compresses a page of up to 64 KB in a few milliseconds of the event loop, as small as brotli's default window makes it, within 1 %", async () => {
    // A page of garden cards, just under 64 KB: such pages are compressed on the event loop, at once.
    const cards = fakeGarden(410, 7).map(
      (f, i) =>
        `<li class="card card--${f.flowerType}"><a href="/garden-of-remembrance/${i + 1}"><h3>${f.babyFirstName} ${f.babyMiddleName ?? ""} ${f.babyLastName ?? ""}</h3></a><p><span>${f.flowerType}</span> <time>${f.lossDate ?? ""}</time></p></li>`,
    );
    const page = `<!doctype html><html lang="en"><body><main><ul>${cards.join("")}</ul></main></body></html>`;
    expect(page.length).toBeGreaterThan(60_000);
    expect(page.length).toBeLessThanOrEqual(64 * 1024);
    const cache = new PublicCache();
    const cpuMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = process.threadCpuUsage();
      const entry = await cache.getRaw(`page:${i}`, async () => page);
      const used = process.threadCpuUsage(before);
      cpuMs.push((used.user + used.system) / 1000);
      expect(brotliDecompressSync(entry.br).toString()).toBe(page);
      // With brotli's default window (4 MB) this took about 28 ms, and the home page about 80.
      const atDefaultWindow = brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } });
      expect(entry.br.length).toBeLessThanOrEqual(atDefaultWindow.length * 1.01);
    }
    const median = cpuMs.sort((a, b) => a - b)[2]!;
    console.log(`a 62 KB page into the cache: median ${median.toFixed(1)} ms of the event loop's CPU (gzip 9 and brotli 9)`);
    expect(median).toBeLessThan(20);
  });

  it("compresses a large answer off the event loop, readable in both encodings", async () => {
    const { gunzipSync, brotliDecompressSync } = await import("node:zlib");
    const cache = new PublicCache();
    const big = Array.from({ length: 20_000 }, (_, i) => ({ id: i, babyFirstName: "Grace", flowerType: "lily" }));
    const entry = await cache.get("flowers", async () => big);
    expect(gunzipSync(entry.gzip).equals(entry.body)).toBe(true);
    expect(brotliDecompressSync(entry.br).equals(entry.body)).toBe(true);
  });

  it("makes a visitor's view's encodings when first asked for, decoding to the answer, within the bound in bytes", async () => {
    const { gunzipSync, brotliDecompressSync } = await import("node:zlib");
    const cache = new PublicCache({ maxEntries: 100, maxBytes: 10_000 });
    const view = (i: number) => Array.from({ length: 20 }, (_, j) => ({ id: i * 100 + j, babyFirstName: "Grace" }));
    for (let i = 0; i < 20; i++) {
      const entry = await cache.get(`flowers-view:${i}`, async () => view(i), { bounded: true });
      expect(JSON.parse(brotliDecompressSync(entry.br).toString())).toEqual(view(i));
      expect(JSON.parse(gunzipSync(entry.gzip).toString())).toEqual(view(i));
      expect(entry.br).toBe(entry.br); // made once
      // The room counted when the entry was kept covers what it holds once both encodings are made.
      expect(entry.size).toBeGreaterThanOrEqual(entry.body.length + entry.gzip.length + entry.br.length + entry.etag.length);
      expect(cache.usage.bytes).toBeLessThanOrEqual(10_000);
    }
    expect(cache.usage.entries).toBeLessThan(20);
  });

  it("gzips a view with a window fitted to it, decoding to the answer and as small as zlib's defaults make it", async () => {
    const { gzipSync } = await import("node:zlib");
    const cache = new PublicCache({ maxEntries: 100, maxBytes: 1_000_000 });
    for (const flowers of [0, 1, 5, 30, 60, 250]) {
      const view = fakeGarden(flowers, 3);
      const entry = await cache.get(`flowers-view:${flowers}`, async () => view, { bounded: true });
      const plain = Buffer.from(JSON.stringify(view));
      expect(gunzipSync(entry.gzip).equals(plain)).toBe(true);
      expect(entry.gzip.length).toBeLessThanOrEqual(gzipSync(plain, { level: 6 }).length);
    }
  });

  it("makes a large view's brotli copy as the view is built and keeps only that; a small one's when asked", async () => {
    // A memorial page's HTML is some 35 KB: brotli took about 1 ms of the event loop for each new one.
    const pages = Array.from(
      { length: 5 },
      (_, i) =>
        `<!doctype html><html lang="en"><body><main>${fakeGarden(500, i)
          .map((f) => `<article><h2>${f.babyFirstName} ${f.babyLastName ?? ""}</h2><p>${f.flowerType}, ${f.lossDate ?? ""}</p></article>`)
          .join("")}</main></body></html>`,
    );
    expect(pages[0]!.length).toBeGreaterThan(30_000);
    const cache = new PublicCache();
    const entries: BufferedEntry[] = [];
    for (const [i, page] of pages.entries()) entries.push(await cache.getRaw(`memorial-page:${i}`, async () => page, { bounded: true }));
    for (const [i, entry] of entries.entries()) {
      // Made before the first visitor is answered; the body is not kept beside it, and what is kept is what is counted.
      expect(entry.held()).toEqual([entry.br]);
      expect(entry.size).toBe(entry.br.length + entry.etag.length);
      expect(brotliDecompressSync(entry.br).toString()).toBe(pages[i]);
      expect(entry.body.toString()).toBe(pages[i]);
    }
    expect(cache.usage.bytes).toBe(entries.reduce((sum, e) => sum + e.size, 0));
    expect(cache.heldBytes()).toBeLessThanOrEqual(cache.usage.bytes);
    // A client without brotli gets gzip, made from the decoded body once, and counted.
    const gzip = entries[0]!.gzip;
    expect(gunzipSync(gzip).toString()).toBe(pages[0]);
    expect(entries[0]!.gzip).toBe(gzip);
    expect(cache.usage.bytes).toBe(entries.reduce((sum, e) => sum + e.size, 0));
    expect(cache.heldBytes()).toBeLessThanOrEqual(cache.usage.bytes);

    const small = await cache.get("flowers-view:?search=ann", async () => [{ id: 1, babyFirstName: "Anna" }], { bounded: true });
    expect(small.held()).toHaveLength(1);
    expect(JSON.parse(brotliDecompressSync(small.br).toString())).toEqual([{ id: 1, babyFirstName: "Anna" }]);
    expect(small.held()).toHaveLength(2);
    expect(small.size).toBe(small.body.length + small.br.length + small.etag.length);
  });

  it("counts an encoding made on first ask against the bound, dropping the oldest entries to stay within it", async () => {
    const view = (i: number) => Array.from({ length: 30 }, (_, j) => ({ id: i * 100 + j, babyFirstName: `Grace ${i} ${j}` }));
    const fill = async (cache: PublicCache) => {
      const entries: BufferedEntry[] = [];
      for (let i = 0; i < 5; i++) entries.push(await cache.get(`flowers-view:${i}`, async () => view(i), { bounded: true }));
      return entries;
    };
    // A bound the five views just fit in before any encoding is made.
    const room = (await fill(new PublicCache())).reduce((sum, e) => sum + e.size, 0);
    const cache = new PublicCache({ maxEntries: 100, maxBytes: room });
    const entries = await fill(cache);
    expect(cache.usage).toEqual({ entries: 5, bytes: room });
    for (const entry of entries) void entry.br;
    // Each copy made was counted; the oldest views made room for them.
    expect(cache.usage.bytes).toBeLessThanOrEqual(room);
    expect(cache.usage.entries).toBeLessThan(5);
    expect(cache.heldBytes()).toBeLessThanOrEqual(cache.usage.bytes);
    let rebuilt = 0;
    await cache.get("flowers-view:4", async () => (rebuilt++, view(4)), { bounded: true });
    expect(rebuilt).toBe(0);
  });

  it("keeps a list made piece by piece only compressed: both encodings, the ETag and a plain stream match the joined pieces", async () => {
    const { createHash } = await import("node:crypto");
    const { gunzipSync, brotliDecompressSync } = await import("node:zlib");
    const { text } = await import("node:stream/consumers");
    const cache = new PublicCache();
    // 300 pieces of 100 rows (the garden's list reads 5,000 rows a piece).
    const row = (i: number) => JSON.stringify({ id: i, babyFirstName: "Grace", note: "x".repeat(i % 97) });
    const piece = (p: number) => Buffer.from(`${p ? "," : "["}${Array.from({ length: 100 }, (_, i) => row(p * 100 + i)).join(",")}`);
    async function* pieces() {
      for (let p = 0; p < 300; p++) {
        yield piece(p);
        await new Promise((r) => setImmediate(r));
      }
      yield Buffer.from("]");
    }
    const whole = Buffer.concat([...Array.from({ length: 300 }, (_, p) => piece(p)), Buffer.from("]")]);
    const entry = await cache.getStreamed("flowers", pieces);
    expect(gunzipSync(entry.gzip).equals(whole)).toBe(true);
    expect(brotliDecompressSync(entry.br).equals(whole)).toBe(true);
    expect(entry.etag).toBe(`"${createHash("sha1").update(whole).digest("base64url")}"`);
    expect(await text(entry.decoded())).toBe(whole.toString());
    // Only the compressed copies are held and counted: a fraction of the body.
    expect(entry.size).toBe(entry.gzip.length + entry.br.length + entry.etag.length);
    expect(entry.size).toBeLessThan(whole.length / 4);
    expect(cache.usage.bytes).toBe(entry.size);
    // Served from the cache afterwards, without reading the pieces again.
    let again = 0;
    await cache.getStreamed("flowers", async function* () {
      again++;
      yield Buffer.from("[]");
    });
    expect(again).toBe(0);
  });

  it("keeps nothing when the pieces fail part-way, and builds again on the next ask", async () => {
    const cache = new PublicCache();
    async function* failing() {
      yield Buffer.from("[1");
      throw new Error("the database went away");
    }
    await expect(cache.getStreamed("flowers", failing)).rejects.toThrow("the database went away");
    expect(cache.usage.entries).toBe(0);
    const entry = await cache.getStreamed("flowers", async function* () {
      yield Buffer.from("[2]");
    });
    const { text } = await import("node:stream/consumers");
    expect(await text(entry.decoded())).toBe("[2]");
  });
});
