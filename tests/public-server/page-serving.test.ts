import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, startTestServer, type TestServer } from "../support/testServer";
import type { Client } from "../support/client";
import { liveFlower, signedIn, sql } from "./fixtures";
import { catalogFor } from "../../public-server/lib/catalogs";

/**
 * Pages and built files cost a lookup: the build's files are known at start (no look on disk per
 * request for a file or its .br/.gz copy), a cached page is answered before the database is read,
 * and brotli goes to every client that takes it.
 */

/** A GET through node:http, the body as sent (undecoded). */
const raw = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });

const BROWSER = { "accept-encoding": "gzip, deflate, br" };

let server: TestServer;
let admin: Client;
let work: string;
beforeAll(async () => {
  // A copy of the build of our own, to change on disk while the server runs.
  work = fs.mkdtempSync(path.join(os.tmpdir(), "garden-build-"));
  fs.cpSync(path.join(ROOT, "dist/web"), path.join(work, "web"), { recursive: true });
  fs.symlinkSync(path.join(ROOT, "dist/ssr"), path.join(work, "ssr"));
  server = await startTestServer({ webDir: path.join(work, "web") });
  admin = await signedIn(server);
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("built files", () => {
  it("are known at start: brotli from the build, ETag and a year's cache for hashed assets, without a look on disk per request", async () => {
    const assets = path.join(work, "web", "assets");
    const script = fs.readdirSync(assets).find((f) => f.endsWith(".js") && fs.existsSync(path.join(assets, `${f}.br`)))!;
    const copy = fs.readFileSync(path.join(assets, `${script}.br`));
    // Gone from disk after the start: still answered, from what was read then.
    fs.rmSync(path.join(assets, `${script}.br`));
    fs.rmSync(path.join(assets, `${script}.gz`));
    const res = await raw(`${server.url}/assets/${script}`, BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.body.equals(copy)).toBe(true);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    const etag = res.headers.etag!;
    expect(etag).toMatch(/^"/);
    expect((await raw(`${server.url}/assets/${script}`, { ...BROWSER, "if-none-match": etag })).status).toBe(304);
    // Without an encoding accepted: the file itself.
    const plain = await raw(`${server.url}/assets/${script}`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(brotliDecompressSync(copy))).toBe(true);
  });

  it("never serves source maps, dotfiles or the .br copies themselves", async () => {
    const assets = fs.readdirSync(path.join(work, "web", "assets"));
    const map = assets.find((f) => f.endsWith(".map"));
    if (map) expect((await raw(`${server.url}/assets/${map}`)).status).toBe(404);
    const br = assets.find((f) => f.endsWith(".br"))!;
    expect((await raw(`${server.url}/assets/${br}`)).headers["content-type"]).toMatch(/^text\/html/);
    expect((await raw(`${server.url}/.vite/manifest.json`)).status).toBe(404);
  });

  it("a Spanish page names its catalog, a file of its own kept for a year, and carries none of it; an English page names none", async () => {
    const page = (await raw(`${server.url}/es/garden-of-remembrance`)).body.toString();
    const address = /<link rel="preload" id="catalog" href="(\/assets\/catalog-es-[\w-]{12}\.json)" as="fetch" crossorigin="anonymous" \/>/.exec(page)?.[1];
    expect(address, "the page's head names its catalog").toBeDefined();
    // The page itself no longer holds the 46 KB of sentences: one of the catalog's longest is not in it.
    const longest = Object.values(catalogFor("es")).sort((a, b) => b.length - a.length)[0]!;
    expect(page).not.toContain(JSON.stringify(longest).slice(1, -1));
    expect(page).not.toContain('id="catalog">');

    const res = await raw(`${server.url}${address!}`, BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(brotliDecompressSync(res.body).toString())).toEqual(catalogFor("es"));
    expect((await raw(`${server.url}${address!}`, { ...BROWSER, "if-none-match": res.headers.etag! })).status).toBe(304);
    // The same address on every Spanish page, so a family's browser fetches it once.
    expect((await raw(`${server.url}/es/`)).body.toString()).toContain(`href="${address!}"`);
    // Another address of that shape is not a catalog.
    expect((await raw(`${server.url}/assets/catalog-es-000000000000.json`)).status).toBe(404);

    // A new build in the folder (noticed by index.html's time) keeps it.
    const index = path.join(work, "web", "index.html");
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(index, later, later);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await raw(`${server.url}${address!}`, BROWSER)).status).toBe(200);

    const english = (await raw(`${server.url}/garden-of-remembrance`)).body.toString();
    expect(english).not.toMatch(/id="catalog"|catalog-/);
  });
});

describe("pages", () => {
  it("go out as brotli to a browser that lists gzip first", async () => {
    for (const page of ["/", "/about-us", "/garden-of-remembrance"]) {
      const res = await raw(server.url + page, BROWSER);
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(res.body).toString()).toMatch(/^<!doctype html>/i);
    }
    expect((await raw(`${server.url}/`, { "accept-encoding": "gzip" })).headers["content-encoding"]).toBe("gzip");
    expect((await raw(`${server.url}/`, { "accept-encoding": "gzip, br;q=0" })).headers["content-encoding"]).toBe("gzip");
  });

  it("a cached memorial page is answered before the database is read, and a write through the site still renews it", async () => {
    const { id } = await liveFlower(server, admin, { babyFirstName: "Philomena", babyLastName: "Cached" });
    const address = `/garden-of-remembrance/${id}-philomena-cached`;
    const first = await raw(server.url + address, BROWSER);
    expect(first.status).toBe(200);
    // Removed behind the server's back (no write of its own, so nothing tells the cache): the page is still
    // answered from the cache, which shows it was not read from the database first.
    sql(server, "UPDATE memorial_flowers SET approved = 0 WHERE id = ?", id);
    const cached = await raw(server.url + address, BROWSER);
    expect(cached.status).toBe(200);
    expect(cached.headers.etag).toBe(first.headers.etag);
    sql(server, "UPDATE memorial_flowers SET approved = 1 WHERE id = ?", id);

    // An edit through the site renews the page: the old address now redirects to the new one.
    const edit = await admin.put(`/api/admin/memorial-flowers/${id}`, {
      babyFirstName: "Philippa",
      babyMiddleName: "",
      babyLastName: "Cached",
      lossDate: "",
      flowerType: "lily",
    });
    expect(edit.status).toBe(200);
    const moved = await raw(server.url + address, BROWSER);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`/garden-of-remembrance/${id}-philippa-cached`);
    const renewed = await raw(`${server.url}/garden-of-remembrance/${id}-philippa-cached`, BROWSER);
    expect(brotliDecompressSync(renewed.body).toString()).toContain("Philippa");
  });
});
