import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { assistanceInput, errorBody, flowerInput, signedIn, testimonialInput } from "./fixtures";

/**
 * A full disk, for real. SQLite's `PRAGMA max_page_count` on the server's own
 * connection makes it answer "database or disk is full" exactly as a full
 * disk does, on an ordinary file and without root; a second test repeats the
 * story on a real 2 MB tmpfs where this machine lets us mount one.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

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

describe("a full disk (a real 2 MB tmpfs)", () => {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "garden-tmpfs-"));
  let mounted = false;
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=2m,mode=0700", "tmpfs", mountPoint], { stdio: "pipe" });
    mounted = true;
    cleanups.push(() => {
      execFileSync("umount", ["-l", mountPoint]);
      fs.rmSync(mountPoint, { recursive: true, force: true });
    });
  } catch (err) {
    fs.rmSync(mountPoint, { recursive: true, force: true });
    console.log(`Skipped the tmpfs full-disk test: this machine does not let us mount a tmpfs (${(err as Error).message.split("\n")[0]}).`);
  }

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
