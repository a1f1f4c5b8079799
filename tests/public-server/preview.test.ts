import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGardenServer, startTestServer, type TestServer } from "../support/testServer";
import type { Client } from "../support/client";
import { plainGet } from "../support/httpGet";
import { liveFlower, signedIn, sql } from "./fixtures";
import { dateLines, nameLines, previewSvg } from "../../public-server/garden/preview";

/** RGBA rows of an 8-bit RGB or RGBA PNG (what resvg writes), for looking at where ink fell. */
function decodePng(png: Buffer): { width: number; height: number; at(x: number, y: number): [number, number, number] } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const channels = png[25] === 6 ? 4 : 3;
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString("latin1", at + 4, at + 8) === "IDAT") idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= channels ? out[y * stride + x - channels]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      out[y * stride + x] = (v + [0, a, b, (a + b) >> 1, paeth][filter]!) & 0xff;
    }
  }
  return { width, height, at: (x, y) => [out[y * stride + x * channels]!, out[y * stride + x * channels + 1]!, out[y * stride + x * channels + 2]!] };
}

/** Dark pixels (the name's ink, #2c3e36) in a rectangle of the image. */
function ink(png: Buffer, x0: number, x1: number, y0: number, y1: number): number {
  const image = decodePng(png);
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (image.at(x, y).every((v) => v < 120)) n++;
  return n;
}

const get = (url: string) => fetch(url);

const conditionalGet = (url: string, etag: string) => plainGet(url, { "If-None-Match": etag });

