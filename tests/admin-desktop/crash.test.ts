/**
 * A crash in the middle of a sync: the sync runs in a child process (the
 * desktop's real modules, through tsx) which is SIGKILLed at a chosen step.
 * The test process then "restarts" the app on the same data folder and syncs
 * again: no decision may be lost, none applied twice (counted by a hook in
 * the real server, which sees every approve and delete).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import type { DomainEvent } from "../../public-server/context";
import { DesktopService } from "../../admin-desktop/main/service";
import type { ItemKind } from "../../admin-desktop/ipc";
import { seedFlower, seedTestimonial, tempDir, testEncryptor } from "./support";

let server: TestServer;
let admin: Client;
const events: DomainEvent[] = [];
const key = Buffer.alloc(32, 9);
const CHILD = path.join(import.meta.dirname, "fixtures/syncChild.ts");

beforeAll(async () => {
  server = await startTestServer({}, [async (_tx, event) => void events.push(event)]);
  await server.createUser("volunteer", "correct horse battery");
  admin = new Client(server.url);
  await admin.login("volunteer", "correct horse battery");
});
afterAll(() => server?.stop());

// Only the child process sends (sendAfterMs null): the instance that queued the decisions stands for an app that was closed.
const open = (dir: string) => new DesktopService({ dataDir: dir, encryptor: testEncryptor({ key }), platform: "linux", sync: { sendAfterMs: null } });
const effects = (kind: ItemKind, id: number) => events.filter((e) => (e.type === "approved" || e.type === "deleted") && e.kind === kind && e.id === id);

/** Starts the child sync and SIGKILLs it as soon as it reports the pause; answers the paused queue id. */
function syncAndKill(dir: string, killAt: string, killIndex: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
      env: { ...process.env, DATA_DIR: dir, KILL_AT: killAt, KILL_INDEX: String(killIndex), VAULT_KEY: key.toString("hex") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    let paused: string | null = null;
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    child.stderr.on("data", (d) => (err += d));
    child.stdout.on("data", (d) => {
      out += d;
      const match = /PAUSED (\S+)/.exec(out);
      if (match && !paused) {
        paused = match[1]!;
        child.kill("SIGKILL");
      }
    });
    child.on("exit", (_code, signal) => {
      clearTimeout(timer);
      if (paused && signal === "SIGKILL") resolve(paused);
      else reject(new Error(`child did not pause (signal ${signal}): ${out} ${err}`));
    });
  });
}

async function prepare(decisions: { kind: ItemKind; id: number; action: "approve" | "decline" }[]) {
  const dir = tempDir();
  const service = open(dir);
  const signed = await service.signIn({ serverUrl: server.url, username: "volunteer", password: "correct horse battery", remember: true });
  expect(signed.ok).toBe(true);
  const view = await service.downloadForReview();
  if (!view.ok) throw new Error(view.error);
  for (const d of decisions) {
    const entry = view.value.items.find((e) => e.kind === d.kind && e.item.id === d.id)!;
    expect(service.decide({ kind: d.kind, itemId: d.id, version: entry.item.version, action: d.action }).ok).toBe(true);
  }
  return dir;
}

async function exists(kind: "testimonials" | "memorial-flowers", id: number) {
  const res = await admin.get(`/api/admin/${kind}/${id}`);
  return res.status === 404 ? undefined : json<{ id: number; approved: boolean }>(res);
}

describe("a crash in the middle of a sync", () => {
  it("after the server applied a decline but before it was recorded: settled as applied, nothing repeated, nothing lost", async () => {
    const a = await seedTestimonial(admin);
    const b = await seedTestimonial(admin);
    const c = await seedFlower(admin);
    const d = await seedFlower(admin);
    const dir = await prepare([
      { kind: "testimonial", id: a, action: "approve" },
      { kind: "testimonial", id: b, action: "decline" },
      { kind: "flower", id: c, action: "approve" },
      { kind: "flower", id: d, action: "decline" },
    ]);

    // Killed after the server deleted b, before "applied" was written.
    const pausedId = await syncAndKill(dir, "server-answered", 1);
    expect(await exists("testimonials", b)).toBeUndefined();
    expect(effects("testimonial", b)).toHaveLength(1);

    const restarted = open(dir);
    await restarted.init();
    const before = restarted.getReview();
    expect(before.ok && before.value.queue.map((q) => q.state)).toEqual(["applied", "sending", "pending", "pending"]);
    expect(before.ok && before.value.queue[1]!.id).toBe(pausedId);

    expect(await restarted.syncNow()).toEqual({ ok: true, value: { applied: 3, conflicts: 0, failed: 0 } });
    const after = restarted.getReview();
    expect(after.ok && after.value.queue.map((q) => [q.state, q.outcome])).toEqual([
      ["applied", "applied"],
      ["applied", "already_applied"],
      ["applied", "applied"],
      ["applied", "applied"],
    ]);
    expect(await exists("testimonials", a)).toMatchObject({ approved: true });
    expect(await exists("memorial-flowers", c)).toMatchObject({ approved: true });
    expect(await exists("memorial-flowers", d)).toBeUndefined();
    for (const [kind, id] of [
      ["testimonial", a],
      ["testimonial", b],
      ["flower", c],
      ["flower", d],
    ] as const) {
      expect(effects(kind, id), `${kind} ${id}`).toHaveLength(1);
    }
  });

  it("after an approval was marked sending but before the request left: sent once on restart", async () => {
    const a = await seedTestimonial(admin);
    const b = await seedFlower(admin);
    const dir = await prepare([
      { kind: "testimonial", id: a, action: "approve" },
      { kind: "flower", id: b, action: "approve" },
    ]);
    await syncAndKill(dir, "marked-sending", 0);
    expect(await exists("testimonials", a)).toMatchObject({ approved: false });
    expect(effects("testimonial", a)).toHaveLength(0);

    const restarted = open(dir);
    await restarted.init();
    expect(restarted.status().queued).toBe(2);
    expect(await restarted.syncNow()).toEqual({ ok: true, value: { applied: 2, conflicts: 0, failed: 0 } });
    expect(await exists("testimonials", a)).toMatchObject({ approved: true });
    expect(await exists("memorial-flowers", b)).toMatchObject({ approved: true });
    expect(effects("testimonial", a)).toHaveLength(1);
    expect(effects("flower", b)).toHaveLength(1);
  });

  it("after an approval reached the server but before it was recorded: found already applied, not sent again", async () => {
    const a = await seedTestimonial(admin);
    const dir = await prepare([{ kind: "testimonial", id: a, action: "approve" }]);
    await syncAndKill(dir, "server-answered", 0);
    expect(await exists("testimonials", a)).toMatchObject({ approved: true });

    const restarted = open(dir);
    await restarted.init();
    expect(await restarted.syncNow()).toEqual({ ok: true, value: { applied: 1, conflicts: 0, failed: 0 } });
    const view = restarted.getReview();
    expect(view.ok && view.value.queue[0]).toMatchObject({ state: "applied", outcome: "already_applied" });
    expect(effects("testimonial", a)).toHaveLength(1);
  });
});
