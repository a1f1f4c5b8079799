import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { createServer } from "../../public-server/app";
import { loadConfig } from "../../public-server/config";
import { upsertUser } from "../../public-server/commands/users";
import { createLogger } from "../../public-server/lib/log";
import { ADMIN, assistanceInput, count, flowerInput, garden823Rows, liveFlower, signedIn, testimonialInput } from "./fixtures";
import { spawnServer, type SpawnedServer } from "./spawn";
import { until } from "../support/until";
import { SmtpCapture } from "./mailSmtp";
import { cleanupAfterAll } from "../support/cleanup";

const { cleanups } = cleanupAfterAll();

describe("GET /api/health", () => {
  it("answers ok after a query, never cached", async () => {
    const s = await startTestServer();
    cleanups.push(s.stop);
    const res = await new Client(s.url).get("/api/health");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("SIGTERM", () => {
  let proc: SpawnedServer | undefined;
  afterAll(() => proc?.cleanup());

  it("finishes the request in flight, closes the database and exits 0", async () => {
    proc = await spawnServer({ ADMIN_USERNAME: "admin", ADMIN_PASSWORD: ADMIN.password, ADMIN_IMPORT_KEY: "term-key" });
    const admin = new Client(proc.url);
    await admin.login("admin", ADMIN.password);
    // Make the in-flight request last a couple of seconds: every imported row costs the database some work.
    const db = new Database(proc.databasePath);
    db.exec(`CREATE TRIGGER slow_insert BEFORE INSERT ON memorial_flowers WHEN NEW.parent_name IS NULL BEGIN
               SELECT (WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 10000) SELECT count(*) FROM n);
             END;`);
    db.close();

    const importing = admin.post("/api/admin/memorial-flowers/reset-and-import", { csvData: garden823Rows(), adminKey: "term-key" });
    await until(() => fs.existsSync(proc!.backupDir) && fs.readdirSync(proc!.backupDir).length > 0, "a backup file");
    proc.child.kill("SIGTERM");
    const res = await importing;
    expect(res.status).toBe(200);
    expect((await json(res)).importedCount).toBe(823);
    expect(await proc.exited).toBe(0);
    expect(proc.output()).toMatch(/"event":"stopping","signal":"SIGTERM"/);
    // The database was closed properly: the WAL was checkpointed and removed, and the import is in the file.
    expect(fs.existsSync(`${proc.databasePath}-wal`)).toBe(false);
    const after = new Database(proc.databasePath, { readonly: true });
    expect((after.prepare("SELECT count(*) AS n FROM memorial_flowers").get() as { n: number }).n).toBe(823);
    after.close();
    await expect(fetch(`${proc.url}/api/health`)).rejects.toThrow();
  });
});

describe("SIGTERM under steady keep-alive traffic", () => {
  let proc: SpawnedServer | undefined;
  afterAll(() => proc?.cleanup());

  it("resets no connection: answers in flight get Connection: close, idle sockets are closed, the email in hand is sent, exit 0 well inside 10 s", async () => {
    // A slow mail server: the request for help's email is in hand (sent, not yet accepted) when the signal comes.
    const smtp = await SmtpCapture.start();
    smtp.acceptDelayMs = 1_500;
    cleanups.push(() => smtp.close());
    proc = await spawnServer({ SMTP_URL: smtp.url, TEAM_EMAIL: "team@example.org" });
    const { hostname, port } = new URL(proc.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 24 });
    const paths = ["/api/memorial-flowers", "/api/testimonials", "/api/comment-library", "/api/site", "/"];
    let answered = 0;
    let afterSignal = 0;
    let signalled = false;
    const errors: string[] = [];
    const stopAt = Date.now() + 15_000; // bounded, whatever happens

    /** One keep-alive client: request after request on its socket until the server says "Connection: close". */
    const client = async (n: number) => {
      for (let i = 0; Date.now() < stopAt; i++) {
        const outcome = await new Promise<"again" | "closed" | "failed">((resolve) => {
          const req = http.get({ hostname, port, path: paths[(n + i) % paths.length], agent }, (res) => {
            res.resume();
            res.on("end", () => {
              answered++;
              if (signalled) afterSignal++;
              if (res.statusCode !== 200) errors.push(`status ${res.statusCode}`);
              resolve(res.headers.connection === "close" ? "closed" : "again");
            });
            res.on("error", (err) => {
              errors.push((err as NodeJS.ErrnoException).code ?? err.message);
              resolve("failed");
            });
          });
          req.on("error", (err) => {
            errors.push((err as NodeJS.ErrnoException).code ?? err.message);
            resolve("failed");
          });
        });
        if (outcome !== "again") return;
      }
    };

    const loadStarted = Date.now();
    const clients = Array.from({ length: 24 }, (_, n) => client(n));
    expect((await new Client(proc.url).post("/api/assistance-requests", assistanceInput())).status).toBe(201);
    await until(() => answered >= 500 && Date.now() - loadStarted > 2_000 && smtp.messages.length === 1, "500 answers over 2 s and the mail", 30_000);
    const sentAt = performance.now();
    signalled = true;
    proc.child.kill("SIGTERM");
    const code = await proc.exited;
    const exitMs = performance.now() - sentAt;
    await Promise.all(clients);
    agent.destroy();
    const resets = errors.filter((e) => /ECONNRESET|EPIPE|socket hang up|ECONNREFUSED/i.test(e)).length;
    console.log(
      `SIGTERM under load: exit ${code} after ${Math.round(exitMs)} ms; ${answered} answers (${afterSignal} after the signal), ${resets} reset or refused, other errors: ${errors.length - resets}`,
    );
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(5_000);
    // The email in hand was finished and recorded as sent before the database closed: a restart will not send it again.
    expect(smtp.messages).toHaveLength(1);
    const db = new Database(proc.databasePath, { readonly: true });
    expect(db.prepare("SELECT status FROM outbox").all()).toEqual([{ status: "sent" }]);
    db.close();
  });
});

describe("the request log", () => {
  it("writes one JSON line per request with no password, session id, cookie, email or parent's name", async () => {
    const lines: string[] = [];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-log-"));
    fs.copyFileSync(path.join(ROOT, "data/site.json"), path.join(dataDir, "site.json"));
    const config = loadConfig({ DATA_DIR: dataDir }, { logLevel: "info", webDir: path.join(ROOT, "dist/web"), loginMaxFailures: 100 });
    const parts = await createServer(
      config,
      [],
      createLogger("info", (line) => lines.push(line)),
    );
    const http = await new Promise<http.Server>((resolve) => {
      const s = parts.app.listen(0, "127.0.0.1", () => resolve(s));
    });
    cleanups.push(async () => {
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
      await parts.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    await upsertUser(parts.services.db, "logadmin", "secret password 123", "admin");

    const c = new Client(url);
    const secrets = ["secret password 123", "wrong password 456", "Loggedparent Person", "loggedparent@private.example", "asker@private.example"];
    await c.post("/api/login", { username: "logadmin", password: "wrong password 456" });
    await c.login("logadmin", "secret password 123");
    const sid = c.cookie("garden.sid")!;
    const sig = c.cookie("garden.sid.sig")!;
    secrets.push(sid, sig);
    await c.post("/api/memorial-flowers", flowerInput({ parentName: "Loggedparent Person", email: "loggedparent@private.example" }));
    await c.post("/api/assistance-requests", assistanceInput({ email: "asker@private.example" }));
    await c.post("/api/assistance-requests", { email: "asker@private.example" }); // a 400
    await c.get("/api/admin/memorial-flowers?status=pending");
    await c.get("/api/memorial-flowers?email=asker@private.example");
    await c.post("/api/logout");

    const requests = lines.map((l) => JSON.parse(l)).filter((e) => e.event === "request");
    expect(requests).toHaveLength(8);
    for (const entry of requests) {
      expect(entry).toMatchObject({
        level: "info",
        method: expect.any(String),
        path: expect.stringMatching(/^\/api\//),
        status: expect.any(Number),
        ms: expect.any(Number),
      });
    }
    expect(requests.map((e) => e.status)).toEqual([401, 200, 201, 201, 400, 200, 200, 200]);
    const all = lines.join("\n");
    for (const secret of secrets) expect(all, `log holds ${secret}`).not.toContain(secret);
    expect(all).not.toMatch(/garden\.sid|cookie|private\.example/i);
  });
});

describe("a burst of 200 concurrent public submissions", () => {
  it("has no 5xx, and every 2xx answer is a row in the database", async () => {
    const s: TestServer = await startTestServer();
    cleanups.push(s.stop);
    const admin = await signedIn(s);
    const flower = await liveFlower(s, admin);
    const [entry] = await json<{ id: number }[]>(await new Client(s.url).get("/api/comment-library"));
    const kinds = [
      {
        table: "memorial_flowers",
        column: "baby_first_name",
        send: (c: Client, n: string) => c.post("/api/memorial-flowers", flowerInput({ babyFirstName: n })),
      },
      { table: "testimonials", column: "first_name", send: (c: Client, n: string) => c.post("/api/testimonials", testimonialInput({ firstName: n })) },
      {
        table: "assistance_requests",
        column: "first_name",
        send: (c: Client, n: string) => c.post("/api/assistance-requests", assistanceInput({ firstName: n })),
      },
      {
        table: "memorial_comments",
        column: "commenter_name",
        send: (c: Client, n: string) => c.post(`/api/memorial-flowers/${flower.id}/comments`, { commenterName: n, commentLibraryId: entry!.id }),
      },
    ];
    const results = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const kind = kinds[i % kinds.length]!;
        const name = `Burst${i}`;
        const res = await kind.send(new Client(s.url), name);
        await res.arrayBuffer();
        return { ...kind, name, status: res.status };
      }),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const ok = results.filter((r) => r.status >= 200 && r.status < 300);
    expect(ok.length).toBe(200);
    for (const r of ok) expect(count(s, r.table, `${r.column} = '${r.name}'`), r.name).toBe(1);
    expect(
      count(s, "memorial_flowers", "baby_first_name LIKE 'Burst%'") +
        count(s, "testimonials", "first_name LIKE 'Burst%'") +
        count(s, "assistance_requests", "first_name LIKE 'Burst%'") +
        count(s, "memorial_comments", "commenter_name LIKE 'Burst%'"),
    ).toBe(200);
  });
});
