import fs from "node:fs";
import http from "node:http";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumPath } from "../support/browser";
import { Client } from "../support/client";
import { fakeGarden } from "../support/fakeGarden";
import { spawnServer, type SpawnedServer } from "../public-server/spawn";

/**
 * Lighthouse itself (its default mobile run: a mid-range phone, simulated slow 4G and a 4× slower CPU)
 * on the garden and on a memorial page, in English and in Spanish (whose pages fetch their catalog as a
 * file of its own), with a garden of GARDEN_SIZE flowers on a server of its own
 * process. The score is Lighthouse's performance category; the metrics it is made of are printed.
 */

const GARDEN_SIZE = 10_000;
const MIN_SCORE = 0.95;
const RUNS = 5;
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"] as const;

let server: SpawnedServer;
let chrome: chromeLauncher.LaunchedChrome;
let memorialPath: string;
let spanishMemorialPath: string;

beforeAll(async () => {
  // As it runs in production: React renders with its production build.
  server = await spawnServer({ NODE_ENV: "production", ADMIN_USERNAME: "gardener", ADMIN_PASSWORD: "a long admin password" });
  const admin = new Client(server.url);
  await admin.login("gardener", "a long admin password");
  const upload = await admin.post("/api/admin/memorial-flowers/bulk-upload", { flowers: fakeGarden(GARDEN_SIZE, 3) });
  expect(upload.status, await upload.clone().text()).toBe(200);
  const first = (await (await fetch(`${server.url}/api/memorial-flowers/garden?page=2`)).json()) as { flowers: { id: number }[] };
  const found = await fetch(`${server.url}/garden-of-remembrance/${first.flowers[0]!.id}`, { redirect: "manual" });
  memorialPath = found.headers.get("location")!;
  const spanish = await fetch(`${server.url}/es/garden-of-remembrance/${first.flowers[0]!.id}`, { redirect: "manual" });
  spanishMemorialPath = spanish.headers.get("location")!;
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
}, 180_000);

afterAll(async () => {
  chrome?.kill();
  await server?.cleanup();
});

/** Runs Lighthouse's performance category on `path` once; answers the score (0–1) and a line of its metrics. */
async function runOnce(path: string): Promise<{ score: number; line: string }> {
  const run = await lighthouse(`${server.url}${path}`, { port: chrome.port, onlyCategories: ["performance"], logLevel: "error", output: "json" });
  const lhr = run!.lhr;
  if (lhr.runtimeError) return { score: Number.NaN, line: `no score: Lighthouse could not measure (${lhr.runtimeError.code}: ${lhr.runtimeError.message})` };
  const score = lhr.categories.performance!.score ?? 0;
  const figures = METRICS.map((id) => `${lhr.audits[id]!.title} ${lhr.audits[id]!.displayValue}`).join(", ");
  return { score, line: `${Math.round(score * 100)} (${figures}; this machine's benchmark index ${Math.round(lhr.environment.benchmarkIndex)})` };
}

/** The share of the machine's CPU time spent idle over `ms` (from /proc/stat, Linux). */
async function idleShare(ms: number): Promise<number> {
  const read = () => {
    const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { idle: fields[3]! + (fields[4] ?? 0), total: fields.reduce((a, b) => a + b, 0) };
  };
  const before = read();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = read();
  return (after.idle - before.idle) / Math.max(1, after.total - before.total);
}

/**
 * Lighthouse simulates a slow phone by multiplying the CPU time it observes: work left over from the
 * tests before (servers and browsers winding down) would be counted as the page's. So the runs wait,
 * up to a minute, until the machine is mostly idle, and say how long they waited.
 */
async function settle(): Promise<void> {
  const started = Date.now();
  let idle = await idleShare(2000);
  while (idle < 0.8 && Date.now() - started < 60_000) idle = await idleShare(2000);
  console.log(`Lighthouse: waited ${((Date.now() - started) / 1000).toFixed(0)} s for an idle machine (${Math.round(idle * 100)} % idle)`);
}

/**
 * The median of RUNS runs, as Lighthouse's own guidance advises (it suggests five): a single run varies
 * with whatever else the machine is doing at that moment. Every run is printed.
 */
