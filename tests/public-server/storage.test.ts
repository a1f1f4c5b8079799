import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { assistanceInput, errorBody, flowerInput, signedIn, testimonialInput } from "./fixtures";
import { spawnServer, type SpawnedServer } from "./spawn";
import { cleanupAfterAll } from "../support/cleanup";

/**
 * A full disk, for real. SQLite's `PRAGMA max_page_count` on the server's own
 * connection makes it answer "database or disk is full" exactly as a full
 * disk does, on an ordinary file and without root; a second test repeats the
 * story on a real 4 MB tmpfs where this machine lets us mount one.
 */

const { cleanups } = cleanupAfterAll();

interface Sent {
  table: "testimonials" | "memorial_flowers" | "assistance_requests";
  column: string;
  name: string;
  status: number;
}

/** One public submission of each kind in turn, with a long text now and then so pages run out. */
async function submit(url: string, i: number, tag: string): Promise<Sent> {
  const c = new Client(url);
  const name = `${tag}${i}`;
  switch (i % 3) {
    case 0: {
      const res = await c.post(
        "/api/testimonials",
        testimonialInput({ firstName: name, testimonial: `Our story ${"and more of it ".repeat(i % 2 ? 300 : 5)}` }),
      );
      return { table: "testimonials", column: "first_name", name, status: await settle(res) };
    }
    case 1: {
      const res = await c.post("/api/memorial-flowers", flowerInput({ babyFirstName: name }));
      return { table: "memorial_flowers", column: "baby_first_name", name, status: await settle(res) };
    }
    default: {
      const res = await c.post("/api/assistance-requests", assistanceInput({ firstName: name, comments: "Please call me. ".repeat(i % 2 ? 150 : 1) }));
      return { table: "assistance_requests", column: "first_name", name, status: await settle(res) };
    }
  }
}

/** Checks a 503 is the clear JSON sentence; answers the status. */
async function settle(res: Response): Promise<number> {
  if (res.status === 503) {
    const body = await errorBody(res);
    expect(body.error).toBe("storage_full");
    expect(body.message).toMatch(/storage is full/i);
  } else {
    await res.arrayBuffer();
  }
  return res.status;
}

function onDisk(databasePath: string, sent: Sent[]): string[] {
  const db = new Database(databasePath, { readonly: true });
  try {
    return sent
      .filter((s) => s.status >= 200 && s.status < 300)
      .filter((s) => (db.prepare(`SELECT count(*) AS n FROM ${s.table} WHERE ${s.column} = ?`).get(s.name) as { n: number }).n !== 1)
      .map((s) => s.name);
  } finally {
    db.close();
  }
}

/** Fills, submits, frees, submits, bulk-uploads, restarts: everything answered 2xx must be in the file. */
async function fullDiskStory(dataDir: string, fill: (s: TestServer) => void, free: (s: TestServer) => void, tag: string) {
  let server = await startTestServer({ dataDir });
  cleanups.push(() => server.stop());
  const admin = await signedIn(server);
  const sent: Sent[] = [];
  fill(server);

  for (let i = 0; i < 45; i++) sent.push(await submit(server.url, i, `${tag}Full`));
  const upload = await admin.post("/api/admin/memorial-flowers/bulk-upload", {
    flowers: Array.from({ length: 2000 }, (_, i) => ({ babyFirstName: `${tag}FullBulk${i}`, flowerType: "lily" })),
  });
  const statuses = sent.map((s) => s.status);
  console.log(
    `${tag}: while full, ${statuses.filter((s) => s === 201).length} × 201, ${statuses.filter((s) => s === 503).length} × 503; bulk upload ${upload.status}`,
  );
  expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
  expect(statuses).toContain(503);
  expect(upload.status).toBe(503);
  expect((await errorBody(upload)).error).toBe("storage_full");

  free(server);
  const after: Sent[] = [];
  for (let i = 0; i < 12; i++) after.push(await submit(server.url, i, `${tag}After`));
  expect(after.map((s) => s.status)).toEqual(after.map(() => 201));
  const bulk = await admin.post("/api/admin/memorial-flowers/bulk-upload", {
    flowers: Array.from({ length: 2000 }, (_, i) => ({ babyFirstName: `${tag}Bulk${i}`, flowerType: "lily" })),
  });
  expect(bulk.status).toBe(200);
  expect((await json(bulk)).count).toBe(2000);
  // What the site shows now must be what survives a restart.
  const garden = await json<{ babyFirstName: string }[]>(await new Client(server.url).get("/api/memorial-flowers"));
  expect(garden.filter((f) => f.babyFirstName.startsWith(`${tag}Bulk`))).toHaveLength(2000);

  await server.stop();
  server = await startTestServer({ dataDir });
  const all = [...sent, ...after];
  expect(onDisk(server.config.databasePath, all)).toEqual([]);
  const db = new Database(server.config.databasePath, { readonly: true });
  expect((db.prepare("SELECT count(*) AS n FROM memorial_flowers WHERE baby_first_name LIKE ?").get(`${tag}Bulk%`) as { n: number }).n).toBe(2000);
  db.close();
  const answered = all.filter((s) => s.status === 201).length;
  console.log(`${tag}: after a restart, all ${answered} answers of 201 and the 2,000-flower upload are on disk`);
  expect((await new Client(server.url).get("/api/health")).status).toBe(200);
  await server.stop();
}

