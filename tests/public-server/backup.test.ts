import { nameSearchText } from "../../public-server/garden/searchText";
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { ROOT, startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { until } from "../support/until";
import { openDatabase } from "../../public-server/db";
import { migrations } from "../../public-server/migrations";
import { listNightly, nightlyName } from "../../public-server/operations/backupFiles";
import { takeOnlineBackup } from "../../public-server/operations/onlineBackup";
import { NightlyBackups } from "../../public-server/operations/nightly";
import { restoreBackup, RestoreRefused } from "../../public-server/operations/restore";
import { FLOWER_TYPES } from "../../shared/flowers";
import { uploadCsv } from "../../shared/csv/export";
import { fakeGarden } from "../support/fakeGarden";
import { ADMIN, assistanceInput, count, flowerInput, garden120Rows, signedIn, sql } from "./fixtures";
import { cleanupAfterAll } from "../support/cleanup";

const { cleanups, tempDir } = cleanupAfterAll();

/** Every row of every table, in id order: two databases with equal dumps hold the same data. */
function dump(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]
    ).map((t) => t.name);
    // Ordered by every column: some tables (the garden's counts, the search index) have no rowid.
    const ordered = (t: string) => {
      const columns = (db.prepare(`SELECT count(*) AS n FROM pragma_table_info(?)`).get(t) as { n: number }).n;
      return db.prepare(`SELECT * FROM "${t}" ORDER BY ${Array.from({ length: columns }, (_, i) => i + 1).join(", ")}`).all();
    };
    return Object.fromEntries(tables.map((t) => [t, ordered(t)]));
  } finally {
    db.close();
  }
}

function integrity(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    return (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check).join("; ");
  } finally {
    db.close();
  }
}

const sha = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");

describe("an online backup taken under write load", () => {
  it("restores to a database identical to the backup, consistent, and equal row for row to the live one", async () => {
    const s = await startTestServer({ teamEmails: ["team@example.org"], backupHour: null });
    cleanups.push(s.stop);
    let writing = true;
    let written = 0;
    // Eight visitors keep sending requests for help (each writes the request and its email in one transaction) and flowers.
    const load = Array.from({ length: 8 }, async (_, worker) => {
      for (let i = 0; writing; i++) {
        const c = new Client(s.url);
        const res =
          i % 2
            ? await c.post("/api/assistance-requests", assistanceInput({ firstName: `Load${worker}x${i}` }))
            : await c.post("/api/memorial-flowers", flowerInput());
        await res.arrayBuffer();
        expect(res.status).toBe(201);
        written++;
      }
    });
    await until(() => written >= 100, "100 writes under way");
    const target = path.join(s.config.backupDir, nightlyName(new Date()));
    const before = written;
    const result = await takeOnlineBackup(s.config.databasePath, target);
    const afterCopy = written;
    await until(() => written >= afterCopy + 20, "20 more writes after the copy"); // the live database moves on
    writing = false;
    await Promise.all(load);
    expect(written).toBeGreaterThan(before);
    expect(result.bytes).toBe(fs.statSync(target).size);
    expect(fs.statSync(target).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(s.config.backupDir)).toEqual([path.basename(target)]); // no temporary file left
    expect(integrity(target)).toBe("ok");

    // Restore it in place of another database, as `npm run admin -- restore` does.
    const other = tempDir("garden-restored-");
    const config = { ...s.config, databasePath: path.join(other, "garden.sqlite"), backupDir: path.join(other, "backups") };
    const report = await restoreBackup(config, target);
    expect(report.keptCopy).toBeNull();
    expect(integrity(config.databasePath)).toBe("ok");
    const restored = dump(config.databasePath);
    expect(restored).toEqual(dump(target));

    // A snapshot: every restored row is in the live database unchanged, and the live one only has more.
    const live = dump(s.config.databasePath);
    const flowers = restored.memorial_flowers as { id: number }[];
    expect(flowers.length).toBeGreaterThan(0);
    expect(live.memorial_flowers!.length + live.assistance_requests!.length).toBeGreaterThan(
      flowers.length + (restored.assistance_requests as unknown[]).length,
    );
    for (const table of ["memorial_flowers", "assistance_requests"]) {
      const liveById = new Map((live[table] as { id: number }[]).map((r) => [r.id, r]));
      for (const row of restored[table] as { id: number }[]) expect(liveById.get(row.id), `${table} ${row.id}`).toEqual(row);
    }
    // (Emails change status as the worker sends them; what was written stays the same.)
    const liveMail = new Map((live.outbox as { id: number; dedupe_key: string; text: string }[]).map((r) => [r.id, r]));
    for (const row of restored.outbox as { id: number; dedupe_key: string; text: string }[]) {
      expect(liveMail.get(row.id)).toMatchObject({ dedupe_key: row.dedupe_key, text: row.text });
    }
    // Consistent: each request for help has its email to the team, written in the same transaction.
    const requests = restored.assistance_requests as { id: number }[];
    const outbox = restored.outbox as { kind: string; dedupe_key: string }[];
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests)
      expect(
        outbox.some((m) => m.dedupe_key.startsWith(`assistance-request:${r.id}:`)),
        `request ${r.id}`,
      ).toBe(true);
    expect(outbox.filter((m) => m.kind === "assistance-request")).toHaveLength(requests.length);
    const db = new Database(config.databasePath, { readonly: true });
    expect(db.pragma("foreign_key_check")).toEqual([]);
    db.close();
    // And the server opens it as it is.
    const opened = await openDatabase(config.databasePath);
    await opened.close();
  });
});

