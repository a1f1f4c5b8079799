/**
 * Offline means offline: the main-process modules against the real server
 * (random port, temporary SQLite) with a temporary data folder. "Restart" is a
 * new DesktopService on the same folder; "offline" sends every request to a
 * closed port (refused, as a stopped server or a dead network would).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { adminItems, Client } from "../support/client";
import { DesktopService } from "../../admin-desktop/main/service";
import type { AppStatus, DesktopEvent } from "../../admin-desktop/ipc";
import { seedFlower, seedTestimonial, switchableFetch, tempDir, testEncryptor } from "./support";

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser("volunteer", "correct horse battery");
  admin = new Client(server.url);
  await admin.login("volunteer", "correct horse battery");
});
afterAll(() => server?.stop());

/** A service on a Linux without a keyring: a sign-in is never remembered (the case of issue 11, item 1). */
function open(dir: string, net = switchableFetch(), events: DesktopEvent[] = [], fetchFn?: typeof fetch) {
  return new DesktopService({
    dataDir: dir,
    encryptor: testEncryptor({ backend: "basic_text" }),
    platform: "linux",
    fetch: fetchFn ?? net.fetch,
    emit: (e) => events.push(e),
    sync: { backoffMs: 1 },
  });
}

const signIn = (service: DesktopService, password = "correct horse battery") =>
  service.signIn({ serverUrl: server.url, username: "volunteer", password, remember: true });

const lastStatus = (events: DesktopEvent[]): AppStatus | undefined => events.filter((e) => e.type === "status").at(-1)?.status;

async function downloaded(service: DesktopService, kind: "testimonial" | "flower", id: number) {
  const view = await service.downloadForReview();
  const entry = view.ok ? view.value.items.find((e) => e.kind === kind && e.item.id === id) : undefined;
  expect(entry).toBeDefined();
  return entry!;
}

describe("the downloaded copy and the queue without a live sign-in", () => {
  it("reopen after a restart while offline: whose copy, from which server; decide and undo; sign-in only to send", async () => {
    const t = await seedTestimonial(admin, "Offline Ruth");
    const f = await seedFlower(admin, "Offline Joy");
    const dir = tempDir();
    const net = switchableFetch();
    const first = open(dir, net);
    expect((await signIn(first)).ok).toBe(true);
    const testimonial = await downloaded(first, "testimonial", t);
    net.offline = true;
    expect(first.decide({ kind: "testimonial", itemId: t, version: testimonial.item.version, action: "approve" }).ok).toBe(true);

    // Closed, reopened, still offline; nothing was remembered (no keyring).
    const second = open(dir, net);
    await second.init();
    expect(await second.checkConnection()).toBe(false);
    const status = second.status();
    expect(status).toMatchObject({ user: null, online: false, queued: 1, copy: { owner: "volunteer", server: server.url } });
    expect(status.copy?.downloadedAt).not.toBeNull();
    const view = second.getReview();
    expect(view.ok && view.value.items.map((e) => `${e.kind}:${e.item.id}`)).toContain(`flower:${f}`);
    expect(view.ok && view.value.queue.map((q) => q.itemId)).toEqual([t]);
    // Deciding and undoing need no sign-in.
    const flower = view.ok ? view.value.items.find((e) => e.kind === "flower" && e.item.id === f)! : undefined;
    const decided = second.decide({ kind: "flower", itemId: f, version: flower!.item.version, action: "approve" });
    expect(decided.ok).toBe(true);
    expect(second.undoDecision(decided.ok ? decided.value.id : "")).toEqual({ ok: true, value: null });
    expect(second.status().queued).toBe(1);
    // Sending does.
    expect(await second.syncNow()).toMatchObject({ ok: false, code: "signed-out" });

    net.offline = false;
    expect(await second.checkConnection()).toBe(true);
    expect((await signIn(second)).ok).toBe(true);
    await expect.poll(() => second.status().queued).toBe(0);
    const list = await adminItems<{ id: number; approved: boolean }>(admin, "/api/admin/testimonials");
    expect(list.find((x) => x.id === t)).toMatchObject({ approved: true });
  });

  it("a decision whose request never left this computer goes back to waiting and can be undone", async () => {
    const t = await seedTestimonial(admin, "Never Left");
    const net = switchableFetch();
    const service = open(tempDir(), net);
    expect((await signIn(service)).ok).toBe(true);
    const entry = await downloaded(service, "testimonial", t);
    const queued = service.decide({ kind: "testimonial", itemId: t, version: entry.item.version, action: "decline" });
    net.offline = true;
    expect(await service.syncNow()).toMatchObject({ ok: true, value: { applied: 0, stopped: "offline" } });
    const view = service.getReview();
    expect(view.ok && view.value.queue[0]).toMatchObject({ itemId: t, state: "pending" });
    expect(service.undoDecision(queued.ok ? queued.value.id : "")).toEqual({ ok: true, value: null });
    expect(service.status().queued).toBe(0);
  });
});

