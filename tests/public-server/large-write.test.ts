import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { memorialPath } from "../../shared/garden";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { fakeGarden } from "../support/fakeGarden";
import { cleanupAfterAll } from "../support/cleanup";
import { count, liveFlower, openDb, signedIn, USER } from "./fixtures";
import { until } from "../support/until";

/**
 * What visitors and volunteers read while a large write (a 50,000-row bulk
 * upload) holds SQLite's write lock: every answer comes within a bound far
 * below the write's length, while the write is still open. Before, memorial
 * pages, their comments, /api/health and every request of a signed-in
 * volunteer waited for the whole write. And what they send: a sign-in, and
 * every visitor submission (JSON and plain form), answered at once and kept
 * exactly once, with the team's email, once the write has ended.
 */

const { cleanups } = cleanupAfterAll();

/** A read's bound: generous for a loaded two-core machine, and far below the write, which is held open for 10 s or more. */
const BOUND_MS = 1_500;
const ROWS = 50_000;

let server: TestServer;
let admin: Client;
let volunteer: Client;
const visitor = () => new Client(server.url);
let cached: { id: number; path: string };
let uncached: { id: number; path: string };

/** Whether some connection holds the write lock: BEGIN IMMEDIATE that does not wait. */
function writeLockHeld(db: BetterSqlite3.Database): boolean {
  try {
    db.exec("BEGIN IMMEDIATE");
    db.exec("ROLLBACK");
    return false;
  } catch (err) {
    if ((err as { code?: string }).code === "SQLITE_BUSY") return true;
    throw err;
  }
}

async function livePage(babyFirstName: string): Promise<{ id: number; path: string }> {
  const { id, input } = await liveFlower(server, admin, { babyFirstName, babyLastName: "Lee" });
  return { id, path: memorialPath({ id, babyFirstName: input.babyFirstName, babyMiddleName: null, babyLastName: input.babyLastName }) };
}

beforeAll(async () => {
  server = await startTestServer({ teamEmails: ["team@example.org"] });
  cleanups.push(server.stop);
  admin = await signedIn(server);
  volunteer = await signedIn(server, USER, "user");
  cached = await livePage("Cecilia");
  uncached = await livePage("Ursula");
  const library = await json<{ id: number }[]>(await visitor().get("/api/comment-library"));
  const comment = { commenterName: "A friend", commentLibraryId: library[0]!.id, memorialFlowerId: cached.id };
  expect((await visitor().post(`/api/memorial-flowers/${cached.id}/comments`, comment)).status).toBe(201);
  expect((await visitor().get(cached.path)).status).toBe(200); // now in the page cache
  // Every row of the upload costs a little more, so the write stays open well past the measurements, on any machine.
  const db = openDb(server);
  db.exec(`CREATE TRIGGER slow_upload BEFORE INSERT ON memorial_flowers WHEN NEW.parent_name IS NULL BEGIN
             SELECT (WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 300) SELECT count(*) FROM n);
           END;`);
  db.close();
});

