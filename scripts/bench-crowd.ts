// npm run bench:crowd: the site under a crowd at 100,000 fictional approved flowers, against its budgets.
//
// Starts the built server (dist/server/main.js; run `npm run build` first) on loopback with a temporary
// database, uploads the flowers as one CSV file, then:
//  0. the same crowd as 1. for 15 s, its figures printed apart: the server has just started, and its first
//     seconds (every page and view rendered for the first time, its code not yet compiled) are slower than
//     the rest; its testimonials are checked with 1.'s;
//  1. 300 clients for 60 s, a mix of what visitors and a volunteer do: cached pages, garden views and pages,
//     searches, memorial pages, plain-form (no JavaScript) testimonials, and an administrator approving them.
//     Prints p50/p99/max, requests/s, 5xx, and, from the database afterwards, every acknowledged
//     testimonial lost or stored twice. Budget: p99 ≤ 500 ms, none over 5 s, ≥ 1,000 requests/s, 0 5xx, 0 lost/doubled.
//  2. 8 connections each of the worst anonymous requests (distinct preview images, broad searches, two-letter
//     searches, large refused posts) for 20 s while one visitor asks for a cached page: its p99 (budget ≤ 50 ms).
// The clients run on worker threads of this process, on the same machine, through a lean HTTP client
// (scripts/benchHttp.mjs) so that what they spend is as little as possible of the cores the server needs.
// Settings: BENCH_FLOWERS (100000), BENCH_CLIENTS (300), BENCH_SECONDS (60), BENCH_WARMUP_SECONDS (15),
// BENCH_WORST_SECONDS (20); BENCH_NODE_FLAGS and BENCH_SERVER_LOG as scripts/benchServer.ts says.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import Database from "better-sqlite3";
import { uploadCsv } from "../shared/csv/export";
import { memorialPath, type GardenPageDto } from "../shared/garden";
import { Client } from "../tests/support/client";
import { fakeGarden } from "../tests/support/fakeGarden";
import { freePort } from "../tests/support/freePort";
import { spawnBuiltServer } from "./benchServer";