describe("the server's health, without a session", () => {
  it("is Online before any sign-in when the server is up, and stays right after a wrong password", async () => {
    const dir = tempDir();
    const events: DesktopEvent[] = [];
    const service = open(dir, switchableFetch(), events);
    expect(await signIn(service, "wrong password")).toMatchObject({ ok: false });
    // The server answered (401): it is up, and the status bar is told so at once.
    expect(lastStatus(events)).toMatchObject({ online: true, user: null, serverUrl: server.url });

    // Reopened later: the address is known, nobody is signed in; the health check needs no session.
    const reopened = open(dir, switchableFetch(), events);
    await reopened.init();
    expect(await reopened.checkConnection()).toBe(true);
    expect(lastStatus(events)).toMatchObject({ online: true, user: null });
  });
});

describe("sign-out", () => {
  it("removes the downloaded copy and the queue, after a warning while decisions are not sent", async () => {
    const t = await seedTestimonial(admin, "Private Name");
    const dir = tempDir();
    const service = open(dir);
    expect((await signIn(service)).ok).toBe(true);
    const entry = await downloaded(service, "testimonial", t);
    service.decide({ kind: "testimonial", itemId: t, version: entry.item.version, action: "approve" });
    const onDisk = () =>
      fs
        .readdirSync(dir)
        .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
        .join("\n");
    expect(onDisk()).toContain("Private Name");

    const warned = await service.signOut();
    expect(warned).toEqual({
      ok: false,
      code: "unsent",
      error: "You have 1 decision not sent yet. Signing out removes it and the downloaded items from this computer; nothing more reaches the server.",
    });
    expect(service.status().user).toEqual({ username: "volunteer", expectedImportCount: 823 });
    expect(onDisk()).toContain("Private Name");

    expect(await service.signOut({ discardUnsent: true })).toEqual({ ok: true, value: null });
    expect(service.status()).toMatchObject({ user: null, queued: 0, copy: null });
    expect(fs.existsSync(path.join(dir, "review.json"))).toBe(false);
    expect(onDisk()).not.toContain("Private Name");
    expect(onDisk()).not.toContain("Karlsson");
    // Nothing was sent.
    const list = await adminItems<{ id: number; approved: boolean }>(admin, "/api/admin/testimonials");
    expect(list.find((x) => x.id === t)).toMatchObject({ approved: false });
  });

  it("with nothing waiting, signs out at once and still removes the copy", async () => {
    const dir = tempDir();
    const service = open(dir);
    expect((await signIn(service)).ok).toBe(true);
    expect((await service.downloadForReview()).ok).toBe(true);
    expect(fs.existsSync(path.join(dir, "review.json"))).toBe(true);
    expect(await service.signOut()).toEqual({ ok: true, value: null });
    expect(fs.existsSync(path.join(dir, "review.json"))).toBe(false);
  });
});

describe("what is read from disk and network is checked", () => {
  it("a queue file of another shape stops the app with its name and is left untouched", () => {
    const dir = tempDir();
    const body = JSON.stringify({ format: 1, items: [{ id: "x", state: "teleported" }] });
    fs.writeFileSync(path.join(dir, "outbox.json"), body);
    expect(() => open(dir)).toThrow(/outbox\.json is damaged/);
    expect(fs.readFileSync(path.join(dir, "outbox.json"), "utf8")).toBe(body);
  });

  it("a review copy or settings file of another shape is refused too", () => {
    const review = tempDir();
    fs.writeFileSync(path.join(review, "review.json"), JSON.stringify({ downloadedAt: null, items: [{ kind: "testimonial", item: { id: "1" } }] }));
    expect(() => open(review)).toThrow(/review\.json is damaged/);
    const settings = tempDir();
    fs.writeFileSync(path.join(settings, "settings.json"), JSON.stringify({ serverUrl: 42 }));
    expect(() => open(settings)).toThrow(/settings\.json is damaged/);
  });

  it("an answer that is not the server's (a captive portal's page) is never taken as data", async () => {
    const portal = ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) =>
      String(input).includes("/api/admin/")
        ? Promise.resolve(new Response(JSON.stringify([{ id: 1, note: "Please log in to the hotel Wi-Fi" }]), { status: 200 }))
        : fetch(input, init)) as typeof fetch;
    const dir = tempDir();
    const service = open(dir, undefined, [], portal);
    expect((await signIn(service)).ok).toBe(true);
    expect(await service.downloadForReview()).toMatchObject({ ok: false, code: "offline" });
    expect(fs.existsSync(path.join(dir, "review.json"))).toBe(false);
  });
});
