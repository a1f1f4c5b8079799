/**
 * Offline decisions carry the account that made them: the main-process modules
 * against the real server (random port, temporary SQLite), with the server's own
 * activity log (admin API) as the witness of whose name each change went under.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { adminItems, Client, json } from "../support/client";
import { DesktopService } from "../../admin-desktop/main/service";
import { seedFlower, seedTestimonial, switchableFetch, tempDir, testEncryptor } from "./support";

let server: TestServer;
let admin: Client;
const ANNA = { username: "anna", password: "anna's long password" };
const BEN = { username: "ben", password: "ben's long password" };

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser(ANNA.username, ANNA.password);
  await server.createUser(BEN.username, BEN.password);
  await server.createUser("witness", "the witness's password");
  admin = new Client(server.url);
  await admin.login("witness", "the witness's password");
});
afterAll(() => server?.stop());

/**
 * A computer without a keyring: nobody stays signed in across a restart. Only "Sync now" and a sign-in
 * send (sendAfterMs null): an instance left behind stands for an app that was closed, and sends nothing.
 */
function open(dir: string, net = switchableFetch()) {
  return new DesktopService({
    dataDir: dir,
    encryptor: testEncryptor({ backend: "basic_text" }),
    platform: "linux",
    fetch: net.fetch,
    sync: { backoffMs: 1, sendAfterMs: null },
  });
}

const signIn = (service: DesktopService, who: { username: string; password: string }) =>
  service.signIn({ serverUrl: server.url, username: who.username, password: who.password, remember: false });

interface Entry {
  actor: string;
  action: string;
  kind: string;
  itemId: number;
}
const logOf = async (kind: string, id: number) => (await adminItems<Entry>(admin, "/api/admin/activity")).filter((e) => e.kind === kind && e.itemId === id);

async function approved(kind: "testimonials" | "memorial-flowers", id: number): Promise<boolean | undefined> {
  const res = await admin.get(`/api/admin/${kind}/${id}`);
  return res.status === 404 ? undefined : (await json<{ approved: boolean }>(res)).approved;
}

describe("decisions carry the account that made them", () => {
  it("anna's offline decisions are never sent under ben's name: they wait for anna, then go under hers", async () => {
    const t = await seedTestimonial(admin, "Owned Ruth");
    const f = await seedFlower(admin, "Owned Joy");
    const dir = tempDir();
    const net = switchableFetch();
    const annas = open(dir, net);
    expect((await signIn(annas, ANNA)).ok).toBe(true);
    const view = await annas.downloadForReview();
    const version = (kind: string, id: number) => (view.ok ? view.value.items.find((e) => e.kind === kind && e.item.id === id)!.item.version : -1);

    // Anna decides offline; the app is closed, and reopened on the same computer.
    net.offline = true;
    expect(annas.decide({ kind: "testimonial", itemId: t, version: version("testimonial", t), action: "approve" }).ok).toBe(true);
    expect(annas.decide({ kind: "flower", itemId: f, version: version("flower", f), action: "decline" }).ok).toBe(true);
    net.offline = false;
    const reopened = open(dir, net);
    await reopened.init();
    expect(reopened.status()).toMatchObject({ user: null, queued: 2 });

    // Ben signs in on this computer and syncs: nothing goes, nothing is logged in his name.
    expect((await signIn(reopened, BEN)).ok).toBe(true);
    const synced = await reopened.syncNow();
    expect(await logOf("testimonial", t)).toEqual([]);
    expect(await logOf("flower", f)).toEqual([]);
    expect(await approved("testimonials", t)).toBe(false);
    expect(await approved("memorial-flowers", f)).toBe(false);
    expect(synced).toEqual({ ok: true, value: { applied: 0, conflicts: 0, failed: 0 } });
    expect(reopened.outbox.list().map((q) => q.owner)).toEqual(["anna", "anna"]);
    // He is told whose decisions wait, cannot undo them, and anna's copy is not his to decide on.
    expect(reopened.status()).toMatchObject({ queued: 0, conflicts: 0, othersWaiting: [{ owner: "anna", server: server.url, count: 2 }] });
    const review = reopened.getReview();
    expect(review).toMatchObject({ ok: true, value: { items: [], queue: [] } });
    const annasDecision = reopened.outbox.list()[0]!;
    expect(reopened.undoDecision(annasDecision.id)).toEqual({
      ok: false,
      code: "forbidden",
      error: "This decision was made by anna; it waits for them to sign in.",
    });
    // His own download does not offer the items anna decided on, and his decision on another item is his.
    const other = await seedTestimonial(admin, "Bens Own");
    const bens = await reopened.downloadForReview();
    expect(bens.ok && bens.value.items.map((e) => `${e.kind}:${e.item.id}`)).toEqual(expect.arrayContaining([`testimonial:${other}`]));
    expect(bens.ok && bens.value.items.some((e) => e.kind === "testimonial" && e.item.id === t)).toBe(false);
    const entry = bens.ok ? bens.value.items.find((e) => e.kind === "testimonial" && e.item.id === other) : undefined;
    expect(reopened.decide({ kind: "testimonial", itemId: other, version: entry!.item.version, action: "approve" })).toMatchObject({ value: { owner: "ben" } });
    expect(await reopened.syncNow()).toEqual({ ok: true, value: { applied: 1, conflicts: 0, failed: 0 } });
    expect((await logOf("testimonial", other)).map((e) => e.actor)).toEqual(["ben"]);
    expect(await logOf("testimonial", t)).toEqual([]);

    // Anna signs in again: hers go now (her sign-in starts the sync), under her name.
    await reopened.signOut({ discardUnsent: false }).then((r) => expect(r).toMatchObject({ ok: false, code: "unsent" }));
    expect((await signIn(reopened, ANNA)).ok).toBe(true);
    await expect.poll(() => reopened.status().queued).toBe(0);
    expect(await approved("testimonials", t)).toBe(true);
    expect(await approved("memorial-flowers", f)).toBeUndefined();
    expect((await logOf("testimonial", t)).map((e) => [e.actor, e.action])).toEqual([["anna", "approved"]]);
    expect((await logOf("flower", f)).map((e) => [e.actor, e.action])).toEqual([["anna", "declined"]]);
    expect(reopened.status().othersWaiting).toEqual([]);
  });

  it("ben cannot decide on anna's copy while signed in (it is hers); the sign-out warning names her decisions", async () => {
    const t = await seedTestimonial(admin, "Copy Owner");
    const u = await seedTestimonial(admin, "Copy Other");
    const dir = tempDir();
    const annas = open(dir);
    expect((await signIn(annas, ANNA)).ok).toBe(true);
    const view = await annas.downloadForReview();
    const entry = (id: number) => (view.ok ? view.value.items.find((e) => e.kind === "testimonial" && e.item.id === id)! : undefined)!;
    expect(annas.decide({ kind: "testimonial", itemId: t, version: entry(t).item.version, action: "approve" }).ok).toBe(true);
    await annas.signOut({ discardUnsent: false }); // warned, so nothing is removed
    // Ben's sign-in leaves anna's copy behind: the item she left undecided is not offered under her copy.
    const bens = open(dir);
    expect((await signIn(bens, BEN)).ok).toBe(true);
    expect(bens.decide({ kind: "testimonial", itemId: u, version: entry(u).item.version, action: "decline" })).toMatchObject({ ok: false, code: "not-found" });
    expect(fs.existsSync(path.join(dir, "review.json"))).toBe(false);
    expect(await bens.signOut()).toEqual({
      ok: false,
      code: "unsent",
      error: "1 decision by anna is not sent yet. Signing out removes it and the downloaded items from this computer; nothing more reaches the server.",
    });
    expect(await approved("testimonials", t)).toBe(false);
  });
});