describe("share images", () => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signedIn(server);
  });
  afterAll(() => server?.stop());

  const folder = (id: number) => path.join(server.dataDir, "previews", String(id));
  // The stored pictures, not a drawing's temporary file (".<name>.<job>.tmp") while it is being written.
  const files = (id: number) => (fs.existsSync(folder(id)) ? fs.readdirSync(folder(id)).filter((name) => !name.startsWith(".")) : []);

  it("draws a flower's image when it is approved, keeps it under the data folder, and serves it like a static file", async () => {
    const { id } = await liveFlower(server, admin, { babyFirstName: "Clement", lossDate: "2 May 2024" });
    // Drawn after the approval, without anyone asking for it.
    await expect.poll(() => files(id).length, { timeout: 10_000 }).toBe(1);
    const [stored] = files(id);
    const version = stored!.replace(/\.png$/, "");

    const page = await (await get(`${server.url}/garden-of-remembrance/${id}-clement-k`)).text();
    expect(page).toContain(`/api/memorial-flowers/${id}/preview.png?v=${version}"`);

    const res = await get(`${server.url}/api/memorial-flowers/${id}/preview.png?v=${version}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("etag")).toBe(`"${version}"`);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.equals(fs.readFileSync(path.join(folder(id), stored!)))).toBe(true);
    // The name is written (with the shipped fonts) beside the flower.
    expect(ink(png, 520, 1150, 150, 450)).toBeGreaterThan(2000);

    expect(await conditionalGet(`${server.url}/api/memorial-flowers/${id}/preview.png?v=${version}`, `"${version}"`)).toBe(304);
    // The plain address (old shared links) is the same image, kept an hour.
    const plain = await get(`${server.url}/api/memorial-flowers/${id}/preview.png`);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(Buffer.from(await plain.arrayBuffer()).equals(png)).toBe(true);
  });

  it("draws the image again when the flower is edited, and removes it when the flower is deleted", async () => {
    const { id } = await liveFlower(server, admin, { babyFirstName: "Bernadette" });
    await expect.poll(() => files(id).length, { timeout: 10_000 }).toBe(1);
    const [before] = files(id);
    const edit = await admin.put(`/api/admin/memorial-flowers/${id}`, {
      babyFirstName: "Bernadine",
      babyMiddleName: "",
      babyLastName: "K.",
      lossDate: "Spring 2024",
      flowerType: "lily",
    });
    expect(edit.status).toBe(200);
    await expect.poll(() => files(id).join() !== before && files(id).length === 1, { timeout: 10_000 }).toBe(true);
    const del = await admin.request("DELETE", `/api/admin/memorial-flowers/${id}`);
    expect(del.status).toBe(200);
    await expect.poll(() => fs.existsSync(folder(id)), { timeout: 10_000 }).toBe(false);
    expect((await get(`${server.url}/api/memorial-flowers/${id}/preview.png`)).status).toBe(404);
  });

  it("draws the picture in the page's language: the Spanish page's own, kept beside the English one, each edit replacing only its own", async () => {
    const { id } = await liveFlower(server, admin, { babyFirstName: "Amparo", flowerType: "calla-lily" });
    await expect.poll(() => files(id).length, { timeout: 10_000 }).toBe(1);
    const [english] = files(id);
    const svg = previewSvg({ id, babyFirstName: "Amparo", babyMiddleName: null, babyLastName: "K", lossDate: null, flowerType: "calla-lily" }, "es");
    for (const words of ["En amoroso recuerdo de", "Alcatraz o cala, Vara de San José", "Jardín del Recuerdo"]) expect(svg).toContain(words);
    expect(svg).not.toMatch(/Garden of Remembrance|In loving memory|Calla Lily/);

    const res = await get(`${server.url}/api/memorial-flowers/${id}/preview.png?lang=es`);
    expect(res.status).toBe(200);
    const spanish = Buffer.from(await res.arrayBuffer());
    expect(spanish.equals(fs.readFileSync(path.join(folder(id), english!)))).toBe(false);
    expect(files(id).sort()).toEqual([english, `es.${res.headers.get("etag")!.replace(/"/g, "")}.png`].sort());
    expect((await get(`${server.url}/api/memorial-flowers/${id}/preview.png?lang=fr`)).status).toBe(404);

    const edit = await admin.put(`/api/admin/memorial-flowers/${id}`, {
      babyFirstName: "Amparo",
      babyMiddleName: "",
      babyLastName: "K.",
      lossDate: "",
      flowerType: "lily",
    });
    expect(edit.status).toBe(200);
    await expect.poll(() => files(id).some((f) => f !== english && !f.startsWith("es.")), { timeout: 10_000 }).toBe(true);
    expect((await get(`${server.url}/api/memorial-flowers/${id}/preview.png?lang=es`)).status).toBe(200);
    // One picture per language: each new version replaced its language's old one only.
    expect(files(id)).toHaveLength(2);
    expect(files(id).filter((f) => f.startsWith("es."))).toHaveLength(1);
  });

  it("draws a flower approved before (no image yet) on its first request, once", async () => {
    const { id } = await liveFlower(server, admin, { babyFirstName: "Perpetua" });
    await expect.poll(() => files(id).length, { timeout: 10_000 }).toBe(1);
    fs.rmSync(folder(id), { recursive: true });
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(`${server.url}/api/memorial-flowers/${id}/preview.png`)));
    const bodies = await Promise.all(answers.map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(bodies.every((b) => b.equals(bodies[0]!))).toBe(true);
    expect(files(id)).toHaveLength(1);
  });

  it("leaves emoji out cleanly (never a box) and keeps a very long name inside the image", async () => {
    const plain = await liveFlower(server, admin, { babyFirstName: "Zoë", babyLastName: "Ångström", lossDate: "1 May 2024" });
    const emoji = await liveFlower(server, admin, { babyFirstName: "Zoë 🌸❤️", babyLastName: "Ångström 👨‍👩‍👧 🇬🇧", lossDate: "1 May 2024 🙏" });
    const [a, b] = await Promise.all(
      [plain.id, emoji.id].map(async (id) => Buffer.from(await (await get(`${server.url}/api/memorial-flowers/${id}/preview.png`)).arrayBuffer())),
    );
    expect(b!.equals(a!)).toBe(true);

    const long = await liveFlower(server, admin, {
      babyFirstName: "W".repeat(100),
      babyMiddleName: "Wolfeschlegelsteinhausenbergerdorff",
      babyLastName: "M".repeat(100),
    });
    const png = Buffer.from(await (await get(`${server.url}/api/memorial-flowers/${long.id}/preview.png`)).arrayBuffer());
    expect(ink(png, 520, 1140, 100, 470)).toBeGreaterThan(5000);
    // Nothing written past the text column, up to the frame.
    expect(ink(png, 1140, 1170, 40, 600)).toBe(0);
  });
});