describe("a full disk (SQLite's max_page_count on the server's connection)", () => {
  it("answers 503 with a clear sentence while full, never a lost 2xx, and recovers by itself once space is back", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-full-"));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await fullDiskStory(
      dataDir,
      (s) => {
        const handle = s.parts.services.db.handle;
        const pages = handle.pragma("page_count", { simple: true }) as number;
        handle.pragma(`max_page_count = ${pages + 4}`);
      },
      (s) => {
        s.parts.services.db.handle.pragma("max_page_count = 1073741823");
      },
      "Pages",
    );
  });
});

/**
 * Mounts a 4 MB tmpfs in a new folder and answers the folder, or answers undefined (saying why) where this
 * machine does not allow it.
 */
function mountTmpfs(): string | undefined {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "garden-tmpfs-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=4m,mode=0700", "tmpfs", mountPoint], { stdio: "pipe" });
    return mountPoint;
  } catch (err) {
    fs.rmSync(mountPoint, { recursive: true, force: true });
    console.log(`Skipped the tmpfs full-disk test: this machine does not let us mount a tmpfs (${(err as Error).message.split("\n")[0]}).`);
    return undefined;
  }
}

function unmount(mountPoint: string): void {
  execFileSync("umount", ["-l", mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
}

describe("a full disk (a real 4 MB tmpfs)", () => {
  // Tried once as the file is collected, and let go at once: the test's own disk is mounted in beforeAll,
  // which does not run when the test is filtered out (afterAll would not run either, and the disk stayed).
  const probe = mountTmpfs();
  if (probe) unmount(probe);
  const mounted = probe !== undefined;
  let mountPoint = "";
  beforeAll(() => {
    const mountedNow = mountTmpfs();
    if (!mountedNow) throw new Error("The tmpfs mounted a moment ago could not be mounted again.");
    mountPoint = mountedNow;
    cleanups.push(() => unmount(mountedNow));
  });

  it.runIf(mounted)("answers 503 while the disk is full and keeps every 2xx after a restart", async () => {
    const filler = path.join(mountPoint, "filler");
    await fullDiskStory(
      mountPoint,
      () => {
        // Take every free block but a few, the way a growing log file would.
        const { bavail, bsize } = fs.statfsSync(mountPoint);
        const fd = fs.openSync(filler, "w");
        try {
          const chunk = Buffer.alloc(bsize);
          for (let i = 0; i < bavail; i++) fs.writeSync(fd, chunk);
        } catch {
          // the disk is full: that is the point
        } finally {
          fs.closeSync(fd);
        }
      },
      () => fs.rmSync(filler),
      "Tmpfs",
    );
  });
});

describe("an outside lock on the database (another program holds BEGIN EXCLUSIVE for 7 s)", () => {
  let proc: SpawnedServer | undefined;
  afterAll(() => proc?.cleanup());

  it("answers a write 503 with Retry-After, and keeps serving the cached public lists fast", async () => {
    proc = await spawnServer();
    const visitor = new Client(proc.url);
    expect((await visitor.post("/api/testimonials", testimonialInput())).status).toBe(201);
    for (const list of ["/api/memorial-flowers", "/api/testimonials", "/api/comment-library", "/garden-of-remembrance"]) {
      expect((await visitor.get(list)).status).toBe(200);
    }

    const other = new Database(proc.databasePath);
    other.exec("BEGIN EXCLUSIVE");
    const release = new Promise<void>((resolve) =>
      setTimeout(() => {
        other.exec("ROLLBACK");
        other.close();
        resolve();
      }, 7_000),
    );
    try {
      const started = performance.now();
      const writing = visitor
        .post("/api/testimonials", testimonialInput({ firstName: "Locked" }))
        .then(async (res) => ({ res, ms: performance.now() - started }));
      // While the write waits for the lock, visitors keep reading the garden.
      const reads: number[] = [];
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const t = performance.now();
        const res = await visitor.get(["/api/memorial-flowers", "/api/testimonials", "/garden-of-remembrance"][i % 3]!);
        await res.arrayBuffer();
        expect(res.status).toBe(200);
        reads.push(performance.now() - t);
      }
      const { res, ms } = await writing;
      const body = await errorBody(res);
      console.log(
        `Outside lock: the write answered ${res.status} after ${Math.round(ms)} ms (Retry-After ${res.headers.get("retry-after")}); ` +
          `20 reads of cached lists and a page meanwhile, slowest ${Math.round(Math.max(...reads))} ms`,
      );
      expect(res.status).toBe(503);
      expect(body.error).toBe("database_busy");
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(ms).toBeLessThan(5_000);
      expect(Math.max(...reads)).toBeLessThan(1_000);
      expect((await visitor.get("/api/health")).status).toBe(503);
    } finally {
      await release;
    }
    // The lock is gone: writes go through again, and the refused one was not kept.
    expect((await visitor.post("/api/testimonials", testimonialInput({ firstName: "Unlocked" }))).status).toBe(201);
    expect((await visitor.get("/api/health")).status).toBe(200);
    const db = new Database(proc.databasePath, { readonly: true });
    expect(db.prepare("SELECT first_name AS n FROM testimonials WHERE first_name IN ('Locked', 'Unlocked')").all()).toEqual([{ n: "Unlocked" }]);
    db.close();
    expect(proc.output()).not.toMatch(/"status":500/);
  });
});

describe("a read-only database", () => {
  // Tests run as root here, and chmod does not stop root: the file is bind-mounted read-only
  // instead, so the kernel refuses every write (EROFS) exactly as it refuses a service account
  // writing a file it does not own.
  let first: SpawnedServer | undefined;
  let proc: SpawnedServer | undefined;
  let mountedFile: string | undefined;
  afterAll(async () => {
    await proc?.cleanup();
    if (mountedFile) execFileSync("umount", ["-l", mountedFile]);
    await first?.cleanup();
  });

  it("starts, says plainly what is wrong, reports 503 at /api/health and answers writes 503", async (ctx) => {
    first = await spawnServer();
    expect((await new Client(first.url).post("/api/testimonials", testimonialInput({ firstName: "Before" }))).status).toBe(201);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    try {
      execFileSync("mount", ["--bind", "-o", "ro", first.databasePath, first.databasePath], { stdio: "pipe" });
      execFileSync("mount", ["-o", "remount,bind,ro", first.databasePath], { stdio: "pipe" });
      mountedFile = first.databasePath;
    } catch (err) {
      console.log(`Skipped the read-only database test: this machine does not let us bind-mount a file read-only (${(err as Error).message.split("\n")[0]}).`);
      ctx.skip();
      return;
    }
    proc = await spawnServer({ DATA_DIR: first.dataDir });
    const visitor = new Client(proc.url);
    expect(proc.output()).toMatch(/"event":"database_read_only"/);
    expect(proc.output()).toContain(`The database ${first.databasePath} is read-only`);
    const health = await visitor.get("/api/health");
    expect(health.status).toBe(503);
    expect(await json(health)).toMatchObject({ status: "read-only", error: "database_read_only" });
    // What the database holds is still shown; a write is refused with a sentence, not a 500.
    expect((await json(await visitor.get("/api/site"))).organisationName).toBeTruthy();
    const write = await visitor.post("/api/testimonials", testimonialInput());
    expect(write.status).toBe(503);
    expect((await errorBody(write)).error).toBe("database_read_only");
    expect(proc.output()).not.toMatch(/"status":500/);
  });
});