/** Starts a 50,000-row upload and resolves once it holds the write lock; `ended()` tells whether it answered yet. */
async function openUpload(): Promise<{ upload: Promise<Response>; ended: () => boolean; opened: number }> {
  const probe = new BetterSqlite3(server.config.databasePath, { timeout: 0 });
  cleanups.push(() => probe.close());
  let done = false;
  const upload = admin.post("/api/admin/memorial-flowers/bulk-upload", { flowers: fakeGarden(ROWS, 21) }).finally(() => (done = true));
  const opened = Date.now();
  while (!writeLockHeld(probe)) {
    expect(done, "the upload ended before it was seen holding the write lock").toBe(false);
    expect(Date.now() - opened).toBeLessThan(60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  probe.close();
  return { upload, ended: () => done, opened };
}

/** Sends each request in turn, checking its status and that the upload is still open when it answers; answers each wait. */
async function timed(requests: [string, () => Promise<Response>, number][], ended: () => boolean): Promise<Record<string, number>> {
  const waits: Record<string, number> = {};
  for (const [name, send, status] of requests) {
    const started = performance.now();
    const res = await send();
    await res.arrayBuffer();
    waits[name] = Math.round(performance.now() - started);
    expect(res.status, name).toBe(status);
    expect(ended(), `the upload had ended when "${name}" answered (after ${waits[name]} ms)`).toBe(false);
  }
  return waits;
}

describe("while a 50,000-row bulk upload holds the write lock", () => {
  it("memorial pages (cached and not), their comments, the public lists, /api/health and a signed-in volunteer's requests answer at once", async () => {
    const { upload, ended, opened } = await openUpload();
    const waits = await timed(
      [
        ["cached memorial page", () => visitor().get(cached.path), 200],
        ["uncached memorial page", () => visitor().get(uncached.path), 200],
        ["a memorial's comments", () => visitor().get(`/api/memorial-flowers/${uncached.id}/comments`), 200],
        ["health", () => visitor().get("/api/health"), 200],
        ["health, as an administrator", () => admin.get("/api/health"), 200],
        ["the testimonials", () => visitor().get("/api/testimonials"), 200],
        ["the comment library", () => visitor().get("/api/comment-library"), 200],
        ["a volunteer's account (session and account read)", () => volunteer.get("/api/user"), 200],
        ["an admin list", () => admin.get("/api/admin/testimonials?status=pending&page=1&pageSize=20"), 200],
      ],
      ended,
    );
    const held = Date.now() - opened;
    const res = await upload;
    console.log(`During the upload (lock held ${held} ms before the last answer, whole upload ${Date.now() - opened} ms):`, waits);
    expect(res.status).toBe(200);
    expect((await json(res)).count).toBe(ROWS);
    for (const [name, ms] of Object.entries(waits)) expect(ms, name).toBeLessThan(BOUND_MS);
  });

  it("a volunteer signs in, is known on the next request, and signs out, at once", async () => {
    const { upload, ended, opened } = await openUpload();
    const fresh = new Client(server.url);
    const waits = await timed(
      [
        ["sign-in", () => fresh.post("/api/login", USER), 200],
        ["the new session's first request", () => fresh.get("/api/user"), 200],
        ["sign-out", () => fresh.post("/api/logout"), 200],
        ["the ended session", () => fresh.get("/api/user"), 401],
      ],
      ended,
    );
    const held = Date.now() - opened;
    const res = await upload;
    console.log(`Sign-in during the upload (lock held ${held} ms before the last answer):`, waits);
    expect(res.status).toBe(200);
    for (const [name, ms] of Object.entries(waits)) expect(ms, name).toBeLessThan(BOUND_MS);
  });

  it("every kind of submission, JSON and plain form, is answered at once, and is kept once, with the team's email, after the upload", async () => {
    const library = await json<{ id: number }[]>(await visitor().get("/api/comment-library"));
    const plain = (path: string, fields: Record<string, string>) =>
      visitor().request("POST", path, new URLSearchParams(fields).toString(), { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url });
    const ask = (firstName: string) => ({ firstName, lastName: "Held", email: "held@private.example", phoneNumber: "555-0100", comments: "Please call me." });
    const flower = (babyFirstName: string) => ({
      parentName: "Held Parent",
      email: "parent@private.example",
      babyFirstName,
      babyLastName: "Held",
      lossDate: "Spring 2024",
      flowerType: "pink-rose",
    });
    const story = (firstName: string) => ({ firstName, lastName: "Held", testimonial: "Our story, sent while the garden was written." });
    const emailsBefore = count(server, "outbox", "kind = 'assistance-request'");

    const { upload, ended, opened } = await openUpload();
    const waits = await timed(
      [
        ["request for help (JSON)", () => visitor().post("/api/assistance-requests", ask("Heldask")), 201],
        ["memorial flower (JSON)", () => visitor().post("/api/memorial-flowers", flower("Heldflower")), 201],
        [
          "comment (JSON)",
          () => visitor().post(`/api/memorial-flowers/${cached.id}/comments`, { commenterName: "Held friend", commentLibraryId: library[0]!.id }),
          201,
        ],
        ["testimonial (JSON)", () => visitor().post("/api/testimonials", story("Heldstory")), 201],
        ["request for help (plain form)", () => plain("/", { form: "assistance", ...ask("Plainask") }), 303],
        ["memorial flower (plain form)", () => plain("/garden-of-remembrance", { form: "flower", ...flower("Plainflower") }), 303],
        [
          "comment (plain form)",
          () =>
            plain("/garden-of-remembrance", {
              form: "comment",
              memorialFlowerId: String(cached.id),
              commenterName: "Plain friend",
              commentLibraryId: String(library[0]!.id),
            }),
          303,
        ],
        ["testimonial (plain form)", () => plain("/share-testimonial", { form: "testimonial", ...story("Plainstory") }), 303],
        // Refused as always, with the same sentence: the checks run on the data as the write found it.
        [
          "comment on a flower not in the garden",
          () => visitor().post("/api/memorial-flowers/999999999/comments", { commenterName: "Lost", commentLibraryId: library[0]!.id }),
          404,
        ],
      ],
      ended,
    );
    // Many more, so that moving them after the upload takes a while: visitors are answered meanwhile.
    const MANY = 300;
    for (let i = 0; i < MANY; i += 30) {
      const sent = await Promise.all(Array.from({ length: 30 }, (_, j) => visitor().post("/api/testimonials", story(`Manystory${i + j}`))));
      expect(sent.map((r) => r.status)).toEqual(Array(30).fill(201));
    }
    expect(ended(), "the upload ended before the held submissions were sent").toBe(false);
    const held = Date.now() - opened;
    const res = await upload;
    const intake = new BetterSqlite3(path.join(server.dataDir, "garden-intake.sqlite"), { readonly: true });
    cleanups.push(() => intake.close());
    const stillHeld = () => (intake.prepare("SELECT count(*) AS n FROM intake").get() as { n: number }).n;
    let started = performance.now();
    expect((await visitor().get("/api/health")).status).toBe(200);
    waits["health while held submissions are moved"] = Math.round(performance.now() - started);
    started = performance.now();
    expect((await visitor().get(uncached.path)).status).toBe(200);
    waits["a memorial page while held submissions are moved"] = Math.round(performance.now() - started);
    const left = stillHeld();
    console.log(`Submissions during the upload (lock held ${held} ms before the last answer; ${left} of ${MANY + 8} still held after the last):`, waits);
    expect(left, "the held submissions were all moved before the requests answered").toBeGreaterThan(0);
    expect(res.status).toBe(200);
    for (const [name, ms] of Object.entries(waits)) expect(ms, name).toBeLessThan(BOUND_MS);

    // In the volunteers' lists once the write has ended, each exactly once.
    const names = async () => {
      const page = "status=pending&page=1&pageSize=100";
      const lists = await Promise.all([
        admin.get("/api/admin/assistance-requests?page=1&pageSize=100"),
        admin.get(`/api/admin/memorial-flowers?${page}`),
        admin.get(`/api/admin/memorial-comments?${page}`),
        // Behind the many others, so each looked for by name.
        admin.get(`/api/admin/testimonials?${page}&q=Heldstory`),
        admin.get(`/api/admin/testimonials?${page}&q=Plainstory`),
      ]);
      const items = (await Promise.all(lists.map((r) => json<{ items: Record<string, unknown>[] }>(r)))).flatMap((l) => l.items);
      return items.map((i) => String(i.firstName ?? i.babyFirstName ?? i.commenterName)).filter((n) => /^(Held|Plain)/.test(n));
    };
    const expected = ["Heldask", "Heldflower", "Held friend", "Heldstory", "Plainask", "Plainflower", "Plain friend", "Plainstory"];
    await until(() => stillHeld() === 0, "the held submissions to be moved", 60_000);
    // Another large write ends (a second drain): nothing is moved twice.
    expect((await admin.post("/api/admin/memorial-flowers/bulk-upload", { flowers: fakeGarden(10, 5) })).status).toBe(200);
    expect((await names()).sort()).toEqual(expected.sort());
    expect(count(server, "outbox", "kind = 'assistance-request'")).toBe(emailsBefore + 2);
    expect(count(server, "processed_intake")).toBe(MANY + 8);
    expect(count(server, "testimonials", "first_name LIKE 'Manystory%'")).toBe(MANY);
    // The common path again: straight to the database.
    expect((await visitor().post("/api/testimonials", story("Afterstory"))).status).toBe(201);
    expect(count(server, "testimonials", "first_name = 'Afterstory'")).toBe(1);
    expect(count(server, "processed_intake")).toBe(MANY + 8);
  });
});