describe("share images and a server that stops", () => {
  it("finishes the drawings a write started before the server closes, and writes nothing in the data folder after", async () => {
    const server = await startTestServer({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "garden-preview-stop-")) });
    try {
      const admin = await signedIn(server);
      const approved = await Promise.all(Array.from({ length: 6 }, (_, n) => liveFlower(server, admin, { babyFirstName: `Stopping${n}` })));
      // At once, while the drawings the approvals started are still under way (each some 30-50 ms on its thread).
      await server.stop();
      const listing = () => fs.readdirSync(path.join(server.dataDir, "previews"), { recursive: true }).sort();
      const atStop = listing();
      // Every approved flower's image is finished and stored, not half-written ("."-named temporaries).
      expect(atStop.filter((f) => String(f).endsWith(".png") && !path.basename(String(f)).startsWith("."))).toHaveLength(approved.length);
      await new Promise((r) => setTimeout(r, 500));
      expect(listing()).toEqual(atStop);
    } finally {
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});

describe("the share image's layout", () => {
  const flower = (over: Record<string, unknown>) =>
    ({ id: 1, babyFirstName: "Rose", babyMiddleName: null, babyLastName: null, lossDate: null, flowerType: "rose", ...over }) as Parameters<
      typeof previewSvg
    >[0];
  const sizes = (svg: string) =>
    [...svg.matchAll(/<text [^>]*font-size="(\d+)"([^>]*)>/g)].map((m) => ({ size: Number(m[1]), name: m[2]!.includes('font-weight="bold"') }));

  it("makes the baby's name the largest line, however long the name or the date", () => {
    for (const over of [
      { babyFirstName: "Jo" },
      { babyFirstName: "Maximiliana Wilhelmina", babyMiddleName: "Bartholomew-Fitzgerald", babyLastName: "Vanderbilt-Montgomery" },
      { babyFirstName: "A".repeat(100), babyMiddleName: "B".repeat(100), babyLastName: "C".repeat(100), lossDate: "D ".repeat(50) },
    ]) {
      const lines = sizes(previewSvg(flower(over)));
      const name = Math.min(...lines.filter((l) => l.name).map((l) => l.size));
      const others = Math.max(...lines.filter((l) => !l.name).map((l) => l.size));
      expect(name).toBeGreaterThan(others);
    }
    expect(nameLines("Jo").size).toBe(72);
  });

  it("shortens a long date with care: short month and day names, then a second line, never cut mid-word", () => {
    expect(dateLines("24 September 2025").lines).toEqual(["24 September 2025"]);
    const long = dateLines("Wednesday, 24 September 2025, at Our Lady of Perpetual Help hospital, early morning");
    expect(long.lines.join(" ")).toBe("Wed., 24 Sept. 2025, at Our Lady of Perpetual Help hospital, early morning");
    expect(long.lines.length).toBeLessThanOrEqual(2);
  });
});

describe("share images under load", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startGardenServer(120, 22);
  }, 60_000);
  afterAll(() => server?.stop());

  it("keeps a visitor's /api/site quick while 8 connections ask for different flowers' images", async () => {
    const ids = sql<{ id: number }>(server, "SELECT id FROM memorial_flowers WHERE approved ORDER BY id").map((r) => r.id);
    const fetchPng = (id: number) => plainGet(`${server.url}/api/memorial-flowers/${id}/preview.png`, {});
    let next = 0;
    let stop = false;
    const statuses: number[] = [];
    const crowd = Array.from({ length: 8 }, async () => {
      while (!stop && next < ids.length) statuses.push(await fetchPng(ids[next++]!));
    });
    const times: number[] = [];
    const until = Date.now() + 4000;
    while (Date.now() < until) {
      const started = performance.now();
      const res = await get(`${server.url}/api/site`);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
    stop = true;
    await Promise.all(crowd);
    times.sort((a, b) => a - b);
    const p50 = times[times.length >> 1]!;
    const p99 = times[Math.floor(times.length * 0.99)]!;
    expect(statuses.length).toBeGreaterThan(8);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Drawn on the event loop (about 50 ms each), 8 such requests held /api/site: p50 1.6 s, p99 4.8 s here.
    // The bounds leave room for a machine busy with other work (alone, /api/site measured p99 281 ms at a load of 16).
    expect(p50, `p50 ${p50.toFixed(1)} ms over ${times.length} requests`).toBeLessThan(50);
    expect(p99, `p99 ${p99.toFixed(1)} ms over ${times.length} requests`).toBeLessThan(1000);
  }, 30_000);

  it("gives back the memory of its drawings: 120 new images grow the server by far less than their pixels", async () => {
    // Each drawing's pixels are about 3 MB that resvg frees only when its thread ends: kept, 120 drawings
    // were 360 MB more (900 took a server to 3 GB).
    const ids = sql<{ id: number }>(server, "SELECT id FROM memorial_flowers WHERE approved ORDER BY id").map((r) => r.id);
    // In Spanish: a picture of its own, not drawn yet.
    const draw = (id: number) => plainGet(`${server.url}/api/memorial-flowers/${id}/preview.png?lang=es`, {});
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    let next = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < ids.length) statuses.push(await draw(ids[next++]!));
      }),
    );
    clearInterval(sampler);
    const grew = (peak - before) / 1_048_576;
    console.log(`${statuses.length} new share images: the process grew by at most ${grew.toFixed(0)} MB`);
    expect(statuses).toHaveLength(ids.length);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(grew).toBeLessThan(150);
  }, 60_000);
});