describe("a backup at 100,000 flowers", () => {
  it("is measured: time to copy and to check, and size (printed)", async () => {
    const dir = tempDir("garden-100k-");
    const file = path.join(dir, "garden.sqlite");
    await (await openDatabase(file)).close();
    const db = new Database(file);
    db.pragma("journal_mode = WAL");
    const insert =
      db.prepare(`INSERT INTO memorial_flowers (parent_name, baby_first_name, baby_middle_name, baby_last_name, loss_date, flower_type, search_name, name_initial, approved)
      VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, 1)`);
    const started = performance.now();
    db.transaction(() => {
      for (let i = 0; i < 100_000; i++) {
        const names = { babyFirstName: `Baby${i}`, babyMiddleName: i % 3 ? null : "Grace", babyLastName: `Family${i % 997}` };
        const { searchName, nameInitial } = nameSearchText(names);
        insert.run(
          names.babyFirstName,
          names.babyMiddleName,
          names.babyLastName,
          `${1990 + (i % 35)}-0${1 + (i % 9)}-1${i % 10}`,
          FLOWER_TYPES[i % FLOWER_TYPES.length],
          searchName,
          nameInitial,
        );
      }
    })();
    const insertMs = performance.now() - started;
    // The server's connection stays open meanwhile, as in production.
    const result = await takeOnlineBackup(file, path.join(dir, "backups", nightlyName(new Date())));
    db.close();
    expect(integrity(result.file)).toBe("ok");
    const copy = new Database(result.file, { readonly: true });
    expect((copy.prepare("SELECT count(*) AS n FROM memorial_flowers WHERE approved = 1").get() as { n: number }).n).toBe(100_000);
    copy.close();
    console.log(
      `backup at 100,000 flowers: ${(result.bytes / 1_048_576).toFixed(1)} MiB, copy ${Math.round(result.copyMs)} ms, ` +
        `integrity check ${Math.round(result.checkMs)} ms (inserting them took ${Math.round(insertMs)} ms)`,
    );
  }, 180_000); // 100,000 rows through every search index's triggers: a minute or more on a busy machine
});

