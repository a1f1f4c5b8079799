/**
 * The support log (main/log.ts): bounded on disk, and free of what must not be
 * in it. The service runs a volunteer's session against the real server
 * (wrong password, sign-in, download, a decision, a sync) with the log on; then
 * every log file is read for passwords, usernames, families' names, cookies.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client } from "../support/client";
import { DesktopService } from "../../admin-desktop/main/service";
import { RotatingLog } from "../../admin-desktop/main/log";
import { seedTestimonial, tempDir, testEncryptor } from "./support";

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser("volunteer-ruth", "correct horse battery");
  admin = new Client(server.url);
  await admin.login("volunteer-ruth", "correct horse battery");
});
afterAll(() => server?.stop());

const logText = (dir: string) =>
  fs
    .readdirSync(path.join(dir, "logs"))
    .map((name) => fs.readFileSync(path.join(dir, "logs", name), "utf8"))
    .join("");

describe("the support log", () => {
  it("records what happened (events, counts, codes) and nothing personal", async () => {
    const t = await seedTestimonial(admin, "Philomena Ashgrove");
    const dir = tempDir();
    const log = new RotatingLog(dir);
    const service = new DesktopService({ dataDir: dir, encryptor: testEncryptor(), platform: "linux", log, sync: { sendAfterMs: null } });
    const signIn = (password: string) => service.signIn({ serverUrl: server.url, username: "volunteer-ruth", password, remember: true });
    expect((await signIn("a wrong password here")).ok).toBe(false);
    expect((await signIn("correct horse battery")).ok).toBe(true);
    const view = await service.downloadForReview();
    const entry = view.ok ? view.value.items.find((e) => e.kind === "testimonial" && e.item.id === t) : undefined;
    expect(service.decide({ kind: "testimonial", itemId: t, version: entry!.item.version, action: "approve" }).ok).toBe(true);
    expect(await service.syncNow()).toMatchObject({ ok: true, value: { applied: 1 } });

    const text = logText(dir);
    const events = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { event: string; code?: string; items?: number; applied?: number });
    expect(events.map((e) => e.event)).toEqual(["sign-in", "sign-in", "download", "sync"]);
    expect(events[0]).toMatchObject({ ok: false, code: "signed-out" });
    expect(events[3]).toMatchObject({ applied: 1 });
    for (const secret of ["a wrong password here", "correct horse battery", "volunteer-ruth", "Philomena", "Ashgrove", "garden.sid", "Karlsson"])
      expect(text, secret).not.toContain(secret);
  });

  it("rotates: the folder never holds more than the current file and three older ones, each within its size", () => {
    const dir = tempDir();
    const log = new RotatingLog(dir, 2_000, 3);
    for (let i = 0; i < 500; i += 1) log.info("sync", { applied: i, conflicts: 0 });
    const files = fs.readdirSync(path.join(dir, "logs")).sort();
    expect(files).toEqual(["desktop.1.log", "desktop.2.log", "desktop.3.log", "desktop.log"]);
    for (const name of files) expect(fs.statSync(path.join(dir, "logs", name)).size).toBeLessThanOrEqual(2_000);
    // The newest lines are in the current file.
    expect(fs.readFileSync(path.join(dir, "logs/desktop.log"), "utf8")).toContain('"applied":499');
  });

  it("an error's sentence is kept without the home folder (which names the computer's user)", () => {
    const dir = tempDir();
    const log = new RotatingLog(dir);
    log.error("data-unreadable", new Error(`outbox.json is damaged in ${process.env.HOME ?? "/home/x"}/.config/garden`));
    const line = JSON.parse(logText(dir)) as { error: string };
    expect(line.error).toBe("Error: outbox.json is damaged in ~/.config/garden");
  });
});
