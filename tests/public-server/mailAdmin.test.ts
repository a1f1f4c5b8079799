import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, ROOT, type TestServer } from "../support/testServer";
import { adminItems, Client, json } from "../support/client";
import { createServer, type ServerParts } from "../../public-server/app";
import { loadConfig } from "../../public-server/config";
import { createLogger } from "../../public-server/lib/log";
import { upsertUser } from "../../public-server/commands/users";
import { mailFor } from "../../public-server/mail";
import { readCsvRecords } from "../../shared/csv";
import { SmtpCapture } from "./mailSmtp";
import type { OutboxMessageDto } from "../../shared/schemas/adminTools";
import { until } from "../support/until";

type OutboxItem = OutboxMessageDto;

const flower = (parentName: string, email: string, babyFirstName: string, emailUpdates: boolean) => ({
  parentName,
  email,
  babyFirstName,
  babyLastName: "Example",
  flowerType: "pink-rose",
  emailUpdates,
});

describe("failed messages and the retry", () => {
  let smtp: SmtpCapture;
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    smtp = await SmtpCapture.start();
    await smtp.close(); // the port now refuses connections
    server = await startTestServer({
      smtpUrl: smtp.url,
      teamEmails: ["help.desk@example.org"],
      mailPollMs: 30,
      mailRetryBaseMs: 10,
      mailMaxAttempts: 3,
      digestHour: null,
    });
    await server.createUser("admin", "correct horse battery", "admin");
    admin = new Client(server.url);
    await admin.login("admin", "correct horse battery");
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  it("marks a message failed after the last attempt, lists it for administrators, and sends it once after a retry", async () => {
    await new Client(server.url).post("/api/assistance-requests", {
      firstName: "Lucy",
      lastName: "Sample",
      email: "lucy@example.net",
      phoneNumber: "555 0100",
      comments: "Please ring me.",
    });
    let failed: OutboxItem[] = [];
    await until(async () => (failed = await json(await admin.get("/api/admin/outbox"))).length === 1, "a failed message");
    expect(failed[0]).toMatchObject({ kind: "assistance-request", to: "help.desk@example.org", attempts: 3, status: "failed", sentAt: null });
    expect(failed[0]!.subject).toContain("Lucy Sample");
    expect(failed[0]!.lastError).toMatch(/ECONNREFUSED/);
    expect(await json(await admin.get("/api/admin/outbox?status=pending"))).toEqual([]);
    expect((await admin.get("/api/admin/outbox?status=lost")).status).toBe(400);

    await smtp.open();
    const retried = await admin.post(`/api/admin/outbox/${failed[0]!.id}/retry`);
    expect(retried.status).toBe(200);
    expect(await json(retried)).toMatchObject({ id: failed[0]!.id, status: "pending", attempts: 0, lastError: null });
    await until(() => smtp.messages.length === 1, "the retried message");
    await mailFor(server.parts.services).drain();
    expect(smtp.to("help.desk@example.org")).toHaveLength(1);
    const sent = await json<OutboxItem[]>(await admin.get("/api/admin/outbox?status=sent"));
    expect(sent).toMatchObject([{ id: failed[0]!.id, status: "sent", attempts: 1 }]);
    expect(await json(await admin.get("/api/admin/outbox"))).toEqual([]);

    expect((await admin.post(`/api/admin/outbox/${failed[0]!.id}/retry`)).status).toBe(409); // already sent
    expect((await admin.post("/api/admin/outbox/99999/retry")).status).toBe(404);
  });
});

describe("mailing-list export and access", () => {
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    server = await startTestServer({ digestHour: null });
    await server.createUser("admin", "correct horse battery", "admin");
    await server.createUser("helper", "correct horse battery", "user");
    admin = new Client(server.url);
    await admin.login("admin", "correct horse battery");
    const v = new Client(server.url);
    for (const body of [
      flower('=HYPERLINK("https://evil.example","click")', "first@example.com", "Ava", true),
      flower("Rose Family", "rose@example.com", "Leo", true),
      flower("Rose Family Again", "ROSE@example.com", "Mia", true), // same address, other case
      flower("No Thanks", "nothanks@example.com", "Sam", false),
    ]) {
      expect((await v.post("/api/memorial-flowers", body)).status).toBe(201);
    }
  });
  afterAll(() => server.stop());

  it("exports opted-in families once per address, as a CSV safe from formulas", async () => {
    const res = await admin.get("/api/admin/mailing-list.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const today = new Date();
    const ymd = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="memorial-updates-list-${ymd}.csv"`);
    const { records, parseErrors } = readCsvRecords(await res.text());
    expect(parseErrors).toEqual([]);
    expect(records[0]).toEqual(["Name", "Email", "Baby", "Opted in on", "List-Unsubscribe", "Language"]);
    const rows = records.slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]![0]).toBe(`'=HYPERLINK("https://evil.example","click")`);
    expect(rows[0]!.slice(1, 3)).toEqual(["first@example.com", "Ava Example"]);
    expect(rows[0]![3]).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(rows[1]!.slice(0, 3)).toEqual(["Rose Family Again", "rose@example.com", "Leo Example; Mia Example"]);
    expect(rows.flat().join()).not.toContain("nothanks@example.com");
  });

  it("answers 401 signed out and 403 for a non-administrator", async () => {
    const out = new Client(server.url);
    const helper = new Client(server.url);
    await helper.login("helper", "correct horse battery");
    for (const [method, url] of [
      ["GET", "/api/admin/mailing-list.csv"],
      ["GET", "/api/admin/outbox"],
      ["POST", "/api/admin/outbox/1/retry"],
    ] as const) {
      expect((await out.request(method, url, method === "POST" ? {} : undefined)).status).toBe(401);
      expect((await helper.request(method, url, method === "POST" ? {} : undefined)).status).toBe(403);
    }
  });
});

