/**
 * The offline review copy on disk (families' names and stories): encrypted with
 * the system's keychain (here the test stand-in for safeStorage, real AES-GCM),
 * a plain copy of an older version encrypted at first opening, and a plain copy
 * only where the system offers no keychain, which the status says. Against the
 * real server; the disk is read byte by byte.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client } from "../support/client";
import { DesktopService } from "../../admin-desktop/main/service";
import { copyNote } from "../../admin-desktop/words";
import { seedTestimonial, tempDir, testEncryptor } from "./support";

let server: TestServer;
let admin: Client;
const key = crypto.randomBytes(32);
const STORY = "Seraphina Quennell";

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser("volunteer", "correct horse battery");
  admin = new Client(server.url);
  await admin.login("volunteer", "correct horse battery");
  await seedTestimonial(admin, STORY);
});
afterAll(() => server?.stop());

const withKeychain = (dir: string) => new DesktopService({ dataDir: dir, encryptor: testEncryptor({ key }), platform: "linux" });
const withoutKeychain = (dir: string) => new DesktopService({ dataDir: dir, encryptor: testEncryptor({ backend: "basic_text" }), platform: "linux" });

async function download(service: DesktopService) {
  expect(await service.signIn({ serverUrl: server.url, username: "volunteer", password: "correct horse battery", remember: false })).toMatchObject({
    ok: true,
  });
  const res = await service.downloadForReview();
  expect(res.ok && res.value.items.some((e) => e.kind === "testimonial" && e.item.firstName === STORY)).toBe(true);
}

/** Every file in the data folder, as bytes: what anyone reading the disk would find. */
const onDisk = (dir: string) =>
  fs
    .readdirSync(dir)
    .map((name) => fs.readFileSync(path.join(dir, name)).toString("latin1"))
    .join("\n");

const names = (service: DesktopService) => {
  const view = service.getReview();
  return view.ok ? view.value.items.map((e) => (e.kind === "testimonial" ? e.item.firstName : "")) : [];
};

describe("the offline review copy at rest", () => {
  it("is encrypted on disk where the system has a keychain, and opens after a restart", async () => {
    const dir = tempDir();
    const service = withKeychain(dir);
    expect(service.status().copyEncrypted).toBe(true);
    await download(service);
    expect(onDisk(dir)).not.toContain(STORY);
    expect(fs.existsSync(path.join(dir, "review.json"))).toBe(false);
    expect(names(withKeychain(dir))).toContain(STORY);
  });

  it("a plain copy written before (older app, or no keychain then) still opens, and is encrypted at once", async () => {
    const dir = tempDir();
    const before = withoutKeychain(dir);
    expect(before.status().copyEncrypted).toBe(false);
    await download(before);
    // What the window says at download on such a computer is what is on disk: the names, unencrypted.
    expect(copyNote(false)).toMatch(/kept unencrypted/);
    expect(fs.readFileSync(path.join(dir, "review.json"), "utf8")).toContain(STORY);

    const after = withKeychain(dir);
    expect(names(after)).toContain(STORY);
    expect(after.status()).toMatchObject({ copyEncrypted: true, copy: { owner: "volunteer" } });
    expect(fs.existsSync(path.join(dir, "review.json"))).toBe(false);
    expect(onDisk(dir)).not.toContain(STORY);
    expect(copyNote(true)).toBe(
      "The copy holds the names and stories waiting for review (never email addresses). It is kept encrypted on this computer, and it is removed when you sign out.",
    );
  });

  it("sign-out removes the encrypted copy", async () => {
    const dir = tempDir();
    const service = withKeychain(dir);
    await download(service);
    expect(fs.existsSync(path.join(dir, "review.sealed"))).toBe(true);
    expect(await service.signOut({ discardUnsent: true })).toEqual({ ok: true, value: null });
    expect(fs.readdirSync(dir).filter((name) => name.startsWith("review"))).toEqual([]);
  });
});
