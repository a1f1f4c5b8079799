// npm run bench:garden: the garden at 100,000 fictional approved flowers, measured against its budgets.
//
// Starts the built server (dist/server/main.js; run `npm run build` first) on loopback with a
// temporary database, imports 823 made-up rows through the strict reset-and-import, uploads
// 100,000 made-up flowers (the generator the tests use) in one bulk upload sent as a CSV file (the
// web admin's way; BENCH_UPLOAD=json sends JSON, the desktop app's way), then measures the first view, garden queries at 100 concurrent clients, a memorial page, the longest wait of a
// small request during writes, peak memory, and a view change in Chromium at 4x CPU slowdown.
// Settings: BENCH_FLOWERS (100000), BENCH_DURATION (seconds per autocannon run, 10), BENCH_UPLOAD (csv), BENCH_UNTIL
// (upload or update: stop after that step), BENCH_BROWSER (0: no Chromium step); BENCH_NODE_FLAGS and BENCH_SERVER_LOG
// as scripts/benchServer.ts says.
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";
import { uploadCsv } from "../shared/csv/export";
import { checkBulk } from "../shared/csv/flexible";
import { FLOWERS } from "../shared/flowers";
import { memorialPath } from "../shared/garden";
import type { PublicFlowerDto } from "../shared/schemas/public";
import { launchBrowser } from "../tests/support/browser";
import { letterTimesAt4x, median } from "../tests/support/gardenSpeed";
import { Client } from "../tests/support/client";
import { fakeGarden } from "../tests/support/fakeGarden";
import { freePort } from "../tests/support/freePort";
import { spawnBuiltServer } from "./benchServer";

const ROOT = path.resolve(import.meta.dirname, "..");
const COUNT = Number(process.env.BENCH_FLOWERS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** BENCH_UNTIL=upload or update ends the run after that step; BENCH_BROWSER=0 leaves out the Chromium step. */
const UNTIL = process.env.BENCH_UNTIL;
const BROWSER = process.env.BENCH_BROWSER !== "0";
const PASSWORD = "bench password only";
const KEY = "bench-import-key";
/** The visitors' HTTP client, imported by their worker thread. */
const HTTP = pathToFileURL(path.join(import.meta.dirname, "benchHttp.mjs")).href;

/** Peak and current resident memory of a process in MB, from /proc (Linux). */
function memory(pid: number): { peak: number; now: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peak: Math.round(kb("VmHWM") / 1024), now: Math.round(kb("VmRSS") / 1024) };
}

/**
 * Asks for `paths` in turn (one at a time, 10 ms apart) until told to stop, then posts the longest wait.
 * It runs on a thread of its own, so the bench's own garbage collection (it holds the 100,000 rows it
 * sends) never counts as the server's wait.
 */
const PINGER = `
const { parentPort, workerData } = require("node:worker_threads");
let running = true;
parentPort.once("message", () => (running = false));
(async () => {
  // One untimed request first, as the visitors do: a new thread's first fetch (its code compiled, its
  // connection) is the client's cost. It measured 200-400 ms at the start of every write, which the bench
  // had reported as the server's longest wait.
  await fetch(workerData.url + workerData.paths[0]).then((r) => r.arrayBuffer(), () => null);
  parentPort.postMessage("ready");
  let longest = 0;
  for (let n = 0; running; n++) {
    const target = workerData.url + workerData.paths[n % workerData.paths.length];
    const t = performance.now();
    // A connection the server closed while it was blocked is retried: the wait still counts.
    await fetch(target).then((r) => r.arrayBuffer()).catch(() => fetch(target).then((r) => r.arrayBuffer()));
    longest = Math.max(longest, performance.now() - t);
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage(longest);
})();
`;