async function performanceOf(path: string): Promise<number> {
  await settle();
  const runs: { score: number; line: string }[] = [];
  // A run Lighthouse itself could not complete (its runtimeError) is printed and run again, twice at most.
  for (let attempt = 0; runs.filter((r) => !Number.isNaN(r.score)).length < RUNS && attempt < RUNS + 2; attempt++) runs.push(await runOnce(path));
  const scores = runs.map((r) => r.score).filter((score) => !Number.isNaN(score));
  expect(scores, runs.map((r) => r.line).join("\n")).toHaveLength(RUNS);
  const median = scores.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  console.log(
    `Lighthouse mobile, ${path} (garden of ${GARDEN_SIZE.toLocaleString("en")}): performance ${Math.round(median * 100)} (median of ${RUNS})\n${runs.map((r) => `  ${r.line}`).join("\n")}`,
  );
  return median;
}

/** TCP's first round trip on a new connection: ten segments of 1,460 bytes (Lighthouse's simulation counts the same). */
const FIRST_ROUND_TRIP = 10 * 1460;

/** The bytes a page's answer takes on the wire, its status line and headers included, in `encoding`. */
function bytesOnTheWire(path: string, encoding: string): Promise<{ total: number; body: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers: { "Accept-Encoding": encoding } }, (res) => {
        let body = 0;
        res.on("data", (chunk: Buffer) => (body += chunk.length));
        res.on("end", () => {
          const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n${res.rawHeaders.map((v, i) => (i % 2 ? `${v}\r\n` : `${v}: `)).join("")}\r\n`;
          resolve({ total: Buffer.byteLength(head) + body, body, encoding: res.headers["content-encoding"] });
        });
      })
      .on("error", reject);
  });
}

describe("the garden's first view", () => {
  // Over plain HTTP (as Lighthouse runs here) a browser asks for gzip only; over HTTPS, brotli. Either way
  // the page (its styles are in it) should arrive in the first round trip: one more costs a phone on slow
  // 4G 150 ms before anything shows, about a point of the garden's score. The drawings being files, the
  // drawer's links made only when it opens and the leaders and resource links left out of the page's
  // configuration brought it there (17.3 KB before).
  it(`arrives within TCP's first round trip (${FIRST_ROUND_TRIP.toLocaleString("en")} bytes), gzip or brotli`, async () => {
    for (const encoding of ["gzip", "br"]) {
      const { total, body, encoding: sent } = await bytesOnTheWire("/garden-of-remembrance", encoding);
      expect(sent).toBe(encoding);
      console.log(`garden's first view, ${encoding}: ${total.toLocaleString("en")} bytes on the wire (${body.toLocaleString("en")} of them the page)`);
      expect(total).toBeLessThanOrEqual(FIRST_ROUND_TRIP);
    }
  });

  // A Spanish page carried its whole catalog (16 KB compressed) until the catalog became a file of its
  // own: its first paint came a round trip or two after the English page's, and its score 88–95.
  it("in Spanish, weighs within 1 KB of the English (its translations come as a file the browser keeps)", async () => {
    for (const encoding of ["gzip", "br"]) {
      const english = await bytesOnTheWire("/garden-of-remembrance", encoding);
      const spanish = await bytesOnTheWire("/es/garden-of-remembrance", encoding);
      console.log(
        `garden's first view in Spanish, ${encoding}: ${spanish.total.toLocaleString("en")} bytes on the wire (English: ${english.total.toLocaleString("en")})`,
      );
      expect(spanish.total - english.total).toBeLessThanOrEqual(1024);
    }
  });
});

describe("Lighthouse (mobile)", () => {
  it(`scores the garden at least ${MIN_SCORE * 100} for performance`, { timeout: 300_000 }, async () => {
    expect(await performanceOf("/garden-of-remembrance")).toBeGreaterThanOrEqual(MIN_SCORE);
  });

  it(`scores a memorial page at least ${MIN_SCORE * 100} for performance`, { timeout: 300_000 }, async () => {
    expect(await performanceOf(memorialPath)).toBeGreaterThanOrEqual(MIN_SCORE);
  });

  it(`scores the Spanish garden at least ${MIN_SCORE * 100} for performance`, { timeout: 300_000 }, async () => {
    expect(await performanceOf("/es/garden-of-remembrance")).toBeGreaterThanOrEqual(MIN_SCORE);
  });

  it(`scores a Spanish memorial page at least ${MIN_SCORE * 100} for performance`, { timeout: 300_000 }, async () => {
    expect(spanishMemorialPath).toMatch(/^\/es\/garden-of-remembrance\/\d+-/);
    expect(await performanceOf(spanishMemorialPath)).toBeGreaterThanOrEqual(MIN_SCORE);
  });
});