describe("without SMTP_URL", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-eml-"));
  const lines: string[] = [];
  let parts: ServerParts;
  let http: Server;
  let url: string;

  beforeAll(async () => {
    fs.copyFileSync(path.join(ROOT, "data/site.json"), path.join(dataDir, "site.json"));
    const config = loadConfig(
      { DATA_DIR: dataDir, TEAM_EMAIL: "desk@example.org" },
      { host: "127.0.0.1", port: 0, webDir: path.join(ROOT, "dist/web"), mailPollMs: 600_000, digestHour: null },
    );
    // A poll every ten minutes: these emails can only go out promptly because each enqueue wakes the worker.
    parts = await createServer(
      config,
      [],
      createLogger("info", (line) => lines.push(line)),
    );
    http = await new Promise((resolve) => {
      const s = parts.app.listen(0, "127.0.0.1", () => resolve(s));
    });
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    await upsertUser(parts.services.db, "admin", "correct horse battery", "admin");
  });
  afterAll(async () => {
    http.closeAllConnections();
    await new Promise((r) => http.close(r));
    await parts.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes each message as an .eml file under data/outbox at once, and logs no address", async () => {
    const v = new Client(url);
    await v.post("/api/assistance-requests", {
      firstName: "Iris",
      lastName: "Sample",
      email: "iris@example.net",
      phoneNumber: "555 0101",
      comments: "Call me.",
    });
    await v.post("/api/memorial-flowers", flower("Iris Sample", "iris.family@example.com", "Noah", false));
    const admin = new Client(url);
    await admin.login("admin", "correct horse battery");
    const [f] = await adminItems<{ id: number }>(admin, "/api/admin/memorial-flowers");
    await admin.post(`/api/admin/memorial-flowers/${f!.id}/approve`);

    const dir = path.join(dataDir, "outbox");
    const emls = () =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((n) => n.endsWith(".eml"))
            .sort()
        : [];
    await until(() => emls().length === 3, "three .eml files");
    expect(emls()).toEqual(["000001-assistance-request.eml", "000002-flower-received.eml", "000003-flower-approved.eml"]);
    const family = fs.readFileSync(path.join(dir, "000003-flower-approved.eml"), "utf8");
    expect(family).toMatch(/^To: iris\.family@example\.com$/m);
    expect(family).toContain("Noah Example");
    expect(fs.readFileSync(path.join(dir, "000001-assistance-request.eml"), "utf8")).toMatch(/^To: desk@example\.org$/m);

    const sent = await json<{ status: string }[]>(await admin.get("/api/admin/outbox?status=sent"));
    expect(sent).toHaveLength(3);
    const written = lines.map((l) => JSON.parse(l)).filter((l) => l.event === "mail_written");
    expect(written.map((l) => [l.kind, l.file])).toEqual([
      ["assistance-request", "000001-assistance-request.eml"],
      ["flower-received", "000002-flower-received.eml"],
      ["flower-approved", "000003-flower-approved.eml"],
    ]);
    expect(lines.join("\n")).not.toMatch(/iris(\.family)?@example|desk@example\.org/);
  });
});

describe("stopping while a message is being sent", () => {
  it("finishes and records it before the database closes, so the restarted server does not send it again", async () => {
    const smtp = await SmtpCapture.start();
    smtp.acceptDelayMs = 400;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-stop-"));
    const settings = { dataDir, smtpUrl: smtp.url, teamEmails: ["desk@example.org"], mailPollMs: 30, mailRetryBaseMs: 50, digestHour: null };
    try {
      const first = await startTestServer(settings);
      await new Client(first.url).post("/api/assistance-requests", {
        firstName: "Ruth",
        lastName: "Sample",
        email: "ruth@example.net",
        phoneNumber: "555 0102",
        comments: "Please call.",
      });
      await until(() => smtp.messages.length === 1, "the message to reach the mail server"); // accepted only 400 ms later
      await first.stop(); // must wait for the acceptance and the "sent" write

      const second = await startTestServer(settings);
      await second.createUser("admin", "correct horse battery", "admin");
      const admin = new Client(second.url);
      await admin.login("admin", "correct horse battery");
      // Recorded as sent, and nothing pending: the worker, which sends only pending messages, has nothing to send again.
      expect(await json(await admin.get("/api/admin/outbox?status=sent"))).toMatchObject([{ kind: "assistance-request", attempts: 1 }]);
      expect(await json(await admin.get("/api/admin/outbox?status=pending"))).toEqual([]);
      await mailFor(second.parts.services).drain();
      expect(smtp.messages).toHaveLength(1);
      await second.stop();
    } finally {
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
