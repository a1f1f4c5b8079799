// node scripts/bench-pages.mjs: the cached pages (home, garden, a memorial page, a content page)
// side by side with nginx serving the same brotli bytes, at 100 connections on loopback.
//
// Builds and starts the server (dist/server/main.js) with a temporary database of 823 made-up
// flowers, takes each page's brotli answer, writes those bytes to a temporary folder and starts
// nginx (from PATH or /usr/sbin; Debian's package "nginx") on 127.0.0.1 and a free port to send
// them with the same headers; then runs autocannon against each, one after the other. Prints
// requests/s, p50 and p99 of both and the ratio. Goal: every page >= 0.5x nginx, p99 <= 50 ms.
// Beside them, a bare Node HTTP server (node:http and nothing else, a handler that only writes the
// same headers and bytes): the most any server on this Node can do on this machine, to read the
// ratio against (on the 2-core machine of 27 November it made 0.34-0.39x of nginx itself).
// Settings: BENCH_DURATION (seconds per run, 5), BENCH_CONNECTIONS (100).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DURATION = Math.min(30, Number(process.env.BENCH_DURATION ?? 5));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const PASSWORD = "bench password only";

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

function nginxBinary() {
  for (const candidate of ["nginx", "/usr/sbin/nginx"]) {
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {
      // next
    }
  }
  throw new Error("nginx is not installed (Debian: apt-get install nginx); it is what the pages are measured against.");
}

/** The body as sent (fetch would decode it). */
const rawBrotli = (url) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "br" } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"], bytes: Buffer.concat(chunks), headers: res.headers }));
      })
      .on("error", reject);
  });

/** A page's headers as the bare server sends them again (Node writes its own Date and Connection). */
const withoutHopHeaders = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !["date", "connection", "keep-alive", "transfer-encoding"].includes(name)));

/** The bare Node server: each page's bytes and headers, read at start, written as they are. */
const BARE_SERVER = `
const fs = require("node:fs");
const http = require("node:http");
const pages = Object.fromEntries(Object.entries(JSON.parse(process.env.BARE_PAGES)).map(([p, { file, headers }]) => [p, [headers, fs.readFileSync(file)]]));
http.createServer((req, res) => {
  const page = pages[req.url];
  if (!page) return res.writeHead(404).end();
  res.writeHead(200, page[0]);
  res.end(page[1]);
}).listen(Number(process.env.BARE_PORT), "127.0.0.1");
`;

/** User plus system CPU seconds of a process (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** One autocannon run, and the CPU the serving process spent per answer (steadier than requests/s on a busy machine). */
async function run(url, pid) {
  const before = cpuSeconds(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { "accept-encoding": "gzip, deflate, br" } });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuMs: ((cpuSeconds(pid) - before) * 1000) / Math.max(1, r.requests.total),
    failed: r.non2xx + r.errors + r.timeouts,
  };
}