/** Starts a PINGER and resolves once its first, untimed request is answered; the function it answers stops it and gives the longest wait. */
async function pinger(url: string, paths: string[]): Promise<() => Promise<number>> {
  const worker = new Worker(PINGER, { eval: true, workerData: { url, paths } });
  await once(worker, "message"); // "ready"
  const longest = new Promise<number>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return async () => {
    worker.postMessage("stop");
    const ms = await longest;
    await worker.terminate();
    return ms;
  };
}

/**
 * The requests of visitors and volunteers that must not wait for a large write, each kind one at a
 * time (the kinds side by side), until told to stop: then posts each kind's worst and median time. Uncached memorial pages
 * are a new flower each time; the submissions are accepted ones (the bench lifts the hourly limit).
 */
const VISITORS = `
const { parentPort, workerData } = require("node:worker_threads");
const { url, cachedPage, uncachedPages, password, http } = workerData;
let running = true;
parentPort.once("message", () => (running = false));
const form = (fields) => new URLSearchParams(fields).toString();
const JSON_BODY = { "Content-Type": "application/json" };
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
let n = 0;
const kinds = {
  "memorial page (cached)": () => ["GET", cachedPage],
  "memorial page (not cached)": () => ["GET", uncachedPages[n % uncachedPages.length]],
  // The garden's own read, which never waited for a write: the memorial pages should answer within its range.
  "flower API (garden page)": () => ["GET", "/api/memorial-flowers/garden?page=" + (1 + (n % 40))],
  "health": () => ["GET", "/api/health"],
  "sign-in": () => ["POST", "/api/login", { headers: JSON_BODY, body: JSON.stringify({ username: "bench", password }) }],
  "submission (JSON)": () => ["POST", "/api/testimonials", { headers: JSON_BODY,
    body: JSON.stringify({ firstName: "Bench" + n, lastName: "Visitor", childName: "Gabriel", testimonial: "Our story, sent while the garden was written." }) }],
  "submission (plain form)": () => ["POST", "/share-testimonial", { headers: FORM,
    body: form({ form: "testimonial", firstName: "Plain" + n, lastName: "Visitor", childName: "Gabriel", testimonial: "Our story, sent without JavaScript." }) }],
};
const times = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
let began = 0;
const worstAt = Object.fromEntries(Object.keys(kinds).map((k) => [k, 0]));
const failed = Object.fromEntries(Object.keys(kinds).map((k) => [k, 0]));
// Each sign-in's request id and time, to find its own hashing in the server's log.
const signIns = [];
// The lean client of scripts/benchHttp.mjs, a keep-alive connection per kind: fetch's own work (about
// 2.8 ms of CPU a request, on the server's two cores) made every kind's time mostly the client's. Once
// each kind has been asked, untimed, the caller starts the large write.
import(http).then(({ askSideBySide }) => askSideBySide(url, kinds, {
  pauseMs: 10,
  running: () => running,
  ready: () => { parentPort.postMessage("ready"); began = performance.now(); },
  seen: (kind, took, res) => {
    if (took > Math.max(0, ...times[kind])) worstAt[kind] = (performance.now() - took - began) / 1000;
    times[kind].push(took);
    if (!res || res.status >= 400) failed[kind]++;
    if (kind === "sign-in" && res) signIns.push([res.headers["x-request-id"], took]);
    n++;
  },
})).then(() => {
  const median = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? 0;
  parentPort.postMessage(Object.fromEntries(Object.keys(kinds).map((k) => [k, { worst: Math.max(0, ...times[k]), worstAt: worstAt[k], median: median(times[k]), count: times[k].length, failed: failed[k], ...(k === "sign-in" ? { ids: signIns } : {}) }])));
});
`;

/**
 * Each kind's worst and median time; `worstAt`: when its worst request was sent, in seconds after the visitors began.
 * `ids`: the sign-ins' request ids and times.
 */
type VisitorWaits = Record<string, { worst: number; worstAt: number; median: number; count: number; failed: number; ids?: [string, number][] }>;

