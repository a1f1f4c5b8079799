/**
 * The offline queue and its sync, against the real server (random port,
 * temporary SQLite) and a temporary data folder. "Restart" means new
 * DesktopService instances on the same folder, as after closing the app.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { adminItems, Client, json } from "../support/client";
import type { DomainEvent } from "../../public-server/context";
import { DesktopService } from "../../admin-desktop/main/service";
import { endEverySession, seedComment, seedFlower, seedTestimonial, switchableFetch, tempDir, testEncryptor } from "./support";

let server: TestServer;
let admin: Client;
const events: DomainEvent[] = [];
const key = Buffer.alloc(32, 7);

beforeAll(async () => {
  server = await startTestServer({}, [async (_tx, event) => void events.push(event)]);
  await server.createUser("volunteer", "correct horse battery");
  await server.createUser("other-admin", "another long password");
  await server.createUser("plain", "plain user password", "user");
  admin = new Client(server.url);
  await admin.login("other-admin", "another long password");
});
afterAll(() => server?.stop());

const effects = (kind: string, id: number) => events.filter((e) => (e.type === "approved" || e.type === "deleted") && e.kind === kind && e.id === id);

function open(dir: string, net = switchableFetch()) {
  return new DesktopService({ dataDir: dir, encryptor: testEncryptor({ key }), platform: "linux", fetch: net.fetch, sync: { backoffMs: 1 } });
}

async function signedIn(dir: string, net = switchableFetch()) {
  const service = open(dir, net);
  const res = await service.signIn({ serverUrl: server.url, username: "volunteer", password: "correct horse battery", remember: true });
  expect(res).toEqual({ ok: true, value: { username: "volunteer" } });
  return service;
}

async function find(kind: "testimonials" | "memorial-flowers" | "memorial-comments", id: number) {
  const res = await admin.get(`/api/admin/${kind}/${id}`);
  return res.status === 404 ? undefined : json<{ id: number; approved: boolean; version: number }>(res);
}

describe("offline review and sync", () => {
  it("replays offline decisions exactly once, after a restart, in order", async () => {
    const t = await seedTestimonial(admin);
    const f = await seedFlower(admin);
    const c = await seedComment(admin);
    const dir = tempDir();
    const net = switchableFetch();
    const first = await signedIn(dir, net);
    const downloaded = await first.downloadForReview();
    expect(downloaded.ok).toBe(true);
    if (!downloaded.ok) return;
    const ids = downloaded.value.items.map((e) => `${e.kind}:${e.item.id}`);
    expect(ids).toEqual(expect.arrayContaining([`testimonial:${t}`, `flower:${f}`, `comment:${c}`]));
    const version = (kind: string, id: number) => downloaded.value.items.find((e) => e.kind === kind && e.item.id === id)!.item.version;
    // The offline copy keeps no email address.
    expect(JSON.stringify(downloaded.value)).not.toContain("parent@example.org");

    net.offline = true;
    expect(first.decide({ kind: "testimonial", itemId: t, version: version("testimonial", t), action: "approve" }).ok).toBe(true);
    expect(first.decide({ kind: "flower", itemId: f, version: version("flower", f), action: "decline" }).ok).toBe(true);
    expect(first.decide({ kind: "comment", itemId: c, version: version("comment", c), action: "approve" }).ok).toBe(true);
    // Deciding twice on one item is refused.
    expect(first.decide({ kind: "comment", itemId: c, version: version("comment", c), action: "decline" })).toMatchObject({ ok: false, code: "busy" });
    const offlineSync = await first.syncNow();
    expect(offlineSync).toMatchObject({ ok: true, value: { applied: 0, stopped: "offline" } });
    expect(first.status()).toMatchObject({ online: false, queued: 3, lastSyncAt: null });
    expect(events.filter((e) => e.type !== "submitted" && e.type !== "approved")).toHaveLength(0);

    // Restart (the app was closed offline): a new instance on the same folder, now online.
    const second = open(dir);
    await second.init();
    expect(second.status()).toMatchObject({ user: { username: "volunteer" }, queued: 3, remembered: true });
    expect(second.getReview()).toMatchObject({ ok: true, value: { queue: [{ itemId: t }, { itemId: f }, { itemId: c }] } });
    const synced = await second.syncNow();
    expect(synced).toEqual({ ok: true, value: { applied: 3, conflicts: 0, failed: 0 } });
    expect(second.status()).toMatchObject({ online: true, queued: 0, conflicts: 0 });
    expect(second.status().lastSyncAt).not.toBeNull();

    expect(await find("testimonials", t)).toMatchObject({ approved: true, version: version("testimonial", t) + 1 });
    expect(await find("memorial-flowers", f)).toBeUndefined();
    expect(await find("memorial-comments", c)).toMatchObject({ approved: true });

    // Another sync, and another restart: nothing is sent again.
    expect(await second.syncNow()).toEqual({ ok: true, value: { applied: 0, conflicts: 0, failed: 0 } });
    const third = open(dir);
    await third.init();
    expect(await third.syncNow()).toEqual({ ok: true, value: { applied: 0, conflicts: 0, failed: 0 } });
    expect(effects("testimonial", t)).toHaveLength(1);
    expect(effects("flower", f)).toHaveLength(1);
    expect(effects("comment", c)).toHaveLength(1);
    // The applied decisions are listed as done; the review list no longer holds them.
    const view = third.getReview();
    expect(view.ok && view.value.queue.every((q) => q.state === "applied" && q.outcome === "applied")).toBe(true);
    expect(view.ok && view.value.items.some((e) => e.item.id === t && e.kind === "testimonial")).toBe(false);
  });

  it("turns a decline of an item that went live meanwhile into a conflict and deletes nothing", async () => {
    const t = await seedTestimonial(admin);
    const dir = tempDir();
    const service = await signedIn(dir);
    const view = await service.downloadForReview();
    const entry = view.ok ? view.value.items.find((e) => e.kind === "testimonial" && e.item.id === t) : undefined;
    expect(entry).toBeDefined();
    const queued = service.decide({ kind: "testimonial", itemId: t, version: entry!.item.version, action: "decline" });
    expect(queued.ok).toBe(true);

    // Someone else approves it in the web admin before the volunteer syncs.
    expect((await admin.post(`/api/admin/testimonials/${t}/approve`)).status).toBe(200);

    const synced = await service.syncNow();
    expect(synced).toEqual({ ok: true, value: { applied: 0, conflicts: 1, failed: 0 } });
    expect(await find("testimonials", t)).toMatchObject({ approved: true });
    expect(events.some((e) => e.type === "deleted" && e.kind === "testimonial" && e.id === t)).toBe(false);

    const conflict = service.getReview();
    const item = conflict.ok ? conflict.value.queue.find((q) => q.itemId === t) : undefined;
    expect(item).toMatchObject({ state: "conflict", action: "decline", current: { kind: "testimonial", item: { id: t, approved: true } } });
    expect(item?.reason).toMatch(/changed by someone else/);
    expect(service.status().conflicts).toBe(1);
    // It is live now: there is nothing to re-review; the volunteer clears it.
    expect(await service.reviewAgain(item!.id)).toMatchObject({ ok: false });
    expect(service.discardDecision(item!.id)).toEqual({ ok: true, value: null });
    expect(service.status().conflicts).toBe(0);
    // Syncing again does nothing.
    expect(await service.syncNow()).toEqual({ ok: true, value: { applied: 0, conflicts: 0, failed: 0 } });
    expect(await find("testimonials", t)).toMatchObject({ approved: true });
  });

  it("lets the volunteer re-review a flower that was edited meanwhile, then applies the new decision", async () => {
    const f = await seedFlower(admin);
    const service = await signedIn(tempDir());
    const view = await service.downloadForReview();
    const entry = view.ok ? view.value.items.find((e) => e.kind === "flower" && e.item.id === f) : undefined;
    service.decide({ kind: "flower", itemId: f, version: entry!.item.version, action: "approve" });
    const edit = await admin.put(`/api/admin/memorial-flowers/${f}`, { babyFirstName: "Grace", flowerType: "tulip" });
    expect(edit.status).toBe(200);

    expect(await service.syncNow()).toMatchObject({ ok: true, value: { conflicts: 1 } });
    expect(await find("memorial-flowers", f)).toMatchObject({ approved: false });
    const conflict = service.getReview();
    const item = conflict.ok ? conflict.value.queue.find((q) => q.itemId === f)! : undefined;
    expect(item?.current).toMatchObject({ item: { babyFirstName: "Grace", version: entry!.item.version + 1 } });

    expect(await service.reviewAgain(item!.id)).toEqual({ ok: true, value: null });
    const again = service.getReview();
    const fresh = again.ok ? again.value.items.find((e) => e.kind === "flower" && e.item.id === f) : undefined;
    expect(fresh?.item.version).toBe(entry!.item.version + 1);
    expect(service.decide({ kind: "flower", itemId: f, version: fresh!.item.version, action: "approve" }).ok).toBe(true);
    expect(await service.syncNow()).toMatchObject({ ok: true, value: { applied: 1, conflicts: 0 } });
    expect(await find("memorial-flowers", f)).toMatchObject({ approved: true });
  });

  it("pauses on a 401, keeps the queue, and sends it after signing in again", async () => {
    const t = await seedTestimonial(admin);
    const dir = tempDir();
    const service = await signedIn(dir);
    const view = await service.downloadForReview();
    const entry = view.ok ? view.value.items.find((e) => e.kind === "testimonial" && e.item.id === t) : undefined;
    service.decide({ kind: "testimonial", itemId: t, version: entry!.item.version, action: "approve" });

    // The session ends on the server (expired or revoked).
    await endEverySession(server);
    await admin.login("other-admin", "another long password");

    expect(await service.syncNow()).toMatchObject({ ok: true, value: { applied: 0, stopped: "signed-out" } });
    expect(service.status()).toMatchObject({ user: null, needsSignIn: true, queued: 1, remembered: false });
    expect(service.getReview()).toMatchObject({ ok: true, value: { queue: [{ itemId: t, state: "pending" }] } });
    expect(await find("testimonials", t)).toMatchObject({ approved: false });

    // Signing in again starts the sync by itself; "Sync now" joins it.
    await service.signIn({ serverUrl: server.url, username: "volunteer", password: "correct horse battery", remember: false });
    const joined = await service.syncNow();
    expect(joined.ok).toBe(true);
    await expect.poll(() => service.status().queued).toBe(0);
    expect(await find("testimonials", t)).toMatchObject({ approved: true });
    expect(effects("testimonial", t)).toHaveLength(1);
  });
});

describe("decisions made online", () => {
  /** The app as a volunteer runs it: decisions go out on their own a moment after the click (no "Sync now"). */
  const live = (dir: string, net = switchableFetch()) =>
    new DesktopService({ dataDir: dir, encryptor: testEncryptor({ key }), platform: "linux", fetch: net.fetch, sync: { backoffMs: 1, sendAfterMs: 300 } });

  it("are sent at once without Sync now; one undone in time is never sent; offline they wait in the queue", async () => {
    const [a, b, c] = [await seedTestimonial(admin), await seedTestimonial(admin), await seedTestimonial(admin)];
    const net = switchableFetch();
    const service = live(tempDir(), net);
    expect(await service.signIn({ serverUrl: server.url, username: "volunteer", password: "correct horse battery", remember: false })).toMatchObject({
      ok: true,
    });
    const view = await service.downloadForReview();
    const version = (id: number) => (view.ok ? view.value.items.find((e) => e.kind === "testimonial" && e.item.id === id)!.item.version : -1);

    expect(service.decide({ kind: "testimonial", itemId: a, version: version(a), action: "approve" }).ok).toBe(true);
    const slip = service.decide({ kind: "testimonial", itemId: b, version: version(b), action: "decline" });
    expect(slip.ok && service.undoDecision(slip.value.id)).toEqual({ ok: true, value: null });
    await expect.poll(async () => (await find("testimonials", a))?.approved, { timeout: 10_000 }).toBe(true);
    // A read sees the approval once committed, a moment before the app's own request is answered (the
    // answer waits for the flush to disk): the queue empties when that answer arrives.
    await expect.poll(() => service.status().queued, { timeout: 10_000 }).toBe(0);
    expect(effects("testimonial", b)).toHaveLength(0);
    expect(await find("testimonials", b)).toMatchObject({ approved: false });

    // Offline (the status bar learnt it from the last health check): the decision stays queued.
    net.offline = true;
    expect(await service.checkConnection()).toBe(false);
    expect(service.decide({ kind: "testimonial", itemId: c, version: version(c), action: "approve" }).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(service.status()).toMatchObject({ queued: 1, online: false });
    expect(await find("testimonials", c)).toMatchObject({ approved: false });
  });
});

