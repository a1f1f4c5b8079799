import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cleanupAfterAll } from "../support/cleanup";
import { Client } from "../support/client";
import { ROOT, startTestServer } from "../support/testServer";
import { testimonialInput } from "./fixtures";

/**
 * /api/health says what a monitor must alert on, and start-up says what is wrong with the data folder,
 * on real storage: a 4 MB tmpfs filled up, and folders and files bind-mounted read-only (root is not
 * stopped by chmod; the kernel refuses every write on a read-only mount, as it refuses a service
 * account writing a file it does not own). Skipped, saying so, where mounts are not allowed.
 */
const { cleanups, tempDir } = cleanupAfterAll();

function tryMount(args: string[][]): string | null {
  try {
    for (const a of args) execFileSync("mount", a, { stdio: "pipe" });
    return null;
  } catch (err) {
    return (err as Error).message.split("\n")[0]!;
  }
}

function readOnly(target: string): string | null {
  const failed = tryMount([
    ["--bind", target, target],
    ["-o", "remount,bind,ro", target],
  ]);
  if (!failed) cleanups.push(() => execFileSync("umount", ["-l", target]));
  return failed;
}

async function health(url: string) {
  const res = await new Client(url).get("/api/health");
  return { status: res.status, body: (await res.json()) as { status: string; error?: string; message?: string; requestId?: string } };
}

describe("/api/health", () => {
  it('answers 503 with status "full" while the database\'s disk is full, and "ok" again once space is freed', async (ctx) => {
    const mountPoint = tempDir("garden-health-full-");
    const failed = tryMount([["-t", "tmpfs", "-o", "size=4m,mode=0700", "tmpfs", mountPoint]]);
    if (failed) {
      console.log(`Skipped the full-disk health test: this machine does not let us mount a tmpfs (${failed}).`);
      return ctx.skip();
    }
    cleanups.push(() => execFileSync("umount", ["-l", mountPoint]));
    const server = await startTestServer({ dataDir: mountPoint });
    cleanups.push(() => server.stop());
    expect(await health(server.url)).toEqual({ status: 200, body: { status: "ok" } });

    // Take every free block, the way a growing log file would.
    const filler = path.join(mountPoint, "filler");
    const { bavail, bsize } = fs.statfsSync(mountPoint);
    const fd = fs.openSync(filler, "w");
    try {
      for (let i = 0; i < bavail; i++) fs.writeSync(fd, Buffer.alloc(bsize));
    } catch {
      // full: that is the point
    } finally {
      fs.closeSync(fd);
    }
    const full = await health(server.url);
    expect(full.status).toBe(503);
    expect(full.body).toMatchObject({
      status: "full",
      error: "storage_full",
      message: "The server's storage is full: nothing can be saved until some space is freed.",
    });
    expect(full.body.requestId).toMatch(/^[0-9a-f]{10}$/);
    // What health says is what a write meets.
    expect((await new Client(server.url).post("/api/testimonials", testimonialInput())).status).toBe(503);

    fs.rmSync(filler);
    expect(await health(server.url)).toEqual({ status: 200, body: { status: "ok" } });
    expect((await new Client(server.url).post("/api/testimonials", testimonialInput())).status).toBe(201);
  });

  it('answers 503 with status "read-only" when the database file cannot be written', async (ctx) => {
    const dataDir = tempDir("garden-health-ro-");
    const first = await startTestServer({ dataDir });
    await first.stop();
    const failed = readOnly(path.join(dataDir, "garden.sqlite"));
    if (failed) {
      console.log(`Skipped the read-only health test: this machine does not let us bind-mount a file read-only (${failed}).`);
      return ctx.skip();
    }
    const server = await startTestServer({ dataDir });
    cleanups.push(() => server.stop());
    const answer = await health(server.url);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: "read-only", error: "database_read_only" });
    expect(answer.body.message).toMatch(/read-only/);
  });
});

describe("start-up on a read-only data folder", () => {
  for (const [name, withDatabase] of [
    ["with a database in it", true],
    ["empty", false],
  ] as const)
    it(`${name}: exits 1 with one sentence that says what is wrong and what to do`, { timeout: 120_000 }, async (ctx) => {
      const dataDir = tempDir("garden-ro-folder-");
      fs.copyFileSync(path.join(ROOT, "data/site.json"), path.join(dataDir, "site.json"));
      if (withDatabase) await (await startTestServer({ dataDir })).stop();
      const failed = readOnly(dataDir);
      if (failed) {
        console.log(`Skipped the read-only folder test: this machine does not let us bind-mount a folder read-only (${failed}).`);
        return ctx.skip();
      }
      const run = spawnSync(process.execPath, ["--import", "tsx", "public-server/main.ts"], {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" },
        timeout: 110_000,
      });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toMatch(
        new RegExp(
          `^The server cannot start: its data folder ${dataDir} is read-only for the user running it \\(\\w+\\), so nothing could be saved; ` +
            "make the folder and every file in it writable by that user \\(and the disk not mounted read-only\\), then start the server again\\.\\n$",
        ),
      );
    });
});