/** A line of the server's request log (public-server/middlewares/requestLog.ts). */
interface RequestLine {
  id: string;
  path: string;
  ms: number;
  heldMs?: number;
  hashMs?: number;
}

/** The request lines in what the server wrote. */
const requestLines = (log: string): RequestLine[] =>
  log
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes('"event":"request"'))
    .map((line) => JSON.parse(line) as RequestLine);

/**
 * The sign-ins' time apart from their own password hashing (`hashMs` in the request log, found by the request id),
 * and the hashing's: the hashing is a sign-in's own work, which only slows when other work has the cores.
 */
function signInsApart(times: VisitorWaits, hashMs: ReadonlyMap<string, number>): { apart: number[]; hashing: number[] } {
  const found = (times["sign-in"]?.ids ?? []).filter(([id]) => hashMs.has(id));
  return { apart: found.map(([id, took]) => took - hashMs.get(id)!), hashing: found.map(([id]) => hashMs.get(id)!) };
}

/** The value at fraction `p` of a sorted list. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

const worstAndMedian = (list: number[]) => {
  const sorted = list.slice().sort((a, b) => a - b);
  return `${Math.round(percentile(sorted, 1))} / ${Math.round(percentile(sorted, 0.5))} ms`;
};

/**
 * Starts the visitors' requests (VISITORS) and resolves once each kind has been asked once, untimed; the
 * function it answers stops them and gives their times.
 */
async function visitors(url: string, cachedPage: string, uncachedPages: string[]): Promise<() => Promise<VisitorWaits>> {
  const worker = new Worker(VISITORS, { eval: true, workerData: { url, cachedPage, uncachedPages, password: PASSWORD, http: HTTP } });
  await once(worker, "message"); // "ready"
  return async () => {
    const times = once(worker, "message");
    worker.postMessage("stop");
    const [result] = (await times) as [VisitorWaits];
    await worker.terminate();
    return result;
  };
}

interface LoopHeld {
  maxMs: number;
  p99Ms: number;
  /** The server's memory at its highest resident size since the last call, in MB (scripts/bench-loop-probe.mjs). */
  memory?: { rss: number; programPages: number; anonymous: number; heap: number; threadHeap: number; buffers: number };
  /** When the loop was held 40 ms or more, and garbage collections of 10 ms or more (wall clock, ms). */
  holds?: { at: number; ms: number }[];
  pauses?: { at: number; ms: number; kind: string }[];
}

/** The loop's long holds and collections, in seconds after `since` (a Date.now()). */
const holdsAfter = ({ holds = [], pauses = [] }: LoopHeld, since: number) =>
  `the event loop held 40 ms or more ${holds.length ? holds.map((h) => `${h.ms} ms at ${((h.at - since) / 1000).toFixed(1)} s`).join(", ") : "never"}; garbage collections of 10 ms or more: ${
    pauses.length ? pauses.map((p) => `${p.kind} ${p.ms} ms at ${((p.at - since) / 1000).toFixed(1)} s`).join(", ") : "none"
  }`;

/** Where the memory was at a phase's highest: the parts a reader can act on. */
const breakdown = ({ memory: m }: LoopHeld) =>
  m
    ? `at its highest (sampled every 50 ms) ${m.rss} MB: ${m.programPages} MB of Node's program pages, ${m.anonymous} MB of data, of which the event loop's JavaScript heap ${m.heap} MB, the large-write thread's ${m.threadHeap} MB, buffers ${m.buffers} MB`
    : "";
/** The server's event loop since the last call: its longest hold and 99th percentile (scripts/bench-loop-probe.mjs). */
type ServerLoop = () => Promise<LoopHeld>;

/**
 * Pings small answers every 10 ms while `work` runs: the longest wait says how long others were blocked.
 * `ms` is for the site's settings (no database); `dbMs`, when asked for, for garden views the database must
 * answer, each one new so never cached, asked by a second client at the same time.
 */
