import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../public-server/db";
import { migrations } from "../../public-server/migrations";
import { legacyFoldingOn } from "../../public-server/migrations/legacyFolding";
import { adminSearchMatch } from "../../public-server/commands/adminSearch";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { cleanupAfterAll } from "../support/cleanup";
import { unsubscribeKey, unsubscribeToken } from "../../public-server/family/unsubscribe";
import { mailFor } from "../../public-server/mail";
import { SmtpCapture } from "./mailSmtp";
import { retentionFor } from "../../public-server/commands/retention";
import { count, emails, liveFlower, newestToken, signedIn, sql, sqlAt, submitFlower } from "./fixtures";

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
    const upTo = migrations.findIndex((m) => m.name === "Family3AdminSearchWithdrawn1797200000002");
    await (await openDatabase(file, undefined, migrations.slice(0, upTo))).close();
    const db = new Database(file);
    legacyFoldingOn(db); // the triggers before the search text was stored call these
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

describe("a family's correction to the names, the date or the flower", () => {
  const correct = (s: TestServer, family: Client, fields: Record<string, string>) =>
    family.post(MANAGE, new URLSearchParams({ change: "correct", ...fields }).toString(), form(s));
  const notes = async (s: TestServer) => {
    await mailFor(s.parts.services).drain();
    return emails(s)
      .filter((e) => e.name.endsWith("family-note.eml"))
      .map((e) => e.text.replace(/\s+/g, " "));
  };
  const memorialPage = async (s: TestServer, id: number) => {
    const visitor = new Client(s.url);
    const first = await visitor.get(`/garden-of-remembrance/${id}`);
    return (first.status === 301 ? await visitor.get(first.headers.get("location")!) : first).text();
  };
  const CORRECTIONS = `${FLOWERS}/corrections`;
  type Corrections = {
    items: { id: number; version: number; name: string; changes: { field: string; before: string | null; after: string | null }[] }[];
    total: number;
  };

  it("waits for a volunteer: the live memorial stays exactly as it is until approved; a second one replaces the first; approval is under its version", async () => {
    const s = await server();
    const admin = await signedIn(s);
    const { id } = await liveFlower(s, admin, { babyFirstName: "Gracie", babyMiddleName: "", babyLastName: "Lindqvist", lossDate: "", flowerType: "lily" });
    const family = await opened(s);
    const page = await (await family.get(MANAGE)).text();
    expect(page).toContain('<h2 id="correct-heading">Correct the names, the date or the flower</h2>');
    expect(page).toContain('name="babyFirstName" value="Gracie"');
    expect(page).not.toContain("please write to us at");

    // The flower's own rules: a first name is needed. The page comes back with the sentence by the field.
    const refused = await correct(s, family, { babyFirstName: "  ", babyLastName: "Lindqvist", flowerType: "pink-rose" });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain('<p class="problem" id="babyFirstName-problem">First name is required</p>');
    expect(again).toContain('name="babyLastName" value="Lindqvist"');
    expect(await correct(s, family, { babyFirstName: "Grace", babyLastName: "Lindqvist", flowerType: "tulip-of-doom" }).then((r) => r.status)).toBe(400);
    expect(count(s, "flower_revisions")).toBe(0);

    const row = () => sql(s, "SELECT * FROM memorial_flowers WHERE id = ?", id);
    const before = { row: row(), api: await (await new Client(s.url).get(`/api/memorial-flowers/${id}`)).text(), page: await memorialPage(s, id) };
    const garden = await new Client(s.url).get("/api/memorial-flowers");
    const etag = garden.headers.get("etag");

    const first = await correct(s, family, { babyFirstName: "Grace", babyMiddleName: "", babyLastName: "Lindqvist", lossDate: "", flowerType: "pink-rose" });
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(`${MANAGE}?done=correction-asked`);
    const second = await correct(s, family, {
      babyFirstName: "Gracia",
      babyMiddleName: "Maria",
      babyLastName: "Lindqvist",
      lossDate: "March 3, 2026",
      flowerType: "pink-rose",
    });
    expect(second.headers.get("location")).toBe(`${MANAGE}?done=correction-asked`);
    expect(count(s, "flower_revisions")).toBe(1);

    // Nothing public moved: the row, its answer, its page, the garden's list (its ETag), its preview's version.
    expect(row()).toEqual(before.row);
    expect(await (await new Client(s.url).get(`/api/memorial-flowers/${id}`)).text()).toBe(before.api);
    expect(await memorialPage(s, id)).toBe(before.page);
    const gardenTag = async () => (await new Client(s.url).get("/api/memorial-flowers")).headers.get("etag");
    expect(await gardenTag()).toBe(etag);

    const waiting = await (await family.get(`${MANAGE}?done=correction-asked`)).text();
    expect(waiting).toContain("Thank you. A volunteer will look at your correction soon; until then the memorial stays as it is.");
    expect(waiting).toContain("Your correction is waiting for a volunteer.");
    expect(waiting).toContain('name="babyFirstName" value="Gracia"');
    expect(waiting).toContain('<option value="pink-rose" selected>');
    expect(await notes(s)).toEqual([
      expect.stringContaining("Thank you for your correction to Gracie Lindqvist's memorial. A volunteer will look at it soon"),
      expect.stringContaining("Thank you for your correction to Gracie Lindqvist's memorial."),
    ]);

    const list = await json<Corrections>(await admin.get(CORRECTIONS));
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id,
      name: "Gracie Lindqvist",
      changes: [
        { field: "babyFirstName", before: "Gracie", after: "Gracia" },
        { field: "babyMiddleName", before: null, after: "Maria" },
        { field: "lossDate", before: null, after: "March 3, 2026" },
        { field: "flowerType", before: "lily", after: "pink-rose" },
      ],
    });
    const { version } = list.items[0]!;
    // The first correction's version is not this one's: a volunteer who saw it approves nothing.
    const stale = await admin.post(`${FLOWERS}/${id}/correction/approve`, undefined, { "If-Match": `"${version - 1}"` });
    expect(stale.status).toBe(412);
    expect(row()).toEqual(before.row);

    const approved = await admin.post(`${FLOWERS}/${id}/correction/approve`, undefined, { "If-Match": `"${version}"` });
    expect(approved.status).toBe(200);
    expect(await json(await new Client(s.url).get(`/api/memorial-flowers/${id}`))).toMatchObject({
      babyFirstName: "Gracia",
      babyMiddleName: "Maria",
      lossDate: "March 3, 2026",
      flowerType: "pink-rose",
    });
    expect(await memorialPage(s, id)).toContain("Gracia Maria Lindqvist");
    expect(await gardenTag()).not.toBe(etag);
    expect(count(s, "flower_revisions")).toBe(0);
    expect((await json<Corrections>(await admin.get(CORRECTIONS))).total).toBe(0);
    expect((await admin.post(`${FLOWERS}/${id}/correction/approve`, undefined, { "If-Match": `"${version}"` })).status).toBe(404);
    expect((await notes(s)).at(-1)).toContain("Your correction is made: the memorial now reads Gracia Maria Lindqvist");
    const log = sql<{ actor: string; action: string; summary: string }>(s, "SELECT actor, action, summary FROM activity_log WHERE item_id = ? ORDER BY id", id);
    expect(log.slice(-3)).toEqual([
      { actor: "Family (private link)", action: "family", summary: "Correction asked for by the family, waiting for review: Memorial flower for Gracie L." },
      { actor: "Family (private link)", action: "family", summary: "Correction asked for by the family, waiting for review: Memorial flower for Gracie L." },
      { actor: "admin", action: "edited", summary: "The family's correction approved: Memorial flower for Gracia L." },
    ]);
  });

  it("declined, the memorial stays as it was and the family is told; sending the memorial as it is withdraws a waiting one", async () => {
    const s = await server();
    const admin = await signedIn(s);
    const { id } = await liveFlower(s, admin, { babyFirstName: "Ottilie", babyLastName: "Vanderberg", lossDate: "", flowerType: "ox-eye-daisy" });
    const family = await opened(s);
    // Shown as an initial, the surname is corrected in full, and stays shown as an initial.
    expect((await family.post(MANAGE, "change=surname-initial", form(s))).status).toBe(303);
    const page = await (await family.get(MANAGE)).text();
    expect(page).toContain('name="babyLastName" value="Vanderberg"');
    const row = () => sql(s, "SELECT baby_first_name, baby_last_name, hidden_last_name, flower_type, version FROM memorial_flowers WHERE id = ?", id)[0];
    const before = row();

    expect((await correct(s, family, { babyFirstName: "Ottilie", babyLastName: "Vandenberg", flowerType: "ox-eye-daisy" })).status).toBe(303);
    const [item] = (await json<Corrections>(await admin.get(CORRECTIONS))).items;
    expect(item!.changes).toEqual([{ field: "babyLastName", before: "Vanderberg", after: "Vandenberg" }]);
    expect((await admin.post(`${FLOWERS}/${id}/correction/decline`, undefined, { "If-Match": `"${item!.version}"` })).status).toBe(200);
    expect(row()).toEqual(before);
    expect((await notes(s)).at(-1)).toContain("A volunteer looked at your correction and has kept the memorial as it was for now.");
    expect(sql(s, "SELECT action, summary FROM activity_log ORDER BY id DESC LIMIT 1")).toEqual([
      { action: "family", summary: "The family's correction declined; the memorial kept as it was: Memorial flower for Ottilie V." },
    ]);

    expect((await correct(s, family, { babyFirstName: "Ottilie", babyLastName: "Vandenberg", flowerType: "ox-eye-daisy" })).status).toBe(303);
    const same = await correct(s, family, { babyFirstName: "Ottilie", babyLastName: "Vanderberg", flowerType: "ox-eye-daisy" });
    expect(same.headers.get("location")).toBe(`${MANAGE}?done=correction-same`);
    const said = await (await family.get(`${MANAGE}?done=correction-same`)).text();
    expect(said).toContain("There was nothing to change: the memorial stays as it is, and no correction is waiting.</p>");
    expect(count(s, "flower_revisions")).toBe(0);

    expect((await correct(s, family, { babyFirstName: "Ottilie", babyLastName: "Vandenberg", flowerType: "ox-eye-daisy" })).status).toBe(303);
    const [next] = (await json<Corrections>(await admin.get(CORRECTIONS))).items;
    expect((await admin.post(`${FLOWERS}/${id}/correction/approve`, undefined, { "If-Match": `"${next!.version}"` })).status).toBe(200);
    expect(row()).toMatchObject({ baby_last_name: "V.", hidden_last_name: "Vandenberg" });
    expect(await (await family.get(MANAGE)).text()).toContain("The memorial shows only the first letter of the surname.");
  });

  it("goes with everything else when the family deletes the memorial, from the backups too", async () => {
    const s = await server();
    const admin = await signedIn(s);
    const { id } = await liveFlower(s, admin, { babyFirstName: "Seraphine", babyLastName: "Aldridge", lossDate: "" });
    const family = await opened(s);
    expect((await correct(s, family, { babyFirstName: "Seraphina", babyLastName: "Aldridge", flowerType: "lily" })).status).toBe(303);
    fs.mkdirSync(s.config.backupDir, { recursive: true });
    const backup = path.join(s.config.backupDir, "garden-before.sqlite");
    sql(s, "VACUUM INTO ?", backup);
    expect(sqlAt(backup, "SELECT count(*) AS n FROM flower_revisions")).toEqual([{ n: 1 }]);
    expect((await family.post(MANAGE, "change=delete&confirm=yes", form(s))).status).toBe(303);
    expect(count(s, "flower_revisions")).toBe(0);
    await retentionFor(s.parts.services).runOnce();
    expect(sqlAt(backup, "SELECT count(*) AS n FROM memorial_flowers WHERE id = ?", id)).toEqual([{ n: 0 }]);
    expect(sqlAt(backup, "SELECT count(*) AS n FROM flower_revisions")).toEqual([{ n: 0 }]);
    expect(fs.readFileSync(backup).includes("Seraphina")).toBe(false);
  });

  it("on a memorial not yet in the garden, is made at once: the volunteer reviews the memorial whole", async () => {
    const s = await server();
    const admin = await signedIn(s);
    const { id } = await submitFlower(s, { babyFirstName: "Perpetua", babyLastName: "Holloway", lossDate: "", flowerType: "ox-eye-daisy" });
    const family = await opened(s);
    const res = await correct(s, family, { babyFirstName: "Perpetua", babyLastName: "Halloway", flowerType: "ox-eye-daisy" });
    expect(res.headers.get("location")).toBe(`${MANAGE}?done=correction-applied`);
    expect(sql(s, "SELECT baby_last_name AS last, approved FROM memorial_flowers WHERE id = ?", id)).toEqual([{ last: "Halloway", approved: 0 }]);
    expect((await json<Corrections>(await admin.get(CORRECTIONS))).total).toBe(0);
  });
});

