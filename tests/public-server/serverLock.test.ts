import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/testServer";
import { Client } from "../support/client";
import { freePort } from "../support/freePort";
import { until } from "../support/until";
import { cleanupAfterAll } from "../support/cleanup";
import { takeOnlineBackup } from "../../public-server/operations/onlineBackup";
import { acquireDatabaseLock } from "../../public-server/operations/serverLock";
import { LISTENING_SOCKETS } from "../../public-server/lib/listen";
import { testimonialInput } from "./fixtures";

/**
 * The database's lock and `restore`, with the real built server and the real
 * CLI as separate processes (dist/server: `npm run build:server` first), as a
 * team runs them with `npm start` and `npm run admin -- restore`.
 */
const { cleanups, tempDir } = cleanupAfterAll();

interface Proc {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | string>;
}

function run(script: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "info", WEB_DIR: path.join(ROOT, "dist/web"), SUBMISSIONS_PER_HOUR: "1000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
  });
  return { child, output: () => out, exited };
}

/** `npm start`: the built server, listening once this resolves. */
async function startServer(dataDir: string, port: number): Promise<Proc & { url: string }> {
  const server = run("dist/server/main.js", [], { DATA_DIR: dataDir, PORT: String(port) });
  await until(() => /"event":"listening"/.test(server.output()) || server.child.exitCode !== null, "the server to listen", 30_000);
  expect(server.child.exitCode, server.output()).toBe(null);
  return { ...server, url: `http://127.0.0.1:${port}` };
}

/** `npm run admin -- restore <file>`. */
function restore(dataDir: string, file: string) {
  return spawnSync(process.execPath, [path.join(ROOT, "dist/server/cli.js"), "restore", file], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
}

/** How many sockets listen on `port` on 127.0.0.1, from the kernel's table. */
function listeningSockets(port: number): number {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  return fs
    .readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .slice(1)
    .filter((line) => {
      const f = line.trim().split(/\s+/);
      return f[1] === local && f[3] === "0A";
    }).length;
}

const lockOf = (dataDir: string) => path.join(dataDir, "garden.sqlite.pid");
const lockFiles = (dataDir: string) => fs.readdirSync(dataDir).filter((name) => name.startsWith("garden.sqlite.pid"));
const pidIn = (dataDir: string) => (JSON.parse(fs.readFileSync(lockOf(dataDir), "utf8")) as { pid: number }).pid;

async function write(url: string, tag: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await new Client(url).post("/api/testimonials", testimonialInput({ firstName: `${tag}${i}` }));
    expect(res.status).toBe(201);
  }
}