async function longestWaitDuring<T>(
  url: string,
  loop: ServerLoop,
  work: () => Promise<T>,
  withDatabase = false,
): Promise<{ result: T; ms: number; dbMs: number; workMs: number; held: LoopHeld; startedAt: number }> {
  await loop();
  const site = await pinger(url, ["/api/site"]);
  const garden = withDatabase
    ? await pinger(
        url,
        Array.from({ length: 3000 }, (_, n) => `/api/memorial-flowers/garden?search=${"qxz"[n % 3]}${n}&page=1`),
      )
    : async () => 0;
  const started = performance.now();
  const startedAt = Date.now();
  const result = await work();
  const workMs = performance.now() - started;
  const held = await loop();
  return { result, ms: Math.round(await site()), dbMs: Math.round(await garden()), workMs: Math.round(workMs), held, startedAt };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.log(line);
};

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-bench-"));
  fs.copyFileSync(path.join(ROOT, "data/site.json"), path.join(dataDir, "site.json"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const probe = ["--import", path.join(ROOT, "scripts/bench-loop-probe.mjs")];
  const child = spawnBuiltServer(probe, {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    ADMIN_USERNAME: "bench",
    ADMIN_PASSWORD: PASSWORD,
    ADMIN_IMPORT_KEY: KEY,
    SUBMISSIONS_PER_HOUR: "100000",
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const loop: ServerLoop = async () => {
    const seen = out.length;
    child.kill("SIGUSR2");
    for (;;) {
      const line = /\{"event":"bench_event_loop"[^\n]*\}/.exec(out.slice(seen));
      if (line) return JSON.parse(line[0]) as LoopHeld;
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  try {
    const started = Date.now();
    while (!out.includes('"event":"listening"')) {
      if (child.exitCode !== null || Date.now() - started > 30_000) throw new Error(`server did not start: ${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const startedRss = memory(child.pid!).now;
    const admin = new Client(url);
    await admin.login("bench", PASSWORD);
    report(`Garden benchmark: ${COUNT.toLocaleString("en")} fictional approved flowers, Node ${process.version}, ${os.cpus().length} CPUs`);

    // The 823-row strict import (the sample's size), made-up rows in the import's display names.
    const rows = fakeGarden(823, 3).map((f) => ({
      "First Name": f.babyFirstName,
      "Middle Name": f.babyMiddleName ?? "",
      "Last Name": f.babyLastName ?? "",
      "Date of Loss": f.lossDate ?? "",
      "Flower Type": FLOWERS.find((x) => x.type === f.flowerType)!.importName,
    }));
    let t = performance.now();
    const imported = await admin.post("/api/admin/memorial-flowers/reset-and-import", { csvData: rows, adminKey: KEY });
    if (imported.status !== 200) throw new Error(`import: ${imported.status} ${await imported.text()}`);
    report(
      `823-row strict import: ${Math.round(performance.now() - t)} ms (budget 500 ms); server memory ${startedRss} MB RSS after start, ${memory(child.pid!).now} MB after the import`,
    );

    // The bulk upload as the web admin sends it: the CSV file itself, read by the server as a stream.
    const csv = uploadCsv(fakeGarden(COUNT, 11));
    // BENCH_UPLOAD=json sends the same rows as JSON (the desktop app's way), for comparison.
    const asJson = process.env.BENCH_UPLOAD === "json";
    const flowers = asJson ? fakeGarden(COUNT, 11) : [];
    const sendRows = async () => {
      const res = asJson
        ? await admin.post("/api/admin/memorial-flowers/bulk-upload", { flowers })
        : await admin.post("/api/admin/memorial-flowers/bulk-upload", csv, { "Content-Type": "text/csv; charset=utf-8" });
      if (res.status !== 200) throw new Error(`upload: ${res.status} ${(await res.text()).slice(0, 300)}`);
    };
    // Memorial pages of the imported flowers: one visited (so cached), the others each visited once, during the upload.
    const imported823 = (await (await fetch(`${url}/api/memorial-flowers`)).json()) as (PublicFlowerDto & { id: number })[];
    const [cachedFlower, ...others] = imported823.map((f) => memorialPath(f));
    await (await fetch(url + cachedFlower!)).arrayBuffer();
    // The same requests alone first, for comparison: a sign-in's own work (scrypt) is not a wait.
    const alone = await visitors(url, cachedFlower!, others.slice(0, 100));
    await new Promise((r) => setTimeout(r, 3_000));
    const aloneTimes = await alone();
    const duringUpload = await visitors(url, cachedFlower!, others.slice(100));
    const beforeUpload = memory(child.pid!);
    // The peak so far is the start's password hashing (scrypt takes 128 MiB); from here on it is the upload's.
    fs.writeFileSync(`/proc/${child.pid}/clear_refs`, "5");
    const upload = await longestWaitDuring(url, loop, sendRows, true);
    const afterUpload = memory(child.pid!);
    const uploadTimes = await duringUpload();
    report(
      `Bulk upload of ${COUNT.toLocaleString("en")} rows as ${asJson ? "JSON" : `a ${(Buffer.byteLength(csv) / 1_048_576).toFixed(1)} MB CSV file`}: ${(upload.workMs / 1000).toFixed(1)} s (budget 10 s); longest wait meanwhile of another request: ${upload.ms} ms without the database, ${upload.dbMs} ms for a garden query, seen by clients on the same two cores; the server's event loop held at most ${upload.held.maxMs} ms at once, p99 ${upload.held.p99Ms} ms (budget 50 ms)`,
    );
    report(
      `Visitors' requests during the upload (budget: a wait of 100 ms at most), each kind one at a time: worst / median, and in brackets the median of the same request alone before it: ${Object.entries(
        uploadTimes,
      )
        .map(
          ([kind, t]) =>
            `${kind} ${Math.round(t.worst)} (at ${t.worstAt.toFixed(1)} s) / ${Math.round(t.median)} ms (${Math.round(aloneTimes[kind]!.median)} ms; ${t.count} sent${t.failed ? `, ${t.failed} refused` : ""})`,
        )
        .join(", ")}`,
    );
    const hashMs = new Map(requestLines(out).flatMap((line) => (line.hashMs === undefined ? [] : [[line.id, line.hashMs] as const])));
    const signIns = signInsApart(uploadTimes, hashMs);
    const signInsAlone = signInsApart(aloneTimes, hashMs);
    report(
      `Sign-ins during the upload, apart from their own password hashing (${signIns.apart.length} of ${uploadTimes["sign-in"]?.count ?? 0} found in the log): worst / median ${worstAndMedian(signIns.apart)} (alone ${worstAndMedian(signInsAlone.apart)}); the hashing itself ${worstAndMedian(signIns.hashing)} (alone ${worstAndMedian(signInsAlone.hashing)})`,
    );
    report(
      `Server memory around the upload: ${beforeUpload.now} MB RSS before it, peak ${afterUpload.peak} MB during it, ${afterUpload.now} MB after it (budget for the whole workflow 256 MB); ${breakdown(upload.held)}`,
    );
    report(`During the upload, ${holdsAfter(upload.held, upload.startedAt)}`);
    if (UNTIL === "upload") return;

    const list = await longestWaitDuring(url, loop, async () => {
      const res = await fetch(`${url}/api/memorial-flowers`, { headers: { "Accept-Encoding": "br" } });
      return (await res.arrayBuffer()).byteLength;
    });
    const afterList = memory(child.pid!);
    report(
      `Compatibility list rebuilt after the write: ${list.workMs} ms (${kb(list.result)} of JSON); longest wait of another request meanwhile: ${list.ms} ms (event loop held at most ${list.held.maxMs} ms); peak ${afterList.peak} MB RSS while it was built; ${breakdown(list.held)}`,
    );
    // Each phase's peak on its own: the run's peak below is the highest of them.
    fs.writeFileSync(`/proc/${child.pid}/clear_refs`, "5");

    // "Download the garden as CSV", then that file sent back with every row edited, as Bulk Update sends it (the CSV itself).
    const beforeDownload = memory(child.pid!);
    const download = await longestWaitDuring(url, loop, async () => {
      const res = await admin.get("/api/admin/memorial-flowers/export.csv");
      if (res.status !== 200) throw new Error(`download: ${res.status} ${(await res.text()).slice(0, 300)}`);
      return res.text();
    });
    const afterDownload = memory(child.pid!);
    report(
      `Download the garden as CSV: ${(Buffer.byteLength(download.result) / 1_048_576).toFixed(1)} MB in ${(download.workMs / 1000).toFixed(1)} s; server memory ${beforeDownload.now} MB RSS before it, peak ${afterDownload.peak} MB during it, ${afterDownload.now} MB after it; ${breakdown(download.held)}`,
    );
    fs.writeFileSync(`/proc/${child.pid}/clear_refs`, "5");
    const edited = download.result.replace(/\r\n(\d+),/g, "\r\n$1,E");
    // BENCH_UPDATE=json sends the same rows as JSON (what the web admin sent before), for comparison.
    const updateJson = process.env.BENCH_UPDATE === "json";
    const checked = updateJson ? checkBulk(edited, "update") : null;
    if (checked && !checked.ok) throw new Error(checked.message);
    const beforeUpdate = memory(child.pid!);
    const update = await longestWaitDuring(
      url,
      loop,
      async () => {
        const res = checked?.ok
          ? await admin.put("/api/admin/memorial-flowers/bulk-update", { flowers: checked.entries })
          : await admin.put("/api/admin/memorial-flowers/bulk-update", edited, { "Content-Type": "text/csv; charset=utf-8" });
        if (res.status !== 200) throw new Error(`update: ${res.status} ${(await res.text()).slice(0, 300)}`);
      },
      true,
    );
    const afterUpdate = memory(child.pid!);
    const wal = fs.statSync(path.join(dataDir, "garden.sqlite-wal"), { throwIfNoEntry: false })?.size ?? 0;
    report(
      `Bulk update of every row (the download edited, sent back as ${updateJson ? "JSON" : "CSV"}): ${(update.workMs / 1000).toFixed(1)} s; longest wait meanwhile ${update.ms} ms without the database, ${update.dbMs} ms for a garden query; server memory ${beforeUpdate.now} MB RSS before it, peak ${afterUpdate.peak} MB during it, ${afterUpdate.now} MB after it; ${breakdown(update.held)}; write-ahead log ${(wal / 1_048_576).toFixed(1)} MB after it`,
    );
    fs.writeFileSync(`/proc/${child.pid}/clear_refs`, "5");
    if (UNTIL === "update") return;

    // First view: the garden's HTML (the shared CSS and JavaScript are the same for every page).
    t = performance.now();
    // fetch decodes the body: the bytes on the wire are the Content-Length.
    const wire = async (path: string, encoding: string) => {
      const res = await fetch(url + path, { headers: { "Accept-Encoding": encoding } });
      const decoded = (await res.arrayBuffer()).byteLength;
      return { wire: Number(res.headers.get("content-length") ?? decoded), decoded };
    };
    const first = await wire("/garden-of-remembrance", "br");
    const firstMs = performance.now() - t;
    const firstGz = await wire("/garden-of-remembrance", "gzip");
    report(
      `Garden first view: ${kb(first.wire)} HTML brotli, ${kb(firstGz.wire)} gzip (${kb(first.decoded)} decoded), the first 12 cards in it; first render ${Math.round(firstMs)} ms (budget 60 KB beyond shared CSS/JS)`,
    );

    // Queries at 100 concurrent clients: a mix of views, most never asked before, so the cache of views cannot
    // help; the twelve searches come back on many pages, as when visitors page through a search.
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const searches = ["gra", "zoe", "jose", "marie", "lee", "ma", "o", "nunez", "sorensen", "hope", "gabriel", "van"];
    let n = 0;
    const viewPath = () => {
      n++;
      const p = new URLSearchParams();
      if (n % 3 === 0) p.set("flower", FLOWERS[n % 10]!.type);
      if (n % 4 === 0) p.set("letter", letters[n % 26]!);
      if (n % 5 === 0) p.set("search", searches[n % searches.length]!);
      p.set("page", String(1 + ((n * 7919) % 400)));
      return `/api/memorial-flowers/garden?${p}`;
    };
    const before = memory(child.pid!);
    await loop();
    const logFrom = out.length;
    const q = await autocannon({
      url,
      connections: 100,
      duration: DURATION,
      requests: [{ setupRequest: (req) => ({ ...req, path: viewPath() }) }],
    });
    // The server's own time for each of those requests (from the request log: arrival in the app to the answer ready),
    // apart from the time a request waits for the one process to get to it: in the kernel before it is read, and, for a
    // view built anew, in the loop's spare turns behind the cached answers (`heldMs`, part of `ms`, printed apart). The
    // clients' latency has both waits.
    const logged = requestLines(out.slice(logFrom)).filter((line) => line.path === "/api/memorial-flowers/garden");
    const serverMs = logged.map((line) => line.ms).sort((a, b) => a - b);
    const workMs = logged.map((line) => line.ms - (line.heldMs ?? 0)).sort((a, b) => a - b);
    const held = logged.filter((line) => line.heldMs !== undefined).length;
    const at = (list: number[], p: number) => percentile(list, p).toFixed(1);
    report(
      `Garden queries, 100 connections, ${DURATION} s, mixed views: ${Math.round(q.requests.average)} req/s; the server's own time p50 ${at(workMs, 0.5)} ms, p95 ${at(workMs, 0.95)} ms, p99 ${at(workMs, 0.99)} ms over ${serverMs.length.toLocaleString("en")} requests (budget p95 20 ms); with the wait of the ${held.toLocaleString("en")} built anew for the loop's spare turns p95 ${at(serverMs, 0.95)} ms, p99 ${at(serverMs, 0.99)} ms; latency seen by the clients p50 ${q.latency.p50} ms, p90 ${q.latency.p90} ms, p97.5 ${q.latency.p97_5} ms, p99 ${q.latency.p99} ms; ${q.non2xx} errors`,
    );
    const single: number[] = [];
    for (let i = 0; i < 200; i++) {
      const s = performance.now();
      await fetch(url + viewPath()).then((r) => r.arrayBuffer());
      single.push(performance.now() - s);
    }
    single.sort((a, b) => a - b);
    const afterQueries = memory(child.pid!);
    const queriesHeld = await loop();
    report(`Server memory during the query load: peak ${afterQueries.peak} MB RSS, ${afterQueries.now} MB after it; ${breakdown(queriesHeld)}`);
    fs.writeFileSync(`/proc/${child.pid}/clear_refs`, "5");
    report(`Garden queries one at a time (uncached views): p50 ${single[100]!.toFixed(1)} ms, p95 ${single[190]!.toFixed(1)} ms`);
    // Searches never asked before (three letters from made-up names): each reads all its matches once.
    const fresh = [...new Set(fakeGarden(400, 99).map((f) => `${f.babyFirstName.slice(1, 3)}${(f.babyLastName ?? "x").slice(0, 2)}`.toLowerCase()))];
    const firstTimes: number[] = [];
    for (const needle of fresh.slice(0, 200)) {
      const s = performance.now();
      await fetch(`${url}/api/memorial-flowers/garden?search=${encodeURIComponent(needle)}&page=1`).then((r) => r.arrayBuffer());
      firstTimes.push(performance.now() - s);
    }
    firstTimes.sort((a, b) => a - b);
    report(
      `A search never asked before, one at a time (${firstTimes.length} of them): p50 ${firstTimes[firstTimes.length >> 1]!.toFixed(1)} ms, p95 ${firstTimes[Math.floor(firstTimes.length * 0.95)]!.toFixed(1)} ms`,
    );

    // A memorial page.
    const one = (await (await fetch(`${url}/api/memorial-flowers/garden?search=grace&page=3`)).json()) as { flowers: { id: number }[] };
    const id = one.flowers[0]!.id;
    const redirect = await fetch(`${url}/garden-of-remembrance/${id}`, { redirect: "manual" });
    const memorialUrl = url + redirect.headers.get("location");
    t = performance.now();
    const memorial = await wire(memorialUrl.slice(url.length), "gzip");
    const memorialBytes = memorial.wire;
    const memorialMs = performance.now() - t;
    const rendered = [...out.matchAll(/"event":"page_rendered","path":"\/garden-of-remembrance\/[^"]+","ms":([\d.]+)/g)].map((m) => Number(m[1]));
    report(
      `Memorial page: ${kb(memorialBytes)} HTML gzip (budget 30 KB), server render ${rendered.at(-1) ?? "?"} ms (budget 10 ms), first answer ${Math.round(memorialMs)} ms`,
    );

    // A view change in Chromium at 4x CPU slowdown: from pressing a letter to the new heading.
    const browser = BROWSER ? await launchBrowser() : null;
    if (browser)
      try {
        const page = await browser.newPage();
        await page.goto(`${url}/garden-of-remembrance`);
        await page.locator("html[data-hydrated]").waitFor();
        const times = await letterTimesAt4x(page, ["C", "M", "R", "S", "B"]);
        report(
          `Chromium, 4x CPU slowdown, letter pressed → new heading: median ${Math.round(median(times))} ms, worst ${Math.round(Math.max(...times))} ms (budget 100 ms)`,
        );
      } finally {
        await browser.close();
      }
    else report("Chromium, 4x CPU slowdown: not measured (BENCH_BROWSER=0)");

    const mem = memory(child.pid!);

    // A crawler walking the garden's pages (each flower's first 80 pages of 12, as HTML): every page new
    // to the cache, which keeps each one (its HTML and both compressed copies) up to its bound in bytes.
    fs.writeFileSync(`/proc/${child.pid}/clear_refs`, "5");
    await loop();
    let crawled = 0;
    const crawl = await autocannon({
      url,
      connections: 4,
      amount: 800,
      requests: [
        {
          setupRequest: (req) => {
            const n = crawled++;
            return { ...req, path: `/garden-of-remembrance?flower=${FLOWERS[n % 10]!.type}&page=${1 + Math.floor(n / 10)}` };
          },
        },
      ],
    });
    const afterCrawl = memory(child.pid!);
    const crawlHeld = await loop();
    report(
      `A crawler through 800 garden pages as HTML, 4 connections: ${Math.round(crawl.requests.average)} pages/s, p99 ${crawl.latency.p99} ms, ${crawl.non2xx} errors; server memory peak ${afterCrawl.peak} MB RSS, ${afterCrawl.now} MB after it; ${breakdown(crawlHeld)}`,
    );
    report(
      `Server memory: peak ${Math.max(afterUpload.peak, afterList.peak, afterDownload.peak, afterUpdate.peak, afterQueries.peak, mem.peak, afterCrawl.peak)} MB RSS over the whole run (writes included; ${mem.peak} MB in the part after the query load: single queries, memorial page, Chromium; ${afterCrawl.peak} MB in the crawl), ${before.now} MB before the query load, ${afterCrawl.now} MB at the end (budget 256 MB, so the site fits a 512 MB server beside Caddy)`,
    );
  } catch (err) {
    console.error(out.slice(-4000));
    throw err;
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