describe("an answer lost on the way back", () => {
  it("a 502 after the server applied an approval is settled by a re-check, not reported as a conflict", async () => {
    const t = await seedTestimonial(admin);
    let lose = true;
    // The request reaches the real server; a proxy then loses the answer and says 502.
    const lossy = ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) =>
      fetch(input, init).then((res) => {
        if (lose && String(input).endsWith(`/api/admin/testimonials/${t}/approve`)) {
          lose = false;
          return new Response("Bad Gateway", { status: 502 });
        }
        return res;
      })) as typeof fetch;
    const dir = tempDir();
    const service = await signedIn(dir, { fetch: lossy, offline: false });
    const view = await service.downloadForReview();
    const entry = view.ok ? view.value.items.find((e) => e.kind === "testimonial" && e.item.id === t) : undefined;
    service.decide({ kind: "testimonial", itemId: t, version: entry!.item.version, action: "approve" });

    expect(await service.syncNow()).toEqual({ ok: true, value: { applied: 1, conflicts: 0, failed: 0 } });
    const after = service.getReview();
    expect(after.ok && after.value.queue[0]).toMatchObject({ state: "applied", outcome: "already_applied", attempts: 1 });
    expect(effects("testimonial", t)).toHaveLength(1);
  });
});

describe("more than one server", () => {
  it("sends a decision only to the server its item came from", async () => {
    const other = await startTestServer();
    try {
      await other.createUser("volunteer", "correct horse battery");
      const t = await seedTestimonial(admin);
      // The other server has an item with the very same id and version: the decision must not touch it.
      const otherAdmin = new Client(other.url);
      await otherAdmin.login("volunteer", "correct horse battery");
      for (let i = 0; i < t; i += 1) await seedTestimonial(otherAdmin, `Other${i}`);
      const dir = tempDir();
      const service = await signedIn(dir);
      const view = await service.downloadForReview();
      const entry = view.ok ? view.value.items.find((e) => e.kind === "testimonial" && e.item.id === t) : undefined;
      expect(service.decide({ kind: "testimonial", itemId: t, version: entry!.item.version, action: "decline" }).ok).toBe(true);

      const switched = await service.signIn({ serverUrl: other.url, username: "volunteer", password: "correct horse battery", remember: false });
      expect(switched.ok).toBe(true);
      expect(await service.syncNow()).toMatchObject({ ok: true, value: { applied: 0, conflicts: 0 } });
      const others = await adminItems<{ id: number }>(otherAdmin, "/api/admin/testimonials");
      expect(others.some((x) => x.id === t)).toBe(true);
      // It waits for its server, named beside it: not this one's to send.
      expect(service.status()).toMatchObject({ queued: 0, othersWaiting: [{ owner: "volunteer", server: server.url, count: 1 }] });
      // The downloaded items were the first server's: they are not offered for the second.
      expect(service.getReview()).toMatchObject({ ok: true, value: { items: [], downloadedAt: null } });

      await service.signIn({ serverUrl: server.url, username: "volunteer", password: "correct horse battery", remember: false });
      await service.syncNow();
      await expect.poll(() => service.status().queued).toBe(0);
      expect(await find("testimonials", t)).toBeUndefined();
      expect((await adminItems<{ id: number }>(otherAdmin, "/api/admin/testimonials")).some((x) => x.id === t)).toBe(true);
    } finally {
      await other.stop();
    }
  });
});