function stored(dataDir: string, tag: string): number {
  const db = new Database(path.join(dataDir, "garden.sqlite"), { readonly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM testimonials WHERE first_name LIKE ?").get(`${tag}%`) as { n: number }).n;
  } finally {
    db.close();
  }
}

describe("the database's lock", () => {
  it("belongs to the server that holds the port: a second `npm start` fails and leaves it alone, and a restore is refused", async () => {
    const dataDir = tempDir("garden-lock-");
    const port = await freePort();
    const first = await startServer(dataDir, port);
    // On Linux it listens through several sockets sharing the port (lib/listen.ts), and still refuses to share it below.
    if (process.platform === "linux") expect(listeningSockets(port)).toBe(LISTENING_SOCKETS);
    const lock = fs.readFileSync(lockOf(dataDir), "utf8");
    expect(pidIn(dataDir)).toBe(first.child.pid);
    await write(first.url, "Before", 5);
    const backup = path.join(tempDir("garden-lock-backup-"), "copy.sqlite");
    await takeOnlineBackup(path.join(dataDir, "garden.sqlite"), backup);

    // The same port and database, as a second `npm start` in another terminal.
    const second = run("dist/server/main.js", [], { DATA_DIR: dataDir, PORT: String(port) });
    expect(await second.exited).toBe(1);
    expect(fs.readFileSync(lockOf(dataDir), "utf8")).toBe(lock);
    expect(second.output()).toMatch(/Another server is already running on the database .*garden\.sqlite \(process \d+/);

    // The same port, another database: it takes its own lock, cannot listen, and lets its own lock go.
    const elsewhere = tempDir("garden-lock-other-");
    const third = run("dist/server/main.js", [], { DATA_DIR: elsewhere, PORT: String(port) });
    expect(await third.exited).toBe(1);
    expect(third.output()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    expect(lockFiles(elsewhere)).toEqual([]);
    expect(fs.readFileSync(lockOf(dataDir), "utf8")).toBe(lock);

    const refused = restore(dataDir, backup);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`The server is running on this database (process ${first.child.pid}`);
    expect(refused.stderr).toContain("Stop it first (sudo systemctl stop garden)");
    expect(fs.readFileSync(lockOf(dataDir), "utf8")).toBe(lock);

    // Everything the first server confirms afterwards stays in the database.
    await write(first.url, "After", 30);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(stored(dataDir, "Before")).toBe(5);
    expect(stored(dataDir, "After")).toBe(30);
    // Stopped, the server took its lock with it.
    expect(lockFiles(dataDir)).toEqual([]);

    // With no server running, the same restore goes through.
    const done = restore(dataDir, backup);
    expect(done.stderr).toBe("");
    expect(done.status).toBe(0);
    expect(stored(dataDir, "After")).toBe(0);
    expect(lockFiles(dataDir)).toEqual([]);
  }, 120_000);

  it("refuses a restore while a server has the database open, even with its lock file deleted", async () => {
    const dataDir = tempDir("garden-lock-deleted-");
    const server = await startServer(dataDir, await freePort());
    const backup = path.join(tempDir("garden-lock-backup-"), "copy.sqlite");
    await takeOnlineBackup(path.join(dataDir, "garden.sqlite"), backup);
    fs.rmSync(lockOf(dataDir));

    const refused = restore(dataDir, backup);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("The database is open in another program, most likely a server running on it without its lock file.");
    expect(fs.existsSync(path.join(dataDir, "backups")) && fs.readdirSync(path.join(dataDir, "backups"))).toBeFalsy();
    expect(lockFiles(dataDir)).toEqual([]); // the restore's own lock went with it

    await write(server.url, "Kept", 20);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(stored(dataDir, "Kept")).toBe(20);
  }, 120_000);

  it("is taken over from a server that died, and a restore then goes ahead", async () => {
    const dataDir = tempDir("garden-lock-crash-");
    const port = await freePort();
    const crashed = await startServer(dataDir, port);
    await write(crashed.url, "Crashed", 3);
    crashed.child.kill("SIGKILL");
    await crashed.exited;
    expect(pidIn(dataDir)).toBe(crashed.child.pid); // left behind, naming a process that is gone

    const next = await startServer(dataDir, port);
    expect(pidIn(dataDir)).toBe(next.child.pid);
    next.child.kill("SIGKILL");
    await next.exited;

    const backup = path.join(tempDir("garden-lock-backup-"), "copy.sqlite");
    await takeOnlineBackup(path.join(dataDir, "garden.sqlite"), backup);
    const done = restore(dataDir, backup);
    expect(done.stderr).toBe("");
    expect(done.status).toBe(0);
    expect(stored(dataDir, "Crashed")).toBe(3);
    expect(lockFiles(dataDir)).toEqual([]);
  }, 120_000);

  it("is taken over by exactly one of many processes racing for a dead server's lock, and never from a live one", async () => {
    const dataDir = tempDir("garden-lock-race-");
    const databasePath = path.join(dataDir, "garden.sqlite");
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    const dead = JSON.stringify({ pid: gone, startedAt: "2026-11-20T03:00:00.000Z" }) + "\n";
    fs.writeFileSync(lockOf(dataDir), dead);
    // Each process waits for the same moment, then tries; the one that gets the lock holds it for a while.
    const at = Date.now() + 4_000;
    const script = `
      import { acquireDatabaseLock } from ${JSON.stringify(path.join(ROOT, "public-server/operations/serverLock.ts"))};
      while (Date.now() < ${at}) {}
      const lock = acquireDatabaseLock(${JSON.stringify(databasePath)}, "server");
      console.log(lock.ok ? "took it" : "held by " + lock.holder.pid);
      if (lock.ok) setTimeout(() => lock.release(), 3_000);`;
    const racers = Array.from({ length: 6 }, () => {
      const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      return new Promise<{ pid: number; said: string }>((resolve) => child.on("exit", () => resolve({ pid: child.pid!, said: out.trim() })));
    });
    const results = await Promise.all(racers);
    const winners = results.filter((r) => r.said === "took it");
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((r) => r !== winners[0])) expect(loser.said).toBe(`held by ${winners[0]!.pid}`);
    expect(lockFiles(dataDir)).toEqual([]);
  }, 60_000);

  it("tells a live holder from a process id that went to another program after a crash", () => {
    const dataDir = tempDir("garden-lock-reused-");
    const databasePath = path.join(dataDir, "garden.sqlite");
    const held = acquireDatabaseLock(databasePath, "server");
    if (!held.ok) throw new Error("the lock should be free");
    // Held by this very process: a second taker is told so, and the file is untouched.
    const text = fs.readFileSync(lockOf(dataDir), "utf8");
    expect(acquireDatabaseLock(databasePath, "restore")).toMatchObject({ ok: false, holder: { pid: process.pid, role: "server" } });
    expect(fs.readFileSync(lockOf(dataDir), "utf8")).toBe(text);
    held.release();
    expect(lockFiles(dataDir)).toEqual([]);

    const takeable = [
      // Our own id, from an earlier process given it again (a server that is pid 1 in a container, restarted).
      { pid: process.pid, startedAt: "2026-11-20T03:00:00.000Z", process: "another-boot/123" },
      // A live process that is not the one that wrote the lock: it started at another time.
      { pid: process.ppid, startedAt: "2026-11-20T03:00:00.000Z", process: "another-boot/123" },
      // Not a lock at all.
      "half a lock",
    ];
    for (const left of takeable) {
      fs.writeFileSync(lockOf(dataDir), typeof left === "string" ? left : JSON.stringify(left));
      const lock = acquireDatabaseLock(databasePath, "server");
      expect(lock.ok).toBe(true);
      if (lock.ok) lock.release();
      expect(lockFiles(dataDir)).toEqual([]);
    }
    // A live process named by a lock of an earlier version (no start time): never taken over.
    const earlier = JSON.stringify({ pid: process.ppid, startedAt: "2026-11-20T03:00:00.000Z" });
    fs.writeFileSync(lockOf(dataDir), earlier);
    expect(acquireDatabaseLock(databasePath, "server")).toMatchObject({ ok: false, holder: { pid: process.ppid, role: "server" } });
    expect(fs.readFileSync(lockOf(dataDir), "utf8")).toBe(earlier);
    expect(lockFiles(dataDir)).toEqual(["garden.sqlite.pid"]);
  });

  it("lives in data/ where git does not see it", () => {
    const names = ["data/garden.sqlite.pid", "data/garden.sqlite.pid.1234-0b7c1d2e.new", "data/garden.sqlite.pid.dead-0123456789abcdef"];
    const check = spawnSync("git", ["check-ignore", "--no-index", ...names], { cwd: ROOT, encoding: "utf8" });
    expect(check.stdout.trim().split("\n")).toEqual(names);
  });
});