describe("backups off the event loop", () => {
  it("copy and check a garden of 30,000 on a thread of their own, the event loop free for others meanwhile", async () => {
    const s = await startTestServer({ backupHour: 3 });
    cleanups.push(s.stop);
    const admin = await signedIn(s);
    const upload = await admin.post("/api/admin/memorial-flowers/bulk-upload", uploadCsv(fakeGarden(30_000, 21)), { "Content-Type": "text/csv" });
    expect(upload.status).toBe(200);
    /** How busy the event loop was while `work` ran (0 to 1), and how long it took. */
    const busyDuring = async (work: () => Promise<unknown>) => {
      const before = performance.eventLoopUtilization();
      const started = performance.now();
      await work();
      return { busy: performance.eventLoopUtilization(before).utilization, ms: performance.now() - started };
    };
    const file = path.join(tempDir("garden-copy-"), "before-import.sqlite");
    const copy = await busyDuring(() => s.parts.services.db.backupTo(file));
    const copied = new Database(file, { readonly: true });
    expect(copied.prepare("SELECT count(*) AS n FROM memorial_flowers").get()).toEqual({ n: 30_000 });
    copied.close();
    const nightly = new NightlyBackups(s.parts.services, () => new Date(2026, 8, 1, 3, 30));
    const night = await busyDuring(() => nightly.tick());
    expect(listNightly(s.config.backupDir)).toHaveLength(1);
    console.log(
      `30,000 flowers: pre-import copy ${Math.round(copy.ms)} ms (event loop busy ${Math.round(copy.busy * 100)}%), ` +
        `nightly copy and check ${Math.round(night.ms)} ms (busy ${Math.round(night.busy * 100)}%)`,
    );
    // On the event loop, both kept it busy from start to end (1.0). Off it, alone: a few percent; in a full
    // run beside other test files the thread shares two cores and the figure rose to 47% once (bound 60%).
    expect(copy.busy).toBeLessThan(0.6);
    expect(night.busy).toBeLessThan(0.6);
  });
});

describe("nightly backups", () => {
  /** A clock the test moves by hand. */
  const clock = (start: Date) => {
    let now = start;
    return { now: () => now, set: (d: Date) => (now = d) };
  };

  it("run once a day after BACKUP_HOUR and keep exactly the configured daily and weekly copies", async () => {
    const s = await startTestServer({ backupHour: 3, backupKeepDaily: 7, backupKeepWeekly: 4 });
    cleanups.push(s.stop);
    const c = clock(new Date(2026, 8, 1, 2, 0));
    const nightly = new NightlyBackups(s.parts.services, c.now);
    await nightly.tick();
    expect(listNightly(s.config.backupDir)).toEqual([]); // before the hour
    for (let day = 0; day < 60; day++) {
      c.set(new Date(2026, 8, 1 + day, 3, 30));
      await nightly.tick();
      c.set(new Date(2026, 8, 1 + day, 23, 0));
      await nightly.tick(); // later the same day: nothing more
    }
    const kept = listNightly(s.config.backupDir).map((b) => b.at);
    // The last 7 nights, then the newest copy of each of the 4 weeks before them (ISO weeks end on Sunday).
    const days = (d: number) => new Date(2026, 8, 1 + d, 3, 30);
    const lastNight = 59; // 30 October 2026, a Friday
    const expected = [...Array.from({ length: 7 }, (_, i) => days(lastNight - i))];
    expect(days(lastNight).getDay()).toBe(5);
    // The daily window reaches back to Saturday 24 October: that week's newest older copy is Friday 23,
    // then the Sundays 18, 11 and 4 October.
    expected.push(days(lastNight - 7), days(lastNight - 12), days(lastNight - 19), days(lastNight - 26));
    expect(kept).toEqual(expected);
    expect(fs.readdirSync(s.config.backupDir)).toHaveLength(11);
    for (const b of listNightly(s.config.backupDir)) expect(fs.statSync(b.file).mode & 0o777).toBe(0o600);

    // A restart the same day takes no second copy.
    const again = new NightlyBackups(s.parts.services, c.now);
    await again.tick();
    expect(fs.readdirSync(s.config.backupDir)).toHaveLength(11);
  });

  it("taken during the day (a server started after the hour) wait for a quiet minute, not the first traffic", async () => {
    const s = await startTestServer({ backupHour: 3 });
    cleanups.push(s.stop);
    let quiet = false;
    const c = clock(new Date(2026, 10, 20, 10, 0));
    const nightly = new NightlyBackups(s.parts.services, c.now, () => quiet);
    for (let minute = 1; minute <= 30; minute++) {
      c.set(new Date(2026, 10, 20, 10, minute));
      await nightly.tick();
    }
    expect(listNightly(s.config.backupDir)).toEqual([]); // a busy half hour: nothing taken
    quiet = true;
    c.set(new Date(2026, 10, 20, 10, 31));
    await nightly.tick();
    expect(listNightly(s.config.backupDir).map((b) => b.at)).toEqual([new Date(2026, 10, 20, 10, 31)]);
    // At the backup hour itself the copy is taken whatever the load.
    quiet = false;
    c.set(new Date(2026, 10, 21, 3, 1));
    await nightly.tick();
    expect(listNightly(s.config.backupDir)).toHaveLength(2);
  });

  it("show the last good backup to administrators only, in /api/health", async () => {
    const s = await startTestServer({ backupHour: 3 });
    cleanups.push(s.stop);
    const at = new Date(2026, 10, 20, 3, 5);
    await new NightlyBackups(s.parts.services, () => at).tick();
    const admin = await signedIn(s);
    const res = await admin.get("/api/health");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await json(res)).toEqual({
      status: "ok",
      details: { backup: { hour: 3, lastGoodAt: at.toISOString(), lastGoodFile: nightlyName(at), lastError: null } },
    });
    expect(await json(await new Client(s.url).get("/api/health"))).toEqual({ status: "ok" });
    const plain = await signedIn(s, { username: "plain", password: "a plain password" }, "user");
    expect(await json(await plain.get("/api/health"))).toEqual({ status: "ok" });
  });

  it("alert TEAM_EMAIL through the outbox when the backup fails, once a day, and say so in /api/health", async () => {
    const dataDir = tempDir("garden-backup-fail-");
    fs.writeFileSync(path.join(dataDir, "not-a-folder"), "");
    const s = await startTestServer({ dataDir, backupHour: 3, teamEmails: ["team@example.org"], backupDir: path.join(dataDir, "not-a-folder", "backups") });
    cleanups.push(s.stop);
    const c = clock(new Date(2026, 10, 20, 4, 0));
    const nightly = new NightlyBackups(s.parts.services, c.now, () => true);
    await nightly.tick();
    c.set(new Date(2026, 10, 20, 5, 0));
    await nightly.tick();
    const mails = sql<{ kind: string; to_address: string; subject: string; text: string }>(s, "SELECT * FROM outbox WHERE kind = 'backup-failed'");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: "team@example.org", subject: "The website's nightly backup failed" });
    expect(mails[0]!.text).toMatch(/There is no good nightly backup yet/);
    expect(nightly.status().lastError?.message).toMatch(/ENOTDIR|not a directory/i);
  });
});

