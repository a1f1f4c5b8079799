import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { until } from "../support/until";
import { loadConfig } from "../../public-server/config";
import type { DomainHook } from "../../public-server/context";
import { assistanceInput, count, errorBody, flowerInput, garden120Rows, garden823Rows, liveFlower, openDb, signedIn, sql, testimonialInput } from "./fixtures";

const KEY = "the-import-key";
const IMPORT = "/api/admin/memorial-flowers/reset-and-import";

let server: TestServer;
let admin: Client;
let rows823: Record<string, string>[];

/** Names of the flowers now in the database, in id order. */
const flowerNames = (s: TestServer) => sql<{ n: string }>(s, "SELECT baby_first_name AS n FROM memorial_flowers ORDER BY id").map((r) => r.n);
const backups = (s: TestServer) => (fs.existsSync(s.config.backupDir) ? fs.readdirSync(s.config.backupDir) : []);

/** An "old garden": three live flowers, one pending, and two comments. */
async function plantOldGarden(s: TestServer, c: Client): Promise<string[]> {
  const visitor = new Client(s.url);
  const [entry] = await json<{ id: number }[]>(await visitor.get("/api/comment-library"));
  for (const name of ["Oldone", "Oldtwo", "Oldthree"]) {
    const flower = await liveFlower(s, c, { babyFirstName: name });
    await visitor.post(`/api/memorial-flowers/${flower.id}/comments`, { commenterName: "Old friend", commentLibraryId: entry!.id });
  }
  await visitor.post("/api/memorial-flowers", flowerInput({ babyFirstName: "Oldpending" }));
  return flowerNames(s);
}

beforeAll(async () => {
  rows823 = garden823Rows();
  server = await startTestServer({ adminImportKey: KEY });
  admin = await signedIn(server);
});
afterAll(() => server.stop());

describe("reset-and-import: refusals and validation (nothing deleted, no backup)", () => {
  let before: string[];
  beforeAll(async () => {
    before = await plantOldGarden(server, admin);
  });

  const unchanged = () => {
    expect(flowerNames(server)).toEqual(before);
    expect(count(server, "memorial_comments")).toBe(3);
    expect(backups(server)).toEqual([]);
  };

  it("is refused (403) when the server has no ADMIN_IMPORT_KEY", async () => {
    const other = await startTestServer();
    try {
      const c = await signedIn(other);
      await c.post("/api/admin/memorial-flowers/bulk-upload", { flowers: [{ babyFirstName: "Kept", flowerType: "lily" }] });
      const res = await c.post(IMPORT, { csvData: rows823, adminKey: "anything" });
      expect(res.status).toBe(403);
      expect((await errorBody(res)).message).toMatch(/ADMIN_IMPORT_KEY/);
      expect(flowerNames(other)).toEqual(["Kept"]);
      expect(backups(other)).toEqual([]);
    } finally {
      await other.stop();
    }
  });

  it("is refused (403) with a wrong key", async () => {
    for (const adminKey of ["wrong", KEY + "x", KEY.slice(0, -1)]) {
      const res = await admin.post(IMPORT, { csvData: rows823, adminKey });
      expect(res.status).toBe(403);
      expect((await errorBody(res)).message).toBe("The admin key is not correct.");
    }
    unchanged();
  });

  it.each([
    ["no csvData", { adminKey: KEY }],
    ["no adminKey", { csvData: [{ "First Name": "A" }] }],
    ["an empty adminKey", { csvData: [{ "First Name": "A" }], adminKey: "" }],
    ["an empty csvData", { csvData: [], adminKey: KEY }],
    ["nothing at all", {}],
  ])("answers 400 'CSV data and admin key are required' for %s", async (_label, body) => {
    const res = await admin.post(IMPORT, body);
    expect(res.status).toBe(400);
    expect((await errorBody(res)).message).toBe("CSV data and admin key are required");
    unchanged();
  });

  it("answers 'Expected exactly 823 memorial flower entries, but found 120' for garden-120.csv", async () => {
    const res = await admin.post(IMPORT, { csvData: garden120Rows(), adminKey: KEY });
    expect(res.status).toBe(400);
    const body = await errorBody(res);
    expect(body.message).toMatch(/^Expected exactly 823 memorial flower entries, but found 120/);
    expect(body.errors!.map((e) => e.message)).toEqual(["Expected exactly 823 memorial flower entries, but found 120"]);
    unchanged();
  });

  it("names each missing column: 'Missing required column: \"First Name\"'", async () => {
    const csvData = rows823.map(({ "First Name": _drop, ...rest }) => rest);
    const body = await errorBody(await admin.post(IMPORT, { csvData, adminKey: KEY }));
    expect(body.errors!.map((e) => e.message)).toEqual(['Missing required column: "First Name"']);
    const both = rows823.map(({ "First Name": _drop, "Date of Loss": _drop2, ...rest }) => rest);
    const twice = await errorBody(await admin.post(IMPORT, { csvData: both, adminKey: KEY }));
    expect(twice.errors!.map((e) => e.message)).toEqual(['Missing required column: "First Name"', 'Missing required column: "Date of Loss"']);
    expect(body.message).toMatch(/^Missing required column: "First Name"/);
    unchanged();
  });

  it("lists every row error: missing first name, missing flower type, invalid flower type", async () => {
    const csvData = rows823.map((r) => ({ ...r }));
    csvData[2]!["First Name"] = "";
    csvData[4]!["Flower Type"] = " ";
    csvData[6]!["Flower Type"] = "Daffodil";
    const res = await admin.post(IMPORT, { csvData, adminKey: KEY });
    expect(res.status).toBe(400);
    const body = await errorBody(res);
    expect(body.errors!.map((e) => e.message)).toEqual(["Row 3: Missing First Name", "Row 5: Missing Flower Type", 'Row 7: Invalid flower type "Daffodil"']);
    expect(body.message).toMatch(/^Row 3: Missing First Name/);
    expect(body.message).toMatch(/Nothing was changed/);
    unchanged();
  });

  it("checks the key before the data (a wrong key with bad data is still 403)", async () => {
    expect((await admin.post(IMPORT, { csvData: garden120Rows(), adminKey: "nope" })).status).toBe(403);
    unchanged();
  });
});