describe("a queue written before decisions named their maker", () => {
  /** The outbox and review copy as the previous version wrote them, for one pending testimonial. */
  async function oldFiles(dir: string, copy: { owner: string } | null, name: string) {
    const id = await seedTestimonial(admin, name);
    const item = (await adminItems<{ id: number; version: number }>(admin, "/api/admin/testimonials")).find((x) => x.id === id)!;
    const decision = {
      id: crypto.randomUUID(),
      server: server.url,
      kind: "testimonial",
      itemId: id,
      version: item.version,
      action: "approve",
      label: `Testimonial by ${name}`,
      createdAt: new Date().toISOString(),
      state: "pending",
      attempts: 0,
    };
    fs.writeFileSync(path.join(dir, "outbox.json"), JSON.stringify({ format: 1, items: [decision] }));
    if (copy)
      fs.writeFileSync(
        path.join(dir, "review.json"),
        JSON.stringify({ server: server.url, owner: copy.owner, downloadedAt: new Date().toISOString(), items: [] }),
      );
    return id;
  }

  it("gives them to the review copy's owner when the copy is there: they wait for her, then go under her name", async () => {
    const dir = tempDir();
    const id = await oldFiles(dir, { owner: "anna" }, "Legacy Anna");
    const service = open(dir);
    expect(service.outbox.list()).toMatchObject([{ itemId: id, owner: "anna" }]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "outbox.json"), "utf8"))).toMatchObject({ format: 2, items: [{ owner: "anna" }] });
    expect((await signIn(service, BEN)).ok).toBe(true);
    expect(await service.syncNow()).toMatchObject({ ok: true, value: { applied: 0 } });
    expect(await logOf("testimonial", id)).toEqual([]);
    expect((await signIn(service, ANNA)).ok).toBe(true);
    await expect.poll(() => service.status().queued).toBe(0);
    expect((await logOf("testimonial", id)).map((e) => e.actor)).toEqual(["anna"]);
  });

  it("holds them when nobody can tell who made them, until the signed-in volunteer says they are theirs", async () => {
    const dir = tempDir();
    const id = await oldFiles(dir, null, "Legacy Unknown");
    const service = open(dir);
    expect(service.outbox.list()).toMatchObject([{ itemId: id, owner: null }]);
    expect((await signIn(service, BEN)).ok).toBe(true);
    expect(await service.syncNow()).toMatchObject({ ok: true, value: { applied: 0 } });
    expect(await logOf("testimonial", id)).toEqual([]);
    expect(service.status().othersWaiting).toEqual([{ owner: null, server: server.url, count: 1 }]);
    expect(service.claimDecisions()).toEqual({ ok: true, value: 1 });
    expect(service.status()).toMatchObject({ queued: 1, othersWaiting: [] });
    expect(await service.syncNow()).toMatchObject({ ok: true, value: { applied: 1 } });
    expect((await logOf("testimonial", id)).map((e) => e.actor)).toEqual(["ben"]);
  });
});
