import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "../support/client";
import { garden823Rows, SLOW_TRIGGER, writeLockHeld } from "./fixtures";
import { spawnServer, type SpawnedServer } from "./spawn";
import { until } from "../support/until";

const KEY = "crash-key";
let proc: SpawnedServer | undefined;
afterAll(() => proc?.cleanup());

describe("reset-and-import under kill -9", () => {
  it("leaves the flowers entirely old or entirely new, never partial", async () => {
    proc = await spawnServer({ ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "correct horse battery", ADMIN_IMPORT_KEY: KEY });
    const admin = new Client(proc.url);
    await admin.login("admin", "correct horse battery");
    const old = Array.from({ length: 50 }, (_, i) => ({ babyFirstName: `Oldgarden${i}`, flowerType: "lily" }));
    expect((await admin.post("/api/admin/memorial-flowers/bulk-upload", { flowers: old })).status).toBe(200);

    const db = new Database(proc.databasePath);
    db.exec(SLOW_TRIGGER);
    db.close();

    const rows = garden823Rows();
    let answered = false;
    const importing = admin.post("/api/admin/memorial-flowers/reset-and-import", { csvData: rows, adminKey: KEY }).then(
      () => (answered = true),
      () => undefined, // the connection dies with the process
    );
    // The backup is written just before the transaction starts; kill the process inside it.
    await until(() => fs.existsSync(proc!.backupDir) && fs.readdirSync(proc!.backupDir).length > 0, "the backup before the import");
    // The import's transaction holds the write lock from its first delete to its commit: inside it now.
    await until(() => writeLockHeld(proc!.databasePath), "the import's transaction to start");
    proc.child.kill("SIGKILL");
    expect(await proc.exited).toBe("SIGKILL");
    await importing;

    const after = new Database(proc.databasePath);
    try {
      expect(after.pragma("integrity_check", { simple: true })).toBe("ok");
      const names = after
        .prepare("SELECT baby_first_name AS n FROM memorial_flowers ORDER BY id")
        .all()
        .map((r) => (r as { n: string }).n);
      const oldNames = old.map((f) => f.babyFirstName);
      const newNames = rows.map((r) => r["First Name"]);
      const whole = JSON.stringify(names) === JSON.stringify(oldNames) || JSON.stringify(names) === JSON.stringify(newNames);
      expect(whole, `found ${names.length} flowers: neither the old garden nor the new one`).toBe(true);
      // Killed early in a transaction of about 2.5 s, before any answer: it is the old garden.
      expect(answered, "the import finished before the kill: the test did not kill it midway").toBe(false);
      expect(names).toEqual(oldNames);
    } finally {
      after.close();
    }
  });
});

describe("the pre-import backup under kill -9", () => {
  let crashed: SpawnedServer | undefined;
  let restarted: SpawnedServer | undefined;
  afterAll(async () => {
    await restarted?.cleanup();
    await crashed?.cleanup();
  });

  it("never leaves a file with a backup's name that is not a whole backup; a restart removes the half-written one", async () => {
    crashed = await spawnServer({ ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "correct horse battery", ADMIN_IMPORT_KEY: KEY });
    const admin = new Client(crashed.url);
    await admin.login("admin", "correct horse battery");
    // A large database (about 100 MB), so the copy takes long enough to be killed in the middle.
    const db = new Database(crashed.databasePath);
    db.exec("CREATE TABLE filler (b BLOB)");
    const insert = db.prepare("INSERT INTO filler (b) VALUES (randomblob(1048576))");
    db.transaction(() => {
      for (let i = 0; i < 100; i++) insert.run();
    })();
    db.close();

    const importing = admin.post("/api/admin/memorial-flowers/reset-and-import", { csvData: garden823Rows(), adminKey: KEY }).catch(() => undefined);
    await until(() => fs.existsSync(crashed!.backupDir) && fs.readdirSync(crashed!.backupDir).length > 0, "the backup file", 30_000);
    const file = path.join(crashed.backupDir, fs.readdirSync(crashed.backupDir)[0]!);
    await until(() => fs.statSync(file).size > 10 * 1048576, "10 MB of the copy", 30_000); // well into the copy
    crashed.child.kill("SIGKILL");
    expect(await crashed.exited).toBe("SIGKILL");
    await importing;

    const names = fs.readdirSync(crashed.backupDir);
    const sizes = names.map((n) => `${n} (${fs.statSync(path.join(crashed!.backupDir, n)).size} bytes)`);
    console.log(`Killed during the backup: the backups folder holds ${sizes.join(", ") || "nothing"}`);
    for (const name of names.filter((n) => /^garden-before-import-.*\.sqlite$/.test(n))) {
      // Any file named like a backup must be a whole one.
      const copy = new Database(path.join(crashed.backupDir, name), { readonly: true });
      try {
        expect(copy.pragma("quick_check", { simple: true })).toBe("ok");
        expect((copy.prepare("SELECT count(*) AS n FROM filler").get() as { n: number }).n).toBe(100);
      } finally {
        copy.close();
      }
    }
    expect(names.filter((n) => n.endsWith(".partial"))).toHaveLength(1);

    restarted = await spawnServer({ DATA_DIR: crashed.dataDir });
    expect(fs.readdirSync(crashed.backupDir).filter((n) => n.includes(".partial"))).toEqual([]);
    expect(restarted.output()).toMatch(/"event":"partial_backups_removed","count":1/);
  }, 180_000);
});
