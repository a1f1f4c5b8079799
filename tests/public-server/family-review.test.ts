import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../public-server/db";
import { migrations } from "../../public-server/migrations";
import { registerGardenFunctions } from "../../public-server/garden/sqlFunctions";
import { adminSearchMatch } from "../../public-server/commands/adminSearch";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { cleanupAfterAll } from "../support/cleanup";
import { unsubscribeKey, unsubscribeToken } from "../../public-server/family/unsubscribe";
import { count, liveFlower, newestToken, signedIn, sql, submitFlower } from "./fixtures";

/**
 * A family's memorial after the immediate choices: corrections reviewed by a
 * volunteer, the admin lists around a withdrawn memorial, the unsubscribe
 * address's bound, and the monthly updates the server sends itself.
 */

const { cleanups, tempDir } = cleanupAfterAll();
const MANAGE = "/manage-memorial";
const FLOWERS = "/api/admin/memorial-flowers";

async function server(overrides: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const s = await startTestServer(overrides);
  cleanups.push(s.stop);
  return s;
}

/** A browser-like client that opened the newest private link and holds the manage page's cookie. */
async function opened(s: TestServer): Promise<Client> {
  const family = new Client(s.url);
  const res = await family.get(`${MANAGE}?token=${await newestToken(s)}`);
  expect(res.status).toBe(303);
  return family;
}

const form = (s: TestServer) => ({ Origin: s.url, "Content-Type": "application/x-www-form-urlencoded" });

describe("a withdrawn memorial in the admin lists", () => {
  it("is found by no search, in the pending list or the approved one, and comes back where it was when the family brings it back", async () => {
    const s = await server();
    const admin = await signedIn(s);
    const waiting = await submitFlower(s, { babyFirstName: "Wilhelmina" });
    const waitingFamily = await opened(s);
    const live = await liveFlower(s, admin, { babyFirstName: "Wilfred" });
    const liveFamily = await opened(s);
    const found = async (q: string, status: "pending" | "approved") =>
      (await json<{ items: { id: number }[]; total: number }>(await admin.get(`${FLOWERS}?status=${status}&q=${q}`))).items.map((f) => f.id);
    expect(await found("wilhelmina", "pending")).toEqual([waiting.id]);
    expect(await found("wilfred", "approved")).toEqual([live.id]);

    expect((await waitingFamily.post(MANAGE, "change=withdraw", form(s))).status).toBe(303);
    expect((await liveFamily.post(MANAGE, "change=withdraw", form(s))).status).toBe(303);
    for (const q of ["wilhelmina", "wilfred", "wil", String(waiting.id), String(live.id)]) {
      expect(await found(q, "pending"), q).toEqual([]);
      expect(await found(q, "approved"), q).toEqual([]);
    }
    const unsearched = await json<{ items: { id: number }[] }>(await admin.get(`${FLOWERS}?status=pending`));
    expect(unsearched.items.map((f) => f.id)).not.toContain(waiting.id);

    expect((await waitingFamily.post(MANAGE, "change=restore", form(s))).status).toBe(303);
    expect((await liveFamily.post(MANAGE, "change=restore", form(s))).status).toBe(303);
    expect(await found("wilhelmina", "pending")).toEqual([waiting.id]);
    expect(await found("wilfred", "approved")).toEqual([live.id]);
  });
});

describe("the migration that gives withdrawn memorials a status of their own in the admin search", () => {
  it("indexes again the memorials withdrawn before it", async () => {
    const file = path.join(tempDir("family3-migration-"), "garden.sqlite");
    const upTo = migrations.findIndex((m) => m.name === "Family3AdminSearchWithdrawn1797200000000");
    await (await openDatabase(file, undefined, migrations.slice(0, upTo))).close();
    const db = new Database(file);
    registerGardenFunctions(db);
    const insert = db.prepare(`INSERT INTO memorial_flowers (baby_first_name, flower_type, approved, withdrawn_at) VALUES (?, 'lily', 0, ?)`);
    insert.run("Wilhelmina", "2026-11-20T10:00:00.000Z");
    insert.run("Wilbur", null);
    db.close();
    await (await openDatabase(file)).close();
    const after = new Database(file, { readonly: true });
    const match = (q: string, status: "pending" | "approved") =>
      after.prepare("SELECT rowid FROM admin_flower_fts WHERE admin_flower_fts MATCH ?").pluck(true).all(adminSearchMatch(q, status));
    expect(match("wil", "pending")).toEqual([2]);
    expect(match("wil", "approved")).toEqual([]);
    after.close();
  });
});

describe("the unsubscribe address's bound", () => {
  it("refuses a connection that sends many tokens that are not good, keeps answering others, and a retry is answered the same", async () => {
    // Behind the site's proxy, each connection is told apart by X-Forwarded-For.
    const s = await server({ trustProxy: 1 });
    const admin = await signedIn(s);
    const { id } = await liveFlower(s, admin, { babyFirstName: "Benedetta", emailUpdates: true });
    const { createdAt } = sql<{ createdAt: string }>(s, "SELECT created_at AS createdAt FROM memorial_flowers WHERE id = ?", id)[0]!;
    const url = `${s.url}${MANAGE}/stop-updates?token=${unsubscribeToken(unsubscribeKey(s.config), id, createdAt)}`;
    const oneClick = (from: string, address = url) =>
      fetch(address, {
        method: "POST",
        headers: { "X-Forwarded-For": from, Origin: "https://mail.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });

    // A hundred guesses at once from one connection: ten are read, the rest wait an hour.
    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        oneClick("203.0.113.7", `${s.url}${MANAGE}/stop-updates?token=${id}.${"A".repeat(40)}${String(i).padStart(3, "0")}`),
      ),
    );
    const statuses = guesses.map((r) => r.status);
    expect(statuses.filter((n) => n === 404)).toHaveLength(10);
    expect(statuses.filter((n) => n === 429)).toHaveLength(90);
    const busy = guesses.find((r) => r.status === 429)!;
    expect(Number(busy.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(await busy.text()).toContain("Please try again in a little while");
    // Even its good token now waits; another connection's is answered at once.
    expect((await oneClick("203.0.113.7")).status).toBe(429);
    expect(count(s, "memorial_flowers", "email_updates = 1")).toBe(1);

    expect((await oneClick("198.51.100.20")).status).toBe(200);
    expect(count(s, "memorial_flowers", "email_updates = 1")).toBe(0);
    const activity = count(s, "activity_log");
    for (let i = 0; i < 5; i++) expect((await oneClick("198.51.100.20")).status).toBe(200);
    expect(count(s, "activity_log")).toBe(activity);
  });
});
