import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { mailFor } from "../../public-server/mail";
import { retentionFor } from "../../public-server/commands/retention";
import { count, emails, sqlAt, FAMILY_TOKEN as TOKEN, liveFlower, newestToken, signedIn, sql, submitFlower } from "./fixtures";
import { until } from "../support/until";
import { cleanupAfterAll } from "../support/cleanup";
import { readCsvRecords } from "../../shared/csv";

const { cleanups } = cleanupAfterAll();

const MANAGE = "/manage-memorial";
const DAY = 86_400_000;

/** A server whose log lines are kept (the test server is otherwise silent) and whose clock can be moved on. */
async function familyServer(): Promise<{ s: TestServer; lines: string[]; later(days: number): void }> {
  let offset = 0;
  const s = await startTestServer({ now: () => new Date(Date.now() + offset) });
  cleanups.push(s.stop);
  const lines: string[] = [];
  const capture = (level: string) => (event: string, fields?: Record<string, unknown>) => lines.push(JSON.stringify({ level, event, ...fields }));
  Object.assign(s.parts.services.log, { info: capture("info"), warn: capture("warn"), error: capture("error"), debug: capture("debug") });
  return { s, lines, later: (days) => void (offset = days * DAY) };
}

/** A browser-like client that opened `token` and holds the manage page's cookie. */
async function opened(s: TestServer, token: string): Promise<Client> {
  const family = new Client(s.url);
  const res = await family.get(`${MANAGE}?token=${token}`);
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe(MANAGE);
  return family;
}

const sameSite = (s: TestServer) => ({ Origin: s.url, "Content-Type": "application/x-www-form-urlencoded" });
const choose = (s: TestServer, family: Client, change: string, extra = "") => family.post(MANAGE, `change=${change}${extra}`, sameSite(s));