async function main() {
  const nginx = nginxBinary();
  execFileSync(process.execPath, [path.join(ROOT, "scripts/build-server.mjs")], { cwd: ROOT, stdio: "inherit" });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "garden-bench-pages-"));
  const dataDir = path.join(work, "data");
  fs.mkdirSync(dataDir);
  fs.copyFileSync(path.join(ROOT, "data/site.json"), path.join(dataDir, "site.json"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const children = [];
  const stop = () => {
    for (const child of children) child.kill("SIGTERM");
    fs.rmSync(work, { recursive: true, force: true });
  };
  process.on("SIGINT", () => (stop(), process.exit(130)));
  try {
    children.push(
      spawn(process.execPath, [path.join(ROOT, "dist/server/main.js")], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          LOG_LEVEL: "silent",
          ADMIN_USERNAME: "bench",
          ADMIN_PASSWORD: PASSWORD,
        },
        stdio: ["ignore", "inherit", "inherit"],
      }),
    );
    await waitFor(`${url}/api/health`);
    const login = await fetch(`${url}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "bench", password: PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const flowers = Array.from({ length: 823 }, (_, i) => ({ babyFirstName: `Baby${i}`, babyLastName: "E.", lossDate: "Spring 2020", flowerType: "lily" }));
    const upload = await fetch(`${url}/api/admin/memorial-flowers/bulk-upload`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ flowers }),
    });
    if (!upload.ok) throw new Error(`upload failed: ${upload.status}`);
    const garden = await (await fetch(`${url}/api/memorial-flowers/garden`)).json();
    const first = garden.flowers[0];
    const memorial = (await fetch(`${url}/garden-of-remembrance/${first.id}`, { redirect: "manual" })).headers.get("location");
    const pages = [
      ["home", "/"],
      ["garden", "/garden-of-remembrance"],
      ["memorial page", memorial],
      ["content page", "/about-us"],
    ];

    // nginx sends the server's own brotli bytes for each page.
    const root = path.join(work, "www");
    fs.mkdirSync(root);
    const locations = [];
    const bare = {};
    for (const [i, [, target]] of pages.entries()) {
      await fetch(url + target);
      const { encoding, bytes, headers } = await rawBrotli(url + target);
      if (encoding !== "br") throw new Error(`${target} was not sent as brotli`);
      fs.writeFileSync(path.join(root, `page${i}.html`), bytes);
      bare[target] = { file: path.join(root, `page${i}.html`), headers: withoutHopHeaders(headers) };
      locations.push(
        `location = ${target} { default_type "text/html; charset=utf-8"; add_header Content-Encoding br; add_header Vary Accept-Encoding; add_header Cache-Control no-cache; etag on; alias ${root}/page${i}.html; }`,
      );
    }
    const nginxPort = await freePort();
    const conf = path.join(work, "nginx.conf");
    fs.writeFileSync(
      conf,
      `worker_processes 1; daemon off; pid ${work}/nginx.pid; error_log ${work}/error.log;
events { worker_connections 1024; }
http { access_log off; server_tokens off; client_body_temp_path ${work}/tmp; proxy_temp_path ${work}/tmp; fastcgi_temp_path ${work}/tmp; uwsgi_temp_path ${work}/tmp; scgi_temp_path ${work}/tmp;
  server { listen 127.0.0.1:${nginxPort}; ${locations.join("\n    ")} } }
`,
    );
    const nginxProcess = spawn(nginx, ["-c", conf, "-p", work], { stdio: "inherit" });
    children.push(nginxProcess);
    const nginxUrl = `http://127.0.0.1:${nginxPort}`;
    await waitFor(nginxUrl + "/");

    const barePort = await freePort();
    const bareProcess = spawn(process.execPath, ["-e", BARE_SERVER], {
      env: { ...process.env, BARE_PAGES: JSON.stringify(bare), BARE_PORT: String(barePort) },
      stdio: "inherit",
    });
    children.push(bareProcess);
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await waitFor(bareUrl + "/");

    console.log(`Cached pages against nginx (1 worker, the same brotli bytes): ${CONNECTIONS} connections, ${DURATION} s each, ${os.cpus().length} CPU cores`);
    // nginx runs a master and one worker: the worker (the master's only child) is the one that serves.
    const nginxWorker = Number(
      execFileSync("pgrep", ["-P", String(nginxProcess.pid)])
        .toString()
        .trim()
        .split("\n")[0],
    );
    const server = children[0].pid;
    console.log(
      "page            server req/s  p50  p99 CPU ms/req | nginx req/s  p50  p99 CPU ms/req | req/s ratio, CPU ratio | bare Node req/s CPU ms/req, its ratio to nginx, ours to it",
    );
    let met = true;
    for (const [label, target] of pages) {
      const ours = await run(url + target, server);
      const theirs = await run(nginxUrl + target, nginxWorker);
      const bound = await run(bareUrl + target, bareProcess.pid);
      const ratio = ours.rps / theirs.rps;
      met &&= ratio >= 0.5 && ours.p99 <= 50 && ours.failed === 0;
      console.log(
        `${label.padEnd(15)} ${Math.round(ours.rps).toString().padStart(12)} ${String(ours.p50).padStart(4)} ${String(ours.p99).padStart(4)} ${ours.cpuMs.toFixed(3).padStart(11)} | ` +
          `${Math.round(theirs.rps).toString().padStart(11)} ${String(theirs.p50).padStart(4)} ${String(theirs.p99).padStart(4)} ${theirs.cpuMs.toFixed(3).padStart(11)} | ` +
          `${ratio.toFixed(2)}x, ${(ours.cpuMs / theirs.cpuMs).toFixed(1)}x${ours.failed ? ` (${ours.failed} failed)` : ""} | ` +
          `${Math.round(bound.rps).toString().padStart(15)} ${bound.cpuMs.toFixed(3)}, ${(bound.rps / theirs.rps).toFixed(2)}x, ${(ours.rps / bound.rps).toFixed(2)}x`,
      );
    }
    console.log(met ? "Goal met: every page >= 0.5x nginx, p99 <= 50 ms." : "Goal not met on this run.");
  } finally {
    stop();
  }
}

await main();