describe("sign-in", () => {
  it("refuses a plain user account with a clear message and keeps no session", async () => {
    const dir = tempDir();
    const service = open(dir);
    const res = await service.signIn({ serverUrl: server.url, username: "plain", password: "plain user password", remember: true });
    expect(res).toMatchObject({ ok: false, code: "not-admin" });
    expect(!res.ok && res.error).toMatch(/not an administrator/);
    expect(service.status()).toMatchObject({ user: null, remembered: false });
  });

  it("answers a wrong password with the server's message, and never hands the cookie to the renderer", async () => {
    const service = open(tempDir());
    const bad = await service.signIn({ serverUrl: server.url, username: "volunteer", password: "wrong password", remember: false });
    expect(bad).toEqual({ ok: false, error: "Invalid username or password", code: "signed-out" });
    const good = await service.signIn({ serverUrl: server.url, username: "volunteer", password: "correct horse battery", remember: false });
    expect(JSON.stringify([good, service.status(), service.getReview()])).not.toMatch(/garden\.sid|correct horse/);
    expect(service.status().serverUrl).toBe(server.url);
  });

  it("signs out: calls /api/logout and forgets the remembered session", async () => {
    const dir = tempDir();
    const service = await signedIn(dir);
    expect(service.status().remembered).toBe(true);
    expect(await service.signOut()).toEqual({ ok: true, value: null });
    expect(service.status()).toMatchObject({ user: null, remembered: false });
    const again = open(dir);
    await again.init();
    expect(again.status().user).toBeNull();
    // The address stays remembered for the next sign-in.
    expect(again.status().serverUrl).toBe(server.url);
  });
});
