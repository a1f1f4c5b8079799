// npm run bench: short autocannon runs of GET /api/memorial-flowers with 823 approved flowers, then
// of the cached pages (home, garden) and the main script at 100 connections.
//
// Starts the built server (dist/server/main.js; built first when missing) on loopback with a
// temporary database, loads the 823 flowers of garden-823.csv (or 823 made-up ones when the
// sample is not beside the project), then measures. Settings: BENCH_DURATION (seconds, 10),
// BENCH_CONNECTIONS (20).
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import Papa from "papaparse";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PASSWORD = "bench password only";

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** User plus system CPU seconds of a process, from /proc (Linux), or null elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 per second)
  } catch {
    return null;
  }
}

/** The 823 sample flowers as bulk-upload entries, or 823 made-up ones. */
function flowers() {
  const csv = path.join(ROOT, "tests/fixtures/garden-823.csv");
  if (fs.existsSync(csv)) {
    const { data } = Papa.parse(fs.readFileSync(csv, "utf8"), { header: true, skipEmptyLines: "greedy" });
    return data.map((r) => ({
      babyFirstName: r["First Name"],
      babyMiddleName: r["Middle Name"] || null,
      babyLastName: r["Last Name"] || null,
      lossDate: r["Date of Loss"] || null,
      flowerType: r["Flower Type"].trim().toLowerCase().replace(/\s+/g, "-"),
    }));
  }
  const types = ["pink-tulip", "marigold", "ox-eye-daisy", "calla-lily", "forget-me-not", "periwinkle", "lily", "tulip", "carnation", "pink-rose"];
  return Array.from({ length: 823 }, (_, i) => ({
    babyFirstName: `Baby${i}`,
    babyMiddleName: null,
    babyLastName: "E.",
    lossDate: "Spring 2020",
    flowerType: types[i % 10],
  }));
}

async function main() {
  const entry = path.join(ROOT, "dist/server/main.js");
  if (!fs.existsSync(entry)) execFileSync(process.execPath, [path.join(ROOT, "scripts/build-server.mjs")], { cwd: ROOT, stdio: "inherit" });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-bench-"));
  fs.copyFileSync(path.join(ROOT, "data/site.json"), path.join(dataDir, "site.json"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent", ADMIN_USERNAME: "bench", ADMIN_PASSWORD: PASSWORD },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = () => {
    child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        if (i > 300) throw new Error("the server did not start");
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const login = await fetch(`${url}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "bench", password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const list = flowers();
    const upload = await fetch(`${url}/api/admin/memorial-flowers/bulk-upload`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ flowers: list }),
    });
    if (!upload.ok) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
    const garden = await (await fetch(`${url}/api/memorial-flowers`)).json();
    if (garden.length !== 823) throw new Error(`expected 823 flowers in the garden, found ${garden.length}`);

    const cpuBefore = cpuSeconds(child.pid);
    const result = await autocannon({
      url: `${url}/api/memorial-flowers`,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { "accept-encoding": "gzip" },
    });
    const cpuAfter = cpuSeconds(child.pid);
    const failed = result.non2xx + result.errors + result.timeouts;
    console.log(`GET /api/memorial-flowers, 823 approved flowers, gzip, ${CONNECTIONS} connections, ${DURATION} s, ${os.cpus().length} CPU cores`);
    console.log(`requests/s: ${Math.round(result.requests.average)} (total ${result.requests.total})`);
    console.log(`latency ms: p50 ${result.latency.p50}, p99 ${result.latency.p99}, max ${result.latency.max}`);
    console.log(`body bytes/request: ${Math.round(result.throughput.total / Math.max(1, result.requests.total))}; failed requests: ${failed}`);
    if (cpuBefore !== null && cpuAfter !== null) {
      // Less sensitive to other work on the machine than requests/s: the server's own CPU time per answer.
      console.log(`server CPU per request: ${(((cpuAfter - cpuBefore) * 1000) / result.requests.total).toFixed(3)} ms`);
    }
    if (failed > 0) process.exitCode = 1;

    // The cached pages (pre-compressed, ETag): the home page, the garden, a hashed script.
    const html = await (await fetch(`${url}/`)).text();
    const script = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    for (const [label, target] of [
      ["GET / (home page)", "/"],
      ["GET /garden-of-remembrance", "/garden-of-remembrance"],
      ...(script ? [[`GET ${script} (main script)`, script]] : []),
    ]) {
      await fetch(url + target); // rendered and cached before the run
      const c0 = cpuSeconds(child.pid);
      const page = await autocannon({ url: url + target, connections: 100, duration: DURATION, headers: { "accept-encoding": "br, gzip" } });
      const c1 = cpuSeconds(child.pid);
      const pageFailed = page.non2xx + page.errors + page.timeouts;
      console.log(
        `${label}, br, 100 connections: ${Math.round(page.requests.average)} requests/s, latency p50 ${page.latency.p50} ms, p99 ${page.latency.p99} ms, ` +
          `${Math.round(page.throughput.total / Math.max(1, page.requests.total))} bytes/request` +
          (c0 !== null && c1 !== null ? `, server CPU ${(((c1 - c0) * 1000) / page.requests.total).toFixed(3)} ms/request` : "") +
          (pageFailed ? `, ${pageFailed} failed` : ""),
      );
      if (pageFailed > 0) process.exitCode = 1;
    }
  } finally {
    stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