describe("npm run admin -- restore", () => {
  it("refuses a corrupt file and changes nothing", async () => {
    const dir = tempDir("garden-corrupt-data-");
    const s = await startTestServer({ dataDir: dir });
    await signedIn(s);
    await s.stop();
    const config = s.config;
    fs.mkdirSync(config.backupDir);
    // A real backup, damaged in the middle.
    const good = path.join(tempDir("garden-corrupt-"), "garden-nightly-2026-11-20-030000.sqlite");
    await takeOnlineBackup(config.databasePath, good);
    const damaged = path.join(path.dirname(good), "damaged.sqlite");
    const bytes = fs.readFileSync(good);
    bytes.fill(0x41, 4096 + 100, 4096 * 3);
    fs.writeFileSync(damaged, bytes);
    const notOurs = path.join(path.dirname(good), "other.sqlite");
    new Database(notOurs).exec("CREATE TABLE notes (id INTEGER PRIMARY KEY)").close();
    const text = path.join(path.dirname(good), "flowers.csv");
    fs.writeFileSync(text, "First Name,Last Name\n");

    const before = { db: sha(config.databasePath), files: fs.readdirSync(dir).sort(), backups: fs.readdirSync(config.backupDir).sort() };
    for (const [file, reason] of [
      [damaged, /integrity|malformed|cannot read/i],
      [notOurs, /not a database of this site/],
      [text, /cannot read it: file is not a database/i],
      [path.join(dir, "missing.sqlite"), /There is no file/],
    ] as const) {
      const attempt = restoreBackup(config, file);
      await expect(attempt).rejects.toBeInstanceOf(RestoreRefused);
      await expect(restoreBackup(config, file)).rejects.toThrow(reason);
    }
    expect({ db: sha(config.databasePath), files: fs.readdirSync(dir).sort(), backups: fs.readdirSync(config.backupDir).sort() }).toEqual(before);
  });

  it("refuses while the server runs on the database", async () => {
    const s = await startTestServer();
    cleanups.push(s.stop);
    const backup = path.join(tempDir("garden-running-"), "copy.sqlite");
    await takeOnlineBackup(s.config.databasePath, backup);
    const before = sha(s.config.databasePath);
    await expect(restoreBackup(s.config, backup)).rejects.toThrow(/The server is running on this database \(process \d+/);
    expect(sha(s.config.databasePath)).toBe(before);
  });

  it('undoes "we imported the wrong file": the pre-import backup comes back, the replaced database is kept', async () => {
    const dataDir = tempDir("garden-wrong-import-");
    const settings = { dataDir, adminImportKey: "import-key", expectedImportCount: 120 };
    let s: TestServer = await startTestServer(settings);
    const admin = await signedIn(s);
    for (const name of ["Kept", "Remembered"]) {
      const c = new Client(s.url);
      expect((await c.post("/api/memorial-flowers", flowerInput({ babyFirstName: name }))).status).toBe(201);
    }
    const res = await admin.post("/api/admin/memorial-flowers/reset-and-import", { csvData: garden120Rows(), adminKey: "import-key" });
    expect(res.status).toBe(200);
    expect(count(s, "memorial_flowers")).toBe(120);
    const before = `garden.sid=${admin.cookie("garden.sid")}; garden.sid.sig=${admin.cookie("garden.sid.sig")}`;
    await s.stop();
    const preImport = fs.readdirSync(s.config.backupDir).find((f) => f.startsWith("garden-before-import-"))!;
    expect(preImport).toBeDefined();

    // The CLI, as a team runs it: the file name alone is looked for in the backups folder.
    const run = spawnSync(process.execPath, ["--import", "tsx", "public-server/cli.ts", "restore", preImport], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Checked .*garden-before-import-.*: SQLite's integrity check is ok, 2 memorial flowers/);
    expect(run.stdout).toMatch(/Kept the current database as .*garden-before-restore-/);
    expect(run.stdout).toMatch(/Restored garden-before-import-.* as .*Everyone signs in again/);
    const kept = fs.readdirSync(s.config.backupDir).find((f) => f.startsWith("garden-before-restore-"))!;
    expect(dump(path.join(s.config.backupDir, kept)).memorial_flowers).toHaveLength(120);

    s = await startTestServer(settings);
    cleanups.push(s.stop);
    expect(sql<{ name: string }>(s, "SELECT baby_first_name AS name FROM memorial_flowers ORDER BY id").map((r) => r.name)).toEqual(["Kept", "Remembered"]);
    // A session of the replaced database is not one of the restored one: everyone signs in again.
    expect((await fetch(`${s.url}/api/user`, { headers: { Cookie: before } })).status).toBe(401);
    await new Client(s.url).login(ADMIN.username, ADMIN.password); // the accounts came back too
  });
});

describe("migrations at start", () => {
  it("run in one transaction: a failing one leaves the previous schema, tables and rows untouched", async () => {
    const dir = tempDir("garden-migration-");
    const file = path.join(dir, "garden.sqlite");
    const db = await openDatabase(file, undefined, migrations.slice(0, 2));
    await db.close();
    const before = dump(file);

    class AddsATable1999000000000 {
      name = "AddsATable1999000000000";
      async up(q: { query(sql: string): Promise<unknown> }) {
        await q.query("CREATE TABLE half_done (id INTEGER PRIMARY KEY)");
      }
      async down() {}
    }
    class Fails1999000000001 {
      name = "Fails1999000000001";
      async up(q: { query(sql: string): Promise<unknown> }) {
        await q.query("ALTER TABLE memorial_flowers ADD COLUMN extra TEXT");
        await q.query("INSERT INTO no_such_table VALUES (1)");
      }
      async down() {}
    }
    const list = [...migrations, AddsATable1999000000000, Fails1999000000001] as unknown as typeof migrations;
    await expect(openDatabase(file, undefined, list)).rejects.toThrow(/no such table: no_such_table/);
    expect(dump(file)).toEqual(before);
    const check = new Database(file, { readonly: true });
    const columns = (check.prepare("PRAGMA table_info(memorial_flowers)").all() as { name: string }[]).map((c) => c.name);
    check.close();
    expect(columns).not.toContain("extra");
    // The current list still applies cleanly afterwards.
    const reopened = await openDatabase(file);
    await reopened.close();
    expect((dump(file).migrations as unknown[]).length).toBe(migrations.length);
  });
});