describe("reset-and-import: success", () => {
  it("imports garden-823.csv: 823 live flowers, counts of what was deleted, a backup that opens and holds the old rows", async () => {
    const before = flowerNames(server);
    const comments = count(server, "memorial_comments");
    expect(before.length).toBeGreaterThan(0);
    const res = await admin.post(IMPORT, { csvData: rows823, adminKey: KEY });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      success: true,
      importedCount: 823,
      deletedFlowersCount: before.length,
      deletedCommentsCount: comments,
      validation: { isExactMatch: true, expectedCount: 823, actualCount: 823 },
    });
    expect(body.message).toMatch(/^Successfully imported 823 memorial flowers/);

    // The backup is in the backups folder, named in the message, and holds the old garden.
    const files = backups(server);
    expect(files).toHaveLength(1);
    const backupFile = path.join(server.config.backupDir, files[0]!);
    expect(body.message).toContain(files[0]);
    // The answer names the backup and its time, never a path on the server.
    expect(body.backup).toEqual({ name: files[0], createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    expect(Math.abs(Date.parse(body.backup.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(body).not.toHaveProperty("backupPath");
    expect(JSON.stringify(body)).not.toContain(server.config.backupDir);
    expect(JSON.stringify(body)).not.toContain(server.dataDir);
    const copy = new Database(backupFile, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(
        copy
          .prepare("SELECT baby_first_name AS n FROM memorial_flowers ORDER BY id")
          .all()
          .map((r: any) => r.n),
      ).toEqual(before);
      expect((copy.prepare("SELECT count(*) AS n FROM memorial_comments").get() as { n: number }).n).toBe(comments);
    } finally {
      copy.close();
    }

    // The new garden: exactly the CSV's rows, all live and public; no comments.
    expect(flowerNames(server)).toEqual(rows823.map((r) => r["First Name"]));
    expect(count(server, "memorial_flowers", "approved = 1")).toBe(823);
    expect(count(server, "memorial_comments")).toBe(0);
    const garden = await json<{ babyFirstName: string; flowerType: string }[]>(await new Client(server.url).get("/api/memorial-flowers"));
    expect(garden).toHaveLength(823);
    expect(new Set(garden.map((f) => f.flowerType)).size).toBe(10);
    expect(garden.map((f) => f.flowerType).every((t) => /^[a-z-]+$/.test(t))).toBe(true);
  });

  it("a second import reports the 823 it deleted", async () => {
    const body = await json(await admin.post(IMPORT, { csvData: rows823, adminKey: KEY }));
    expect(body).toMatchObject({ importedCount: 823, deletedFlowersCount: 823, deletedCommentsCount: 0 });
  });

  it("EXPECTED_IMPORT_COUNT sets the expected count", async () => {
    expect(loadConfig({ EXPECTED_IMPORT_COUNT: "120" }).expectedImportCount).toBe(120);
    expect(loadConfig({}).expectedImportCount).toBe(823);
    const other = await startTestServer({ adminImportKey: KEY, expectedImportCount: 120 });
    try {
      const c = await signedIn(other);
      const body = await json(await c.post(IMPORT, { csvData: garden120Rows(), adminKey: KEY }));
      expect(body).toMatchObject({ success: true, importedCount: 120, validation: { isExactMatch: true, expectedCount: 120 } });
      const refused = await errorBody(await c.post(IMPORT, { csvData: rows823, adminKey: KEY }));
      expect(refused.message).toMatch(/^Expected exactly 120 memorial flower entries, but found 823/);
      expect(count(other, "memorial_flowers")).toBe(120);
    } finally {
      await other.stop();
    }
  });

  it("tells a signed-in administrator the configured count (at sign-in and in /api/user), and no one else", async () => {
    const other = await startTestServer({ adminImportKey: KEY, expectedImportCount: 120 });
    try {
      await other.createUser("countadmin", "a long admin password", "admin");
      const c = new Client(other.url);
      expect(await json(await c.post("/api/login", { username: "countadmin", password: "a long admin password" }))).toMatchObject({
        role: "admin",
        expectedImportCount: 120,
      });
      expect(await json(await c.get("/api/user"))).toMatchObject({ role: "admin", expectedImportCount: 120 });
      const user = await signedIn(other, { username: "plainuser", password: "a long user password" }, "user");
      expect(await json(await user.get("/api/user"))).not.toHaveProperty("expectedImportCount");
    } finally {
      await other.stop();
    }
  });
});

describe("reset-and-import: atomicity and the queue", () => {
  /** Creates a real trigger on the test database file: inserting `name` into memorial_flowers aborts. */
  function failOn(s: TestServer, name: string) {
    const db = openDb(s);
    db.exec(`CREATE TRIGGER fail_import BEFORE INSERT ON memorial_flowers WHEN NEW.baby_first_name = '${name}' BEGIN
               SELECT RAISE(ABORT, 'injected failure');
             END;`);
    db.close();
  }

  async function expectPlain500(res: Response) {
    expect(res.status).toBe(500);
    const body = await errorBody(res);
    expect(body).toEqual({
      message: "Something went wrong on our side. Please try again in a moment.",
      error: "internal_error",
      requestId: res.headers.get("x-request-id"),
    });
  }

  it("a failure injected at the 600th row answers 500 with a plain sentence and leaves the old garden whole", async () => {
    const s = await startTestServer({ adminImportKey: KEY });
    try {
      const c = await signedIn(s);
      const before = await plantOldGarden(s, c);
      const commentsBefore = count(s, "memorial_comments");
      const csvData = rows823.map((r) => ({ ...r }));
      csvData[599]!["First Name"] = "Injectedfailure"; // in the second INSERT chunk: the first 400 new rows are already in
      failOn(s, "Injectedfailure");
      await expectPlain500(await c.post(IMPORT, { csvData, adminKey: KEY }));
      expect(flowerNames(s)).toEqual(before);
      expect(count(s, "memorial_comments")).toBe(commentsBefore);
      expect(count(s, "memorial_flowers", "approved = 1")).toBe(3);
      // The backup was taken (the failure came after it) and the server still works.
      expect(backups(s)).toHaveLength(1);
      expect((await new Client(s.url).post("/api/memorial-flowers", flowerInput())).status).toBe(201);
    } finally {
      await s.stop();
    }
  });

  it("public submissions made while a failing import's transaction is open all survive (the queue)", async () => {
    // A hook runs inside the import's transaction, as the activity log and outbox do. This one
    // awaits real time (so other requests get the event loop while the transaction is open),
    // then writes a row that the trigger rejects: the import fails after its deletes and inserts.
    let hookEntered: () => void = () => undefined;
    const entered = new Promise<void>((resolve) => (hookEntered = resolve));
    const slowHook: DomainHook = async (tx, event) => {
      if (event.type !== "imported" || event.mode !== "reset") return;
      hookEntered();
      await new Promise((r) => setTimeout(r, 400));
      await tx.query(
        "INSERT INTO memorial_flowers (baby_first_name, flower_type, search_name, name_initial, approved) VALUES ('Injectedfailure', 'lily', '  injectedfailure', '', 1)",
      );
    };
    const s = await startTestServer({ adminImportKey: KEY }, [slowHook]);
    try {
      const c = await signedIn(s);
      const before = await plantOldGarden(s, c);
      failOn(s, "Injectedfailure");

      const importing = c.post(IMPORT, { csvData: rows823, adminKey: KEY });
      await entered; // the import's transaction is open now, its deletes and inserts done
      const visitor = new Client(s.url);
      const submissions = Array.from({ length: 20 }, async (_, i) => {
        const name = `Duringimport${i}`;
        const [table, column, res] =
          i % 3 === 0
            ? ["memorial_flowers", "baby_first_name", await visitor.post("/api/memorial-flowers", flowerInput({ babyFirstName: name }))]
            : i % 3 === 1
              ? ["testimonials", "first_name", await visitor.post("/api/testimonials", testimonialInput({ firstName: name }))]
              : ["assistance_requests", "first_name", await visitor.post("/api/assistance-requests", assistanceInput({ firstName: name }))];
        return { name, table, column, status: (res as Response).status };
      });
      const [res, results] = await Promise.all([importing, Promise.all(submissions)]);
      // Received while the import held the database, they were kept in the intake and are moved in once it ends.
      await until(() => s.parts.services.intake.count() === 0, "the held submissions moved into the database");

      for (const r of results) {
        expect(r.status, r.name).toBe(201);
        expect(count(s, r.table, `${r.column} = '${r.name}'`), `${r.name} answered 201 but is not in the database`).toBe(1);
      }
      await expectPlain500(res);
      const oldOnes = sql<{ n: string }>(s, "SELECT baby_first_name AS n FROM memorial_flowers WHERE baby_first_name NOT LIKE 'Duringimport%' ORDER BY id").map(
        (r) => r.n,
      );
      expect(oldOnes).toEqual(before);
      expect(count(s, "memorial_comments")).toBe(3);
    } finally {
      await s.stop();
    }
  });
});
