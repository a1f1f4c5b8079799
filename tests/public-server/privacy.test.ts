import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { adminItems, Client, json } from "../support/client";
import { mailFor } from "../../public-server/mail";
import { retentionFor } from "../../public-server/commands/retention";
import { assistanceInput, backdatedAssistanceRequest, count, garden120Rows, signedIn, sql } from "./fixtures";
import { cleanupAfterAll } from "../support/cleanup";

const { cleanups } = cleanupAfterAll();

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8).padStart(4, "0");

describe("privacy at rest: files the server creates", () => {
  it("are readable by their owner only (0600 files, 0700 folders), whatever the umask", async () => {
    // The loosest umask there is: every mode below must have been set on purpose.
    const umask = process.umask(0);
    cleanups.push(() => void process.umask(umask));
    const s: TestServer = await startTestServer({ adminImportKey: "privacy-key", expectedImportCount: 120, teamEmails: ["team@example.org"] });
    cleanups.push(s.stop);
    const admin = await signedIn(s);
    expect((await new Client(s.url).post("/api/assistance-requests", assistanceInput())).status).toBe(201);
    await mailFor(s.parts.services).drain();
    expect((await admin.post("/api/admin/memorial-flowers/reset-and-import", { csvData: garden120Rows(), adminKey: "privacy-key" })).status).toBe(200);

    const db = s.config.databasePath;
    const outbox = path.join(s.dataDir, "outbox");
    const backups = s.config.backupDir;
    const files: Record<string, string> = {
      database: db,
      "database -wal": `${db}-wal`,
      "database -shm": `${db}-shm`,
      "session secret": path.join(s.dataDir, ".session-secret"),
      ...Object.fromEntries(
        ["sessions", "intake"].flatMap((side) => {
          const file = path.join(s.dataDir, `garden-${side}.sqlite`);
          return [file, `${file}-wal`, `${file}-shm`].map((f) => [`${side} ${path.basename(f)}`, f]);
        }),
      ),
      ...Object.fromEntries(fs.readdirSync(outbox).map((n) => [`outbox ${n}`, path.join(outbox, n)])),
      ...Object.fromEntries(fs.readdirSync(backups).map((n) => [`backup ${n}`, path.join(backups, n)])),
    };
    expect(Object.keys(files).filter((k) => k.startsWith("outbox"))).toHaveLength(1);
    expect(Object.keys(files).filter((k) => k.startsWith("backup"))).toHaveLength(1);
    const modes = Object.fromEntries([
      ...Object.entries(files).map(([k, f]) => [k, mode(f)]),
      ["outbox folder", mode(outbox)],
      ["backups folder", mode(backups)],
    ]);
    console.log(`Modes with umask 0000: ${JSON.stringify(modes)}`);
    expect(modes).toEqual(Object.fromEntries(Object.keys(modes).map((k) => [k, k.endsWith("folder") ? "0700" : "0600"])));
  });

  it("makes a database file left readable by an older version private at start", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-privacy-"));
    const first = await startTestServer({ dataDir });
    await first.stop();
    fs.chmodSync(path.join(dataDir, "garden.sqlite"), 0o644);
    fs.chmodSync(path.join(dataDir, ".session-secret"), 0o644);
    const again = await startTestServer({ dataDir });
    cleanups.push(async () => {
      await again.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    expect(mode(path.join(dataDir, "garden.sqlite"))).toBe("0600");
    expect(mode(path.join(dataDir, ".session-secret"))).toBe("0600");
  });
});

describe("requests for help are kept ASSISTANCE_RETENTION_DAYS, then deleted", () => {
  it("keeps them 179 days, deletes them (with the team's email and its .eml) after 180, in a pass logged without personal data", async () => {
    let offsetDays = 0;
    const lines: string[] = [];
    const s = await startTestServer({ teamEmails: ["team@example.org"], now: () => new Date(Date.now() + offsetDays * 86_400_000) });
    cleanups.push(s.stop);
    // The server's own log, as written (the test server is otherwise silent).
    const log = s.parts.services.log;
    const capture = (level: string) => (event: string, fields?: Record<string, unknown>) => lines.push(JSON.stringify({ level, event, ...fields }));
    Object.assign(log, { info: capture("info"), error: capture("error") });

    const visitor = new Client(s.url);
    const asked = [assistanceInput({ firstName: "Retainedone" }), assistanceInput({ firstName: "Retainedtwo" })];
    for (const a of asked) expect((await visitor.post("/api/assistance-requests", a)).status).toBe(201);
    await mailFor(s.parts.services).drain();
    const outboxDir = path.join(s.dataDir, "outbox");
    expect(fs.readdirSync(outboxDir).filter((n) => n.endsWith("-assistance-request.eml"))).toHaveLength(2);
    expect(count(s, "outbox", "kind = 'assistance-request'")).toBe(2);
    const job = retentionFor(s.parts.services);

    offsetDays = 179;
    expect(await job.runOnce()).toEqual({ requests: 0, emails: 0, backups: 0 });
    expect(count(s, "assistance_requests")).toBe(2);

    offsetDays = 181;
    expect(await job.runOnce()).toEqual({ requests: 2, emails: 2, backups: 0 });
    expect(count(s, "assistance_requests")).toBe(0);
    expect(count(s, "outbox", "kind = 'assistance-request'")).toBe(0);
    expect(fs.readdirSync(outboxDir).filter((n) => n.endsWith("-assistance-request.eml"))).toEqual([]);
    const admin = await signedIn(s);
    expect(await adminItems(admin, "/api/admin/assistance-requests")).toEqual([]);

    const purged = lines.map((l) => JSON.parse(l)).filter((e) => e.event === "retention_purged");
    expect(purged).toEqual([{ level: "info", event: "retention_purged", requests: 2, emails: 2, backups: 0, olderThanDays: 180 }]);
    const all = lines.join("\n");
    for (const a of asked) for (const value of [a.firstName, a.email, a.phoneNumber]) expect(all).not.toContain(value);
  });

  it("runs by itself at start, honours the setting, and the Privacy page states the number", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-privacy-"));
    const first = await startTestServer({ dataDir, assistanceRetentionDays: 30 });
    const page = await (await new Client(first.url).get("/privacy-policy")).text();
    expect(page).toContain("We keep a request for assistance for 30 days after you send it");
    expect((await json(await new Client(first.url).get("/api/site"))).assistanceRetentionDays).toBe(30);
    expect((await new Client(first.url).post("/api/assistance-requests", assistanceInput())).status).toBe(201);
    // One request is 31 days old, stored as an old database would hold it (SQLite's own format).
    backdatedAssistanceRequest(first, new Date(Date.now() - 31 * 86_400_000).toISOString().replace("T", " ").slice(0, 19), "Oldone");
    await first.stop();

    const again = await startTestServer({ dataDir, assistanceRetentionDays: 30 });
    cleanups.push(async () => {
      await again.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    await retentionFor(again.parts.services).runOnce(); // waits for the pass the start began
    expect(sql(again, "SELECT first_name AS n FROM assistance_requests")).toHaveLength(1);
    expect(count(again, "assistance_requests", "first_name = 'Oldone'")).toBe(0);

    const defaults = await startTestServer();
    cleanups.push(defaults.stop);
    expect(await (await new Client(defaults.url).get("/privacy-policy")).text()).toContain("We keep a request for assistance for 180 days after you send it");
  });
});