describe("the monthly update, sent by the server", () => {
  it("goes once to each address on the list, through a real SMTP server, with the one-click unsubscribe headers that work", async () => {
    const smtp = await SmtpCapture.start();
    cleanups.push(() => smtp.close());
    const s = await server({ smtpUrl: smtp.url, publicUrl: "https://garden.example.org", mailPollMs: 50 });
    const admin = await signedIn(s);
    await liveFlower(s, admin, { parentName: "Maren Holt", babyFirstName: "Linnea", email: "maren@example.com", emailUpdates: true });
    await submitFlower(s, { babyFirstName: "Soren", email: "MAREN@example.com ", emailUpdates: true }); // the same family, another memorial
    await submitFlower(s, { parentName: "Ida Brandt", babyFirstName: "Astrid", email: "ida@example.com", emailUpdates: true });
    await submitFlower(s, { babyFirstName: "Nils", email: "quiet@example.com", emailUpdates: false });
    await mailFor(s.parts.services).drain();
    smtp.messages.length = 0;

    const update = {
      subject: "News from the garden, December",
      text: "Dear friends of the garden,\n\nOur Advent evening of prayer is on 12 December.",
      sendKey: "update-2026-12-abcdefgh",
    };
    const preview = await json<{ recipients: number; text: string }>(await admin.post("/api/admin/updates/preview", update));
    expect(preview.recipients).toBe(2);
    expect(preview.text).toContain("Our Advent evening of prayer is on 12 December.");
    expect(count(s, "outbox", "kind = 'monthly-update'")).toBe(0);
    expect((await admin.post("/api/admin/updates/send", { ...update, subject: " " })).status).toBe(400);

    // A double click, and a retry after a cut connection: the same key queues once.
    const sends = await Promise.all([admin.post("/api/admin/updates/send", update), admin.post("/api/admin/updates/send", update)]);
    expect(sends.map((r) => r.status)).toEqual([200, 200]);
    expect((await Promise.all(sends.map((r) => json<{ queued: number }>(r)))).map((b) => b.queued).sort()).toEqual([0, 2]);
    expect((await json<{ queued: number }>(await admin.post("/api/admin/updates/send", update))).queued).toBe(0);
    await mailFor(s.parts.services).drain();
    expect(smtp.messages.map((m) => m.rcptTo).sort()).toEqual([["ida@example.com"], ["maren@example.com"]]);

    const maren = smtp.messages.find((m) => m.rcptTo[0] === "maren@example.com")!;
    expect(maren.header("subject")).toBe("News from the garden, December");
    expect(maren.text).toContain("Dear Maren Holt,");
    expect(maren.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const header = maren.header("list-unsubscribe").replace(/\s+/g, "");
    const match =
      /^<https:\/\/garden\.example\.org(\/manage-memorial\/stop-updates\?token=\d+\.[A-Za-z0-9_-]{43})>,<mailto:[^<>@]+@[^<>]+\?subject=Unsubscribe>$/.exec(
        header,
      );
    expect(match, header).not.toBeNull();
    expect(maren.text.replace(/=\r?\n/g, "")).toContain(`https://garden.example.org${match![1]}`);

    // The mail provider's one-click, from elsewhere and without a cookie: both of that family's memorials leave the list.
    const oneClick = await fetch(`${s.url}${match![1]}`, {
      method: "POST",
      headers: { Origin: "https://mail.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(sql(s, "SELECT baby_first_name AS name FROM memorial_flowers WHERE email_updates = 1")).toEqual([{ name: "Astrid" }]);
    const next = { ...update, sendKey: "update-2027-01-abcdefgh" };
    expect((await json<{ recipients: number }>(await admin.post("/api/admin/updates/preview", next))).recipients).toBe(1);
  });
});