describe("the family's private link", () => {
  it("a withdrawn memorial comes back within 30 days; after that it is deleted, from the backups and the outbox too", async () => {
    const { s, later } = await familyServer();
    const admin = await signedIn(s);
    const kept = await liveFlower(s, admin, { babyFirstName: "Bartholomew" });
    const { id } = await liveFlower(s, admin, { babyFirstName: "Gwendolyn", babyLastName: "Fairweather" });
    const token = await newestToken(s);
    const family = await opened(s, token);
    fs.mkdirSync(s.config.backupDir, { recursive: true });
    const backup = path.join(s.config.backupDir, "garden-before.sqlite");
    sql(s, "VACUUM INTO ?", backup);
    expect(sqlAt(backup, "SELECT count(*) AS n FROM memorial_flowers WHERE baby_first_name = 'Gwendolyn'")).toEqual([{ n: 1 }]);
    expect(emails(s).filter((e) => e.text.includes("Gwendolyn"))).toHaveLength(2);

    expect((await choose(s, family, "withdraw")).status).toBe(303);
    later(29);
    await retentionFor(s.parts.services).runOnce();
    expect(count(s, "memorial_flowers", `id = ${id}`)).toBe(1);
    // The page's cookie lasted half an hour; the link itself still opens it.
    expect(await (await (await opened(s, token)).get(MANAGE)).text()).toContain("Bring the memorial back");

    later(31);
    const broken = path.join(s.config.backupDir, "garden-broken.sqlite");
    fs.writeFileSync(broken, "not a database");
    await retentionFor(s.parts.services).runOnce();
    expect(count(s, "memorial_flowers", `id = ${id}`)).toBe(0);
    expect(count(s, "memorial_flowers", `id = ${kept.id}`)).toBe(1);
    expect(sqlAt(backup, "SELECT baby_first_name AS n FROM memorial_flowers ORDER BY id")).toEqual([{ n: "Bartholomew" }]);
    expect(sqlAt(backup, "SELECT count(*) AS n FROM outbox WHERE text LIKE '%Gwendolyn%'")).toEqual([{ n: 0 }]);
    expect(count(s, "outbox", "text LIKE '%Gwendolyn%' AND status = 'sent'")).toBe(0);
    expect(emails(s).filter((e) => e.text.includes("Gwendolyn"))).toEqual([]);
    expect(emails(s).filter((e) => e.text.includes("Bartholomew"))).toHaveLength(2);
    const log = sql<{ summary: string }>(s, "SELECT summary FROM activity_log WHERE action = 'family' ORDER BY id DESC LIMIT 1");
    expect(log[0]!.summary).toMatch(/^Deleted 30 days after the family withdrew it: Memorial flower for Gwendolyn F\.$/);
    expect((await new Client(s.url).get(`${MANAGE}?token=${token}`)).headers.get("location")).toBe(`${MANAGE}?link=ended`);

    // Once nothing of it is left, the next passes need not look for it again: it is forgotten when every backup
    // was scrubbed of it. Above, one backup could not be scrubbed, so it is still remembered; now it goes.
    expect(count(s, "family_erasures", `flower_id = ${id}`)).toBe(1);
    fs.rmSync(broken);
    await retentionFor(s.parts.services).runOnce();
    expect(count(s, "family_erasures", `flower_id = ${id}`)).toBe(0);
  });

  it("is in the received and the approved emails, made as the email is sent: the database keeps only its SHA-256", async () => {
    const { s } = await familyServer();
    const admin = await signedIn(s);
    const { id } = await submitFlower(s, { babyFirstName: "Rosalind" });
    const received = sql<{ text: string; html: string }>(s, "SELECT text, html FROM outbox WHERE kind = 'flower-received'");
    expect(received).toHaveLength(1);
    expect(received[0]!.text).not.toMatch(TOKEN);
    const token = await newestToken(s);
    expect(token).toHaveLength(43); // 256 bits in base64url
    const stored = sql<{ token_hash: string }>(s, "SELECT token_hash FROM family_links WHERE flower_id = ?", id);
    expect(stored).toHaveLength(1);
    const { createHash } = await import("node:crypto");
    expect(stored[0]!.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    // Nowhere in the database's files, nor in the outbox rows.
    const files = [s.config.databasePath, `${s.config.databasePath}-wal`].filter((f) => fs.existsSync(f));
    for (const file of files) expect(fs.readFileSync(file).includes(token)).toBe(false);

    expect((await admin.post(`/api/admin/memorial-flowers/${id}/approve`)).status).toBe(200);
    const approvedToken = await newestToken(s);
    expect(approvedToken).not.toBe(token);
    const approved = emails(s).find((e) => e.name.endsWith("flower-approved.eml"))!;
    expect(approved.text).toContain("so you are on our list");
    expect(approved.text).toMatch(TOKEN);
  });

  it("opening it changes nothing, answers 303 to the bare address with a cookie for that path only, and never logs the token", async () => {
    const { s, lines } = await familyServer();
    const admin = await signedIn(s);
    const { id } = await liveFlower(s, admin, { babyFirstName: "Theodora", babyLastName: "Whitfield" });
    const token = await newestToken(s);
    const before = sql(s, "SELECT * FROM memorial_flowers WHERE id = ?", id);

    // A mail scanner opens the link twice, and a HEAD too: the memorial is as it was.
    const scanner = new Client(s.url);
    expect((await scanner.request("HEAD", `${MANAGE}?token=${token}`)).status).toBe(303);
    const res = await scanner.get(`${MANAGE}?token=${token}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(MANAGE);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) {
      // The manage page's address in each language the site offers, and no other.
      expect(c).toMatch(/path=(\/es)?\/manage-memorial(;|$)/i);
      expect(c).toMatch(/httponly/i);
      expect(c).not.toContain(token);
    }
    expect(sql(s, "SELECT * FROM memorial_flowers WHERE id = ?", id)).toEqual(before);

    const page = await scanner.get(MANAGE);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("<h1>Theodora Whitfield&#39;s memorial</h1>");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toMatch(/<iframe|<script|https?:\/\//i);
    expect(html).not.toContain(token);
    // Every form posts here, as a plain form.
    // The correction form, six choices, and the remembrance notes' form.
    expect([...html.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1])).toEqual([`${MANAGE}#correct`, ...Array(7).fill(MANAGE)]);
    expect(sql(s, "SELECT * FROM memorial_flowers WHERE id = ?", id)).toEqual(before);

    expect(lines.some((l) => l.includes('"/manage-memorial"'))).toBe(true);
    expect(lines.filter((l) => l.includes(token))).toEqual([]);
  });

  it("makes each choice at once through a same-origin POST, with a note to the address on file and a line in the activity log", async () => {
    const { s, lines } = await familyServer();
    const admin = await signedIn(s);
    const { id, input } = await liveFlower(s, admin, { babyFirstName: "Clementine", babyLastName: "Abernathy" });
    const token = await newestToken(s);
    const family = await opened(s, token);

    // From another site's page: refused, nothing changed.
    const forged = await family.post(MANAGE, "change=withdraw", { Origin: "https://elsewhere.example", "Content-Type": "application/x-www-form-urlencoded" });
    expect(forged.status).toBe(403);
    // The page sends no referrer, so its own forms come with "Origin: null": accepted only when the browser says the form is this site's.
    const nullOrigin = { Origin: "null", "Content-Type": "application/x-www-form-urlencoded" };
    expect((await family.post(MANAGE, "change=withdraw", { ...nullOrigin, "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await family.post(MANAGE, "change=withdraw", nullOrigin)).status).toBe(403);
    expect(sql(s, "SELECT approved FROM memorial_flowers WHERE id = ?", id)[0]).toEqual({ approved: 1 });
    // Without the cookie (the link not opened in this browser): nothing changed either.
    const stranger = await new Client(s.url).post(MANAGE, "change=withdraw", sameSite(s));
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get("location")).toBe(`${MANAGE}?link=ended`);
    expect(sql(s, "SELECT approved FROM memorial_flowers WHERE id = ?", id)[0]).toEqual({ approved: 1 });

    expect((await new Client(s.url).get(`/api/memorial-flowers/${id}`)).status).toBe(200);

    const withdrawn = await choose(s, family, "withdraw");
    expect(withdrawn.status).toBe(303);
    expect(withdrawn.headers.get("location")).toBe(`${MANAGE}?done=withdraw`);
    expect((await new Client(s.url).get(`/api/memorial-flowers/${id}`)).status).toBe(404);
    expect((await new Client(s.url).get(`/api/memorial-flowers/${id}/comments`)).status).toBe(404);
    expect((await new Client(s.url).get(`/api/memorial-flowers/${id}/preview.png`)).status).toBe(404);
    const garden: { id: number }[] = await json(await new Client(s.url).get("/api/memorial-flowers"));
    expect(garden.map((f) => f.id)).not.toContain(id);
    // Not waiting for a volunteer's review either.
    const pending = await json<{ items: { id: number }[] }>(await admin.get("/api/admin/memorial-flowers?status=pending&page=1"));
    expect(pending.items.map((f) => f.id)).not.toContain(id);
    expect((await admin.post(`/api/admin/memorial-flowers/${id}/approve`)).status).toBe(404);
    const page = await (await family.get(`${MANAGE}?done=withdraw`)).text();
    expect(page).toContain("The memorial is withdrawn. Nobody can see it now.");
    expect(page).toContain("Bring the memorial back");

    expect((await choose(s, family, "restore")).status).toBe(303);
    expect((await new Client(s.url).get(`/api/memorial-flowers/${id}`)).status).toBe(200);

    const memorialPage = async () => {
      const visitor = new Client(s.url);
      const first = await visitor.get(`/garden-of-remembrance/${id}`);
      return (first.status === 301 ? await visitor.get(first.headers.get("location")!) : first).text();
    };
    expect(await memorialPage()).toContain("Leave a Comment"); // and the page is in the cache now
    expect((await choose(s, family, "comments-off")).status).toBe(303);
    // At once, before JavaScript too: no "Leave a Comment", no "Be the first".
    const quiet = await memorialPage();
    expect(quiet).toContain("Abernathy");
    expect(quiet).not.toContain("Leave a Comment");
    expect(quiet).not.toContain("Be the first");
    expect(await json(await new Client(s.url).get(`/api/memorial-flowers/${id}`))).toMatchObject({ commentsOff: true });
    const library = await json<{ id: number }[]>(await new Client(s.url).get("/api/comment-library"));
    const comment = await new Client(s.url).post(`/api/memorial-flowers/${id}/comments`, { commenterName: "A friend", commentLibraryId: library[0]!.id });
    expect(comment.status).toBe(400);
    expect((await json(comment)).message).toMatch(/chosen to close comments/);

    expect((await choose(s, family, "surname-initial")).status).toBe(303);
    const shown = await json<{ babyLastName: string }>(await new Client(s.url).get(`/api/memorial-flowers/${id}`));
    expect(shown.babyLastName).toBe("A.");
    expect((await choose(s, family, "surname-full")).status).toBe(303);
    expect((await json<{ babyLastName: string }>(await new Client(s.url).get(`/api/memorial-flowers/${id}`))).babyLastName).toBe("Abernathy");

    expect((await choose(s, family, "updates-off")).status).toBe(303);
    expect(sql(s, "SELECT email_updates AS u FROM memorial_flowers WHERE id = ?", id)[0]).toEqual({ u: 0 });
    // The same choice again changes nothing and sends nothing.
    expect((await choose(s, family, "updates-off")).status).toBe(303);

    const notes = sql<{ to_address: string; text: string }>(s, "SELECT to_address, text FROM outbox WHERE kind = 'family-note' ORDER BY id");
    expect(notes).toHaveLength(6);
    for (const n of notes) {
      expect(n.to_address).toBe(input.email);
      expect(n.text).toContain("If it was not you");
    }
    const log = sql<{ actor: string; action: string; summary: string }>(
      s,
      "SELECT actor, action, summary FROM activity_log WHERE action = 'family' ORDER BY id",
    );
    expect(log.map((l) => l.summary.split(":")[0])).toEqual([
      "Withdrawn by the family",
      "Brought back by the family",
      "Comments turned off by the family",
      "Surname shown as an initial by the family",
      "Full surname shown again by the family",
      "Monthly updates stopped by the family",
    ]);
    for (const l of log) {
      expect(l.actor).toBe("Family (private link)");
      expect(l.summary).not.toContain(token);
      expect(l.summary).not.toContain(input.email);
    }
    expect(lines.filter((l) => l.includes(token))).toEqual([]);
  });

  it("deletes everything only after a confirmation that says what goes", async () => {
    const { s } = await familyServer();
    const admin = await signedIn(s);
    const { id } = await liveFlower(s, admin, { babyFirstName: "Perpetua" });
    const family = await opened(s, await newestToken(s));
    const first = await choose(s, family, "delete");
    expect(first.headers.get("location")).toBe(`${MANAGE}?confirm=delete`);
    expect(count(s, "memorial_flowers", `id = ${id}`)).toBe(1);
    const confirm = await (await family.get(`${MANAGE}?confirm=delete`)).text();
    expect(confirm).toContain("every comment left for it");
    expect(confirm).toContain("your name and email address");
    const done = await choose(s, family, "delete", "&confirm=yes");
    expect(done.headers.get("location")).toBe(`${MANAGE}?done=delete`);
    expect(count(s, "memorial_flowers", `id = ${id}`)).toBe(0);
    expect(count(s, "family_links", `flower_id = ${id}`)).toBe(0);
    expect(await (await family.get(`${MANAGE}?done=delete`)).text()).toContain("Everything is deleted");
    const note = sql<{ text: string }>(s, "SELECT text FROM outbox WHERE kind = 'family-note'");
    expect(note).toHaveLength(1);
    expect(note[0]!.text).toContain("were deleted");
    // Once that note is sent, the retention job leaves nothing of the memorial's emails behind.
    await mailFor(s.parts.services).drain();
    await retentionFor(s.parts.services).runOnce();
    expect(count(s, "outbox", "text LIKE '%Perpetua%'")).toBe(0);
    expect(emails(s).filter((e) => e.text.includes("Perpetua"))).toEqual([]);
  });

  it("stops working after a year without use, and when retired by an administrator: a gentle page offers a new one", async () => {
    const { s, later } = await familyServer();
    const admin = await signedIn(s);
    const { id } = await liveFlower(s, admin, { babyFirstName: "Wilhelmina" });
    const token = await newestToken(s);
    later(364);
    await opened(s, token); // used: its year starts again
    later(364 + 364);
    await opened(s, token);
    later(364 + 364 + 366);
    const old = await new Client(s.url).get(`${MANAGE}?token=${token}`);
    expect(old.status).toBe(303);
    expect(old.headers.get("location")).toBe(`${MANAGE}?link=ended`);
    const ended = await new Client(s.url).get(`${MANAGE}?link=ended`);
    expect(ended.status).toBe(200);
    const text = await ended.text();
    expect(text).toContain("This link no longer works");
    expect(text).toContain('action="/manage-memorial/email-link"');

    later(0);
    const fresh = await newestToken(s); // the approval email's link
    void fresh;
    const family = await opened(s, await issueByAdmin(s, admin, id, "someone@typed.example"));
    expect((await family.get(MANAGE)).status).toBe(200);
    const revoked = await admin.post(`/api/admin/memorial-flowers/${id}/family-links/revoke`);
    expect(revoked.status).toBe(200);
    expect((await json(revoked)).revoked).toBeGreaterThan(0);
    expect(await (await family.get(MANAGE)).text()).toContain("please open the private link in one of our emails");
    expect((await choose(s, family, "withdraw")).headers.get("location")).toBe(`${MANAGE}?link=ended`);
    const log = sql<{ actor: string; summary: string }>(s, "SELECT actor, summary FROM activity_log WHERE action = 'family' ORDER BY id");
    expect(log.map((l) => l.summary.split(":")[0])).toEqual(["Sent the family a private link", "Retired the family's private links"]);
    expect(log.every((l) => l.actor === "admin" && !l.summary.includes("typed.example"))).toBe(true);
  });

  it("'Email me my link' answers the same for any address, sends only to the one on file, keeps three links live at most, and is rate-limited", async () => {
    const { s } = await familyServer();
    const admin = await signedIn(s);
    const { id, input } = await liveFlower(s, admin, { babyFirstName: "Evangeline" });
    await mailFor(s.parts.services).drain();
    const ask = (email: string) => new Client(s.url).post(`${MANAGE}/email-link`, `email=${encodeURIComponent(email)}`, sameSite(s));
    const known = await ask(input.email.toUpperCase());
    const unknown = await ask("nobody@nowhere.example");
    const nonsense = await ask("not an address");
    for (const res of [known, unknown, nonsense]) {
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`${MANAGE}?sent=1`);
    }
    await until(() => count(s, "outbox", "kind = 'family-link'") === 1, "the link asked for");
    expect(sql(s, "SELECT to_address FROM outbox WHERE kind = 'family-link'")).toEqual([{ to_address: input.email }]);
    const sentPage = await (await new Client(s.url).get(`${MANAGE}?sent=1`)).text();
    expect(sentPage).toContain("If this address is the one we have for a memorial");

    // Two more asks (the address's limit is three an hour), then none is sent, with the same answer.
    expect((await ask(input.email)).status).toBe(303);
    expect((await ask(input.email)).status).toBe(303);
    await until(() => count(s, "outbox", "kind = 'family-link'") === 3, "three links");
    const limited = await ask(input.email);
    expect(limited.headers.get("location")).toBe(`${MANAGE}?sent=1`);
    await mailFor(s.parts.services).drain();
    expect(count(s, "outbox", "kind = 'family-link'")).toBe(3);
    // Received, approved and three asked for: five links made, the three newest work.
    expect(count(s, "family_links", `flower_id = ${id}`)).toBe(5);
    expect(count(s, "family_links", `flower_id = ${id} AND revoked_at IS NULL`)).toBe(3);
    expect((await json(await admin.get(`/api/admin/memorial-flowers/${id}/family-links`))).live).toBe(3);
  });
});

/** An administrator sends a link to an address they typed; answers its token. */
async function issueByAdmin(s: TestServer, admin: Client, id: number, email: string): Promise<string> {
  const res = await admin.post(`/api/admin/memorial-flowers/${id}/family-link`, { email });
  expect(res.status).toBe(200);
  await mailFor(s.parts.services).drain();
  const sent = emails(s).filter((e) => e.name.endsWith("family-link.eml"));
  expect(sent[sent.length - 1]!.text).toContain(`To: ${email}`);
  return TOKEN.exec(sent[sent.length - 1]!.text)![1]!;
}

describe("search engines and the babies' names", () => {
  it("every address that shows a name (garden views, memorial page, preview image) is noindex, unless the site allows memorials to be indexed", async () => {
    const check = async (s: TestServer, id: number, indexed: boolean) => {
      const visitor = new Client(s.url);
      const memorial = await visitor.get(`/garden-of-remembrance/${id}`);
      const page = memorial.status === 301 ? await visitor.get(memorial.headers.get("location")!) : memorial;
      const views = ["/garden-of-remembrance", "/garden-of-remembrance?letter=K", "/garden-of-remembrance?flower=lily"];
      for (const address of views) {
        const html = await (await visitor.get(address)).text();
        expect(html, address).toContain("Marguerite");
        expect(html.includes('<meta name="robots" content="noindex" />'), address).toBe(!indexed);
      }
      expect((await page.text()).includes('<meta name="robots" content="noindex" />')).toBe(!indexed);
      const png = await visitor.get(`/api/memorial-flowers/${id}/preview.png`);
      expect(png.status).toBe(200);
      expect(png.headers.get("x-robots-tag")).toBe(indexed ? null : "noindex");
    };
    const { s } = await familyServer();
    const { id } = await liveFlower(s, await signedIn(s), { babyFirstName: "Marguerite", flowerType: "lily" });
    await check(s, id, false);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-indexed-"));
    const site = JSON.parse(fs.readFileSync(path.join(ROOT, "data/site.json"), "utf8"));
    fs.writeFileSync(path.join(dataDir, "site.json"), JSON.stringify({ ...site, allowMemorialIndexing: true }));
    const open = await startTestServer({ dataDir });
    cleanups.push(async () => {
      await open.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const other = await liveFlower(open, await signedIn(open), { babyFirstName: "Marguerite", flowerType: "lily" });
    await check(open, other.id, true);
  });
});

describe("the family's choices of who finds the memorial", () => {
  it("link-only leaves the garden's list, search and counts but keeps its address; 'no search engines' holds on every address with the name, though the site allows indexing", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-indexed-"));
    const site = JSON.parse(fs.readFileSync(path.join(ROOT, "data/site.json"), "utf8"));
    fs.writeFileSync(path.join(dataDir, "site.json"), JSON.stringify({ ...site, allowMemorialIndexing: true }));
    const s = await startTestServer({ dataDir });
    cleanups.push(async () => {
      await s.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const admin = await signedIn(s);
    await liveFlower(s, admin, { babyFirstName: "Bartholomew", flowerType: "marigold" });
    const { id } = await liveFlower(s, admin, { babyFirstName: "Marguerite", flowerType: "lily" });
    const family = await opened(s, await newestToken(s));
    const visitor = new Client(s.url);
    const NOINDEX = '<meta name="robots" content="noindex" />';
    const memorial = async () => {
      const first = await visitor.get(`/garden-of-remembrance/${id}`);
      return (first.status === 301 ? await visitor.get(first.headers.get("location")!) : first).text();
    };
    const views = [
      "/garden-of-remembrance",
      "/garden-of-remembrance?letter=K",
      "/garden-of-remembrance?flower=lily",
      "/garden-of-remembrance?search=Marguerite",
    ];
    const read = async (address: string) => (await visitor.get(address)).text();
    for (const address of views) {
      const html = await read(address); // and now in the page cache
      expect(html, address).toContain(`/garden-of-remembrance/${id}-`);
      expect(html, address).not.toContain(NOINDEX);
    }
    expect(await memorial()).not.toContain(NOINDEX);
    expect((await visitor.get(`/api/memorial-flowers/${id}/preview.png`)).headers.get("x-robots-tag")).toBeNull();

    expect((await choose(s, family, "search-off")).status).toBe(303);
    for (const address of views) {
      const html = await read(address);
      expect(html, address).toContain("Marguerite");
      expect(html, address).toContain(NOINDEX);
    }
    expect(await memorial()).toContain(NOINDEX);
    expect((await visitor.get(`/api/memorial-flowers/${id}/preview.png`)).headers.get("x-robots-tag")).toBe("noindex");
    // A view without the name is the site's to decide.
    expect(await read("/garden-of-remembrance?flower=marigold")).not.toContain(NOINDEX);
    expect(await (await family.get(MANAGE)).text()).toContain("Search engines are asked not to show the memorial");

    expect((await choose(s, family, "link-only")).status).toBe(303);
    // The search box keeps the word searched for: the memorial's own link is what must be gone.
    for (const address of views) expect(await read(address), address).not.toContain(`/garden-of-remembrance/${id}-`);
    expect(await (await visitor.get("/api/memorial-flowers")).text()).not.toContain("Marguerite");
    expect(sql(s, "SELECT sum(n) AS n FROM garden_counts")).toEqual([{ n: 1 }]);
    expect(await memorial()).toContain("Marguerite");
    expect((await visitor.get(`/api/memorial-flowers/${id}/preview.png`)).status).toBe(200);
    expect(sql<{ summary: string }>(s, "SELECT summary FROM activity_log WHERE action = 'family' ORDER BY id DESC LIMIT 1")[0]!.summary).toMatch(
      /^Kept link-only/,
    );

    expect((await choose(s, family, "listed")).status).toBe(303);
    expect((await choose(s, family, "search-on")).status).toBe(303);
    expect(await read("/garden-of-remembrance?search=Marguerite")).toContain(`/garden-of-remembrance/${id}-`);
    expect(await read("/garden-of-remembrance?search=Marguerite")).not.toContain(NOINDEX);
    expect(sql(s, "SELECT sum(n) AS n FROM garden_counts")).toEqual([{ n: 2 }]);
  });
});

describe("the monthly updates' one-click unsubscribe", () => {
  it("gives each address on the list a well-formed List-Unsubscribe; a GET only asks, a cookie-less POST from elsewhere stops the updates at once, and the token is in no log line", async () => {
    const { s, lines } = await familyServer();
    const admin = await signedIn(s);
    const { id } = await liveFlower(s, admin, { babyFirstName: "Clementine", email: "clem@example.com", emailUpdates: true });
    await submitFlower(s, { babyFirstName: "Ambrose", email: "CLEM@example.com", emailUpdates: true }); // the same family, another memorial
    await submitFlower(s, { babyFirstName: "Perpetua", email: "other@example.com", emailUpdates: true });
    await mailFor(s.parts.services).drain();
    const approved = emails(s).find((e) => e.name.endsWith("flower-approved.eml") && e.text.includes("Clementine"))!;
    expect(approved.text.replace(/\s+/g, " ")).toContain(
      'so you are on our list. You can leave it at any time: with the private link above, or with one click on "Unsubscribe" in any of the updates.',
    );

    const { records } = readCsvRecords(await (await admin.get("/api/admin/mailing-list.csv")).text());
    expect(records[0]).toEqual(["Name", "Email", "Baby", "Opted in on", "List-Unsubscribe", "Language"]);
    const row = records.find((r) => r[1] === "clem@example.com")!;
    const header =
      /^<(https?:\/\/[^/<>\s]+)(\/manage-memorial\/stop-updates\?token=(\d+\.[A-Za-z0-9_-]{43}))>, <mailto:[^<>\s@]+@[^<>\s]+\?subject=Unsubscribe>$/.exec(
        row[4]!,
      );
    expect(header, row[4]).not.toBeNull();
    const [, origin, address, token] = header! as unknown as [string, string, string, string];
    expect(origin).toBe(s.config.publicUrl);
    const url = `${s.url}${address}`;
    const on = () => count(s, "memorial_flowers", "email_updates = 1");
    expect(on()).toBe(3);

    // A mail scanner opens the link: it is asked, nothing changes.
    const asked = await fetch(url);
    expect(asked.status).toBe(200);
    expect(asked.headers.get("referrer-policy")).toBe("no-referrer");
    const page = await asked.text();
    expect(page).toContain("Stop our monthly updates?");
    expect(page).toContain(`action="/manage-memorial/stop-updates?token=${token}"`);
    expect(on()).toBe(3);

    // A tampered token stops nothing.
    const wrong = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    const refused = await fetch(url.replace(token, wrong), { method: "POST", body: "List-Unsubscribe=One-Click" });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("We could not read this link");
    expect(on()).toBe(3);

    // The mail provider's one-click: another origin, no cookie, only the token.
    const post = await fetch(url, {
      method: "POST",
      headers: { Origin: "https://mail.example", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(post.status).toBe(200);
    expect(await post.text()).toContain("We will send you no more monthly updates.");
    expect(sql(s, "SELECT baby_first_name AS name FROM memorial_flowers WHERE email_updates = 1")).toEqual([{ name: "Perpetua" }]);
    // Again (a retry) is the same answer.
    expect((await fetch(url, { method: "POST", body: "List-Unsubscribe=One-Click" })).status).toBe(200);
    expect(count(s, "activity_log", `action = 'family' AND item_id = ${id} AND summary = 'Monthly updates stopped from an updates email'`)).toBe(1);

    // Only this address takes a POST from elsewhere: the manage page's guard still holds.
    const manage = await fetch(`${s.url}${MANAGE}`, {
      method: "POST",
      headers: { Origin: "https://mail.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "change=updates-on",
    });
    expect(manage.status).toBe(403);

    const requests = lines.filter((l) => l.includes('"path":"/manage-memorial/stop-updates"'));
    expect(requests.length).toBeGreaterThanOrEqual(4);
    expect(lines.filter((l) => l.includes(token) || l.includes(wrong))).toEqual([]);
  });
});

describe("the Privacy Policy", () => {
  it("tells families about their private link, the updates list and how to leave it, and the 30 days of a withdrawn memorial", async () => {
    const { s } = await familyServer();
    const text = (await (await new Client(s.url).get("/privacy-policy")).text()).replace(/\s+/g, " ");
    expect(text).toContain("our emails to you carry a private link to manage it, without an account");
    expect(text).toContain(
      "you are on our list until you leave it with that link, with one click on “Unsubscribe” in any of the updates, or by writing to us.",
    );
    expect(text).toContain("A withdrawn memorial can be brought back for 30 days; after that it is deleted, from our backups too.");
  });
});