const ROOT = path.resolve(import.meta.dirname, "..");
const COUNT = Number(process.env.BENCH_FLOWERS ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WORST_SECONDS = Number(process.env.BENCH_WORST_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 15);
const THREADS = 4;
const PASSWORD = "bench password only";
/** The crowd's HTTP client, imported by each worker thread. */
const HTTP = pathToFileURL(path.join(import.meta.dirname, "benchHttp.mjs")).href;

/**
 * One thread's share of the clients: each loops over the mix (one request at a time on its own keep-alive
 * connection, through the lean client of scripts/benchHttp.mjs) until the deadline, then posts its latencies, 5xx count, and the names of
 * testimonials the server acknowledged (303). Client 0 of thread 0 is the administrator.
 */
const CROWD = `
const { parentPort, workerData } = require("node:worker_threads");
const { url, clients, seconds, count, thread, cookie, memorials, http, round } = workerData;
const deadline = Date.now() + seconds * 1000;
const times = [];
const byKind = {};
let errors = 0, failed = 0;
const acknowledged = [];
const letters = "abcdefghijklmnopqrstuvwxyz";
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const syllables = ["gra", "ann", "mar", "jos", "lee", "ros", "eli", "ber", "noa", "cla", "sam", "fel", "ave", "luc", "the"];
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
let n = 0;
// Per second of the run: how many answers ended in it, and its longest (wall clock, to line up across threads).
const bySecond = {};
function note(kind, took) {
  times.push(took);
  const second = Math.floor(Date.now() / 1000);
  const at = (bySecond[second] ??= [0, 0]);
  at[0]++;
  at[1] = Math.max(at[1], took);
  (byKind[kind] ??= []).push(took);
}
async function timed(connection, kind, method, path, options) {
  const t = performance.now();
  try {
    const answer = await connection.request(method, path, options);
    note(kind, performance.now() - t);
    if (answer.status >= 500) errors++;
    return answer;
  } catch {
    note(kind, performance.now() - t);
    failed++;
    return null;
  }
}
const visitor = [
  [3, "home page", () => ["GET", "/"]],
  [3, "garden page", () => ["GET", "/garden-of-remembrance"]],
  [2, "garden page n", () => ["GET", "/garden-of-remembrance?page=" + (1 + Math.floor(Math.random() * 50))]],
  [3, "garden API page", () => ["GET", "/api/memorial-flowers/garden?page=" + (1 + Math.floor(Math.random() * 200))]],
  [2, "garden API letter", () => ["GET", "/api/memorial-flowers/garden?letter=" + pick(letters).toUpperCase() + "&page=" + (1 + Math.floor(Math.random() * 5))]],
  [3, "garden API search", () => ["GET", "/api/memorial-flowers/garden?search=" + pick(syllables) + pick(letters)]],
  [1, "garden page search", () => ["GET", "/garden-of-remembrance?search=" + pick(syllables)]],
  [3, "memorial page", () => ["GET", pick(memorials)]],
  [1, "site API", () => ["GET", "/api/site"]],
  [1, "plain-form testimonial", () => {
    const name = "Crowd" + round + "r" + thread + "x" + n++;
    const body = new URLSearchParams({ form: "testimonial", firstName: name, lastName: "Visitor", childName: "Gabriel", testimonial: "Our story, sent without JavaScript." }).toString();
    return ["POST", "/share-testimonial", { headers: FORM, body }, name];
  }],
];
const weights = visitor.reduce((a, [w]) => a + w, 0);
async function visitorRequest(connection) {
  let r = Math.random() * weights;
  let chosen = visitor[0];
  for (const entry of visitor) if ((r -= entry[0]) < 0) { chosen = entry; break; }
  const [method, path, options, name] = chosen[2]();
  const answer = await timed(connection, chosen[1], method, path, options);
  if (name && answer?.status === 303) acknowledged.push(name);
}
function decoded({ headers, body }) {
  const zlib = require("node:zlib");
  const encoding = headers["content-encoding"];
  return encoding === "br" ? zlib.brotliDecompressSync(body) : encoding === "gzip" ? zlib.gunzipSync(body) : body;
}
async function admin(connection) {
  const headers = { Cookie: cookie, Origin: url };
  while (Date.now() < deadline) {
    const list = await timed(connection, "admin: pending list", "GET", "/api/admin/testimonials?status=pending&page=1&pageSize=20", { headers, keepBody: true });
    let items = [];
    try { items = list && list.status === 200 ? JSON.parse(decoded(list)).items : []; } catch {}
    for (const item of items.slice(0, 5)) {
      if (Date.now() >= deadline) break;
      await timed(connection, "admin: approve", "POST", "/api/admin/testimonials/" + item.id + "/approve", { headers: { ...headers, "If-Match": String(item.version) } });
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
async function client(connection) {
  while (Date.now() < deadline) await visitorRequest(connection);
}
import(http).then(({ Connection }) =>
  Promise.all(Array.from({ length: clients }, (_, i) => (thread === 0 && i === 0 && cookie ? admin : client)(new Connection(url)))),
).then(() => parentPort.postMessage({ times, byKind, errors, failed, acknowledged, bySecond }));
`;

/**
 * Run twice side by side, each on its own thread (`role`): the attackers, 8 connections each of the worst
 * anonymous requests, every one new (nothing cached can answer it), posting their counts; and one visitor
 * asking for a cached page one request at a time, posting its latencies.
 */
const WORST = `
const { parentPort, workerData } = require("node:worker_threads");
const { url, seconds, count, http, role } = workerData;
const deadline = Date.now() + seconds * 1000;
const letters = "abcdefghijklmnopqrstuvwxyz";
const pick = (list) => list[Math.floor(Math.random() * list.length)];
// As bytes once, not a string turned into bytes at every request.
const big = Buffer.from(new URLSearchParams({ form: "testimonial", firstName: "", lastName: "Visitor", testimonial: "x".repeat(1_000_000) }).toString());
const kinds = {
  "distinct previews": () => ["GET", "/api/memorial-flowers/" + (1 + Math.floor(Math.random() * count)) + "/preview.png"],
  "broad searches": () => ["GET", "/api/memorial-flowers/garden?search=" + pick(["ann", "mar", "ari", "ose", "ace", "ell", "lee", "ria"]) + "&page=" + (1 + Math.floor(Math.random() * 80)) + "&flower=" + pick(["lily", "tulip", "marigold", "pink-rose", ""])],
  "two-letter searches": () => ["GET", "/api/memorial-flowers/garden?search=" + pick(letters) + pick(letters) + "&page=" + (1 + Math.floor(Math.random() * 80))],
  "large refused posts": () => ["POST", "/share-testimonial", { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: big }],
};
const sent = Object.fromEntries(Object.keys(kinds).map((k) => [k, 0]));
const errors = Object.fromEntries(Object.keys(kinds).map((k) => [k, 0]));
// Connections the server closed on a request it refused as too large (413) before reading its body: the
// reset can reach this client before the answer does.
const cut = Object.fromEntries(Object.keys(kinds).map((k) => [k, 0]));
const CUT = new Set(["ECONNRESET", "EPIPE"]);
const visitor = [];
const running = () => Date.now() < deadline;
const attacked = (kind, took, answer, err) => {
  if (answer) {
    sent[kind]++;
    if (answer.status >= 500) errors[kind]++;
  } else if (CUT.has(err.code) && kind === "large refused posts") { sent[kind]++; cut[kind]++; } else errors[kind]++;
};
import(http).then(({ askSideBySide }) => role === "visitor"
  ? askSideBySide(url, { "cached page": () => ["GET", "/"] }, { pauseMs: 20, running, ready: () => {}, seen: (kind, took) => visitor.push(took) })
  : askSideBySide(url, kinds, { connections: 8, running, seen: attacked }),
).then(() => parentPort.postMessage({ visitor, sent, errors, cut }));
`;

function run<T>(source: string, workerData: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData });
    worker.once("message", (m) => {
      resolve(m as T);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

/**
 * Connections the kernel has completed but the server has not yet accepted, sampled from /proc/net/tcp
 * (a listening socket's rx_queue is its accept queue): libuv accepts one connection per listening socket per
 * turn of the event loop, so under load new connections can wait there before their first request is read.
 */
function acceptQueue(port: number): number | null {
  try {
    const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
    // The server listens through several sockets on the port (lib/listen.ts): their queues add up.
    let waiting = 0;
    for (const line of fs.readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[1]?.endsWith(`:${hexPort}`) && f[3] === "0A") waiting += parseInt(f[4]!.split(":")[1]!, 16);
    }
    return waiting;
  } catch {
    return null; // not Linux
  }
}

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const ms = (n: number) => `${Math.round(n)} ms`;
const verdict = (ok: boolean) => (ok ? "met" : "NOT met");

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-crowd-"));
  fs.copyFileSync(path.join(ROOT, "data/site.json"), path.join(dataDir, "site.json"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnBuiltServer([], {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ADMIN_USERNAME: "bench",
    ADMIN_PASSWORD: PASSWORD,
    SUBMISSIONS_PER_HOUR: "1000000",
    REFUSED_SUBMISSIONS_PER_HOUR: "1000000",
    BACKUP_HOUR: "off",
  });
  let out = "";
  child.stdout!.on("data", (d) => (out = (out + d).slice(-100_000)));
  child.stderr!.on("data", (d) => (out = (out + d).slice(-100_000)));
  try {
    const started = Date.now();
    while (
      !(await fetch(`${url}/api/health`)
        .then((r) => r.ok)
        .catch(() => false))
    ) {
      if (child.exitCode !== null || Date.now() - started > 30_000) throw new Error(`server did not start: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const admin = new Client(url);
    await admin.login("bench", PASSWORD);
    const upload = await admin.post("/api/admin/memorial-flowers/bulk-upload", uploadCsv(fakeGarden(COUNT, 11)), { "Content-Type": "text/csv; charset=utf-8" });
    if (upload.status !== 200) throw new Error(`upload: ${upload.status} ${(await upload.text()).slice(0, 300)}`);
    console.log(`Crowd benchmark: ${COUNT.toLocaleString("en")} flowers, Node ${process.version}, ${os.cpus().length} CPUs, clients on this machine`);
    // Memorial pages of flowers anywhere in the garden, each address as the site links it.
    const memorials: string[] = [];
    for (let page = 1; memorials.length < 2000 && page <= 400; page += 7) {
      const view = (await (await fetch(`${url}/api/memorial-flowers/garden?page=${page}`)).json()) as GardenPageDto;
      memorials.push(...view.flowers.map((f) => memorialPath(f)));
    }

    type Crowd = {
      times: number[];
      byKind: Record<string, number[]>;
      errors: number;
      failed: number;
      acknowledged: string[];
      bySecond: Record<string, [number, number]>;
    };
    const perThread = Math.ceil(CLIENTS / THREADS);
    const queued: number[] = [];
    const sampler = setInterval(() => {
      const n = acceptQueue(port);
      if (n !== null) queued.push(n);
    }, 250);
    const crowd = (seconds: number, round: string) =>
      Promise.all(
        Array.from({ length: THREADS }, (_, thread) =>
          run<Crowd>(CROWD, {
            url,
            clients: Math.min(perThread, CLIENTS - thread * perThread),
            seconds,
            count: COUNT,
            thread,
            cookie: thread === 0 ? admin.cookieHeader() : "",
            memorials,
            http: HTTP,
            round,
          }),
        ),
      );
    let warm: Crowd[] = [];
    if (WARMUP_SECONDS > 0) {
      warm = await crowd(WARMUP_SECONDS, "warm");
      const all = warm.flatMap((r) => r.times).sort((a, b) => a - b);
      const warmErrors = warm.reduce((a, r) => a + r.errors + r.failed, 0);
      console.log(
        `0. warm-up, the same crowd on the server just started, for ${WARMUP_SECONDS} s (not in the figures of 1.): ${Math.round(all.length / WARMUP_SECONDS)} requests/s, ` +
          `p50 ${ms(at(all, 50))}, p99 ${ms(at(all, 99))}, max ${ms(all.at(-1) ?? 0)}, ${warmErrors} 5xx or failed connections`,
      );
    }
    const t0 = performance.now();
    const results = await crowd(SECONDS, "");
    const elapsed = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const times = results.flatMap((r) => r.times).sort((a, b) => a - b);
    const errors = results.reduce((a, r) => a + r.errors, 0);
    const failed = results.reduce((a, r) => a + r.failed, 0);
    // The warm-up's testimonials are held to the same promise.
    const acknowledged = [...warm, ...results].flatMap((r) => r.acknowledged);
    const rate = times.length / elapsed;
    const p99 = at(times, 99);
    const max = times.at(-1) ?? 0;
    const over5s = times.filter((t) => t > 5000).length;

    // Every testimonial the server acknowledged (303) is in the database exactly once.
    const db = new Database(path.join(dataDir, "garden.sqlite"), { readonly: true });
    const stored = new Map<string, number>();
    for (const { name, n } of db
      .prepare("SELECT first_name AS name, count(*) AS n FROM testimonials WHERE first_name LIKE 'Crowd%' GROUP BY first_name")
      .all() as { name: string; n: number }[])
      stored.set(name, n);
    db.close();
    const lost = acknowledged.filter((name) => !stored.has(name)).length;
    const doubled = [...stored.values()].filter((n) => n > 1).length;

    console.log(
      `1. ${CLIENTS} clients for ${SECONDS} s: ${times.length.toLocaleString("en")} requests, ${Math.round(rate)} requests/s (budget ≥ 1,000: ${verdict(rate >= 1000)}); ` +
        `p50 ${ms(at(times, 50))}, p99 ${ms(p99)} (budget ≤ 500 ms: ${verdict(p99 <= 500)}), max ${ms(max)} (${over5s} over 5 s: ${verdict(over5s === 0)}); ` +
        `${errors} 5xx (${verdict(errors === 0)}), ${failed} failed connections; ${acknowledged.length} plain-form testimonials acknowledged: ${lost} lost, ${doubled} stored twice (${verdict(lost + doubled === 0)})`,
    );

    if (queued.length > 0)
      console.log(
        `   connections waiting to be accepted: at most ${Math.max(...queued)}, some waiting in ${queued.filter((n) => n > 0).length} of ${queued.length} samples (every 250 ms)`,
      );
    // Which requests make the tail: each kind's share, median, p99 and longest.
    const kinds = new Map<string, number[]>();
    for (const r of results) for (const [kind, list] of Object.entries(r.byKind)) kinds.set(kind, [...(kinds.get(kind) ?? []), ...list]);
    for (const [kind, list] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) {
      list.sort((a, b) => a - b);
      console.log(
        `   ${kind.padEnd(24)} ${String(list.length).padStart(6)}  p50 ${ms(at(list, 50)).padStart(8)}  p99 ${ms(at(list, 99)).padStart(8)}  max ${ms(list.at(-1) ?? 0).padStart(8)}`,
      );
    }

    // When the slow answers ended: each second's count and longest answer, from the crowd's start.
    const seconds = new Map<number, [number, number]>();
    for (const r of results)
      for (const [second, [n, longest]] of Object.entries(r.bySecond)) {
        const at = seconds.get(Number(second)) ?? [0, 0];
        seconds.set(Number(second), [at[0] + n, Math.max(at[1], longest)]);
      }
    const first = Math.min(...seconds.keys());
    console.log(
      `   by second (answers, longest): ${[...seconds]
        .sort(([a], [b]) => a - b)
        .map(([second, [n, longest]]) => `${second - first}s ${n}/${ms(longest).replace(" ", "")}`)
        .join(" ")}`,
    );

    type Worst = { visitor: number[]; sent: Record<string, number>; errors: Record<string, number>; cut: Record<string, number> };
    // The visitor on a thread of its own: a visitor's browser is not held up by the attackers' clients.
    const step = (role: "attackers" | "visitor") => run<Worst>(WORST, { url, seconds: WORST_SECONDS, count: COUNT, http: HTTP, role });
    const [worst, { visitor }] = await Promise.all([step("attackers"), step("visitor")]);
    const seen = visitor.sort((a, b) => a - b);
    console.log(
      `2. 8 connections each of ${Object.entries(worst.sent)
        .map(
          ([k, n]) =>
            `${k} (${n} sent, ${worst.errors[k]} failed or 5xx${worst.cut[k] ? `, ${worst.cut[k]} of them closed by the server before this client read its 413` : ""})`,
        )
        .join(
          ", ",
        )} for ${WORST_SECONDS} s: a visitor's cached page p50 ${ms(at(seen, 50))}, p99 ${ms(at(seen, 99))} (budget ≤ 50 ms: ${verdict(at(seen, 99) <= 50)}), max ${ms(seen.at(-1) ?? 0)}`,
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
