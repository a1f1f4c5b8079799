/** The remembered session (safeStorage rules) and the atomic files under the data folder. */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { canEncrypt, SessionVault } from "../../admin-desktop/main/session";
import { DesktopService } from "../../admin-desktop/main/service";
import { Outbox } from "../../admin-desktop/main/outbox/outbox";
import { readJson, writeJsonAtomic } from "../../admin-desktop/main/store/atomicFile";
import { startTestServer, type TestServer } from "../support/testServer";
import { tempDir, testEncryptor } from "./support";

describe("canEncrypt", () => {
  it.each([
    ["linux", true, "gnome_libsecret", true],
    ["linux", true, "kwallet5", true],
    ["linux", true, "basic_text", false],
    ["linux", true, "unknown", false],
    ["linux", false, "gnome_libsecret", false],
    ["darwin", true, "unknown", true],
    ["win32", true, "basic_text", true],
    ["win32", false, "unknown", false],
  ] as const)("%s, available %s, backend %s → %s", (platform, available, backend, expected) => {
    expect(canEncrypt(testEncryptor({ available, backend }), platform)).toBe(expected);
  });

  it("a throwing encryptor counts as none", () => {
    const broken = {
      ...testEncryptor(),
      isEncryptionAvailable: () => {
        throw new Error("not ready");
      },
    };
    expect(canEncrypt(broken, "darwin")).toBe(false);
  });
});

describe("SessionVault", () => {
  const session = { serverUrl: "https://garden.example.org", username: "volunteer", cookie: "garden.sid=abc; garden.sid.sig=def" };

  it("stores nothing with the basic_text backend", () => {
    const dir = tempDir();
    const vault = new SessionVault(dir, testEncryptor({ backend: "basic_text" }), "linux");
    expect(vault.save(session)).toBe(false);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(vault.load()).toBeNull();
  });

  it("stores the session encrypted with a real backend, and forgets it on clear", () => {
    const dir = tempDir();
    const vault = new SessionVault(dir, testEncryptor({ backend: "gnome_libsecret" }), "linux");
    expect(vault.save(session)).toBe(true);
    const raw = fs.readFileSync(path.join(dir, "session.bin"));
    expect(raw.toString("latin1")).not.toContain("garden.sid");
    expect(vault.load()).toEqual(session);
    vault.clear();
    expect(vault.load()).toBeNull();
    expect(fs.existsSync(path.join(dir, "session.bin"))).toBe(false);
  });

  it("drops a stored session when the backend later turns out to be basic_text", () => {
    const dir = tempDir();
    new SessionVault(dir, testEncryptor({ backend: "kwallet5" }), "linux").save(session);
    const later = new SessionVault(dir, testEncryptor({ backend: "basic_text" }), "linux");
    expect(later.load()).toBeNull();
    expect(fs.existsSync(path.join(dir, "session.bin"))).toBe(false);
  });

  it("an unreadable file (other key, corrupt) is dropped, not trusted", () => {
    const dir = tempDir();
    new SessionVault(dir, testEncryptor(), "linux").save(session);
    expect(new SessionVault(dir, testEncryptor(), "linux").load()).toBeNull();
  });
});

describe("sign-in on a system without real encryption", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.createUser("volunteer", "correct horse battery");
  });
  afterAll(() => server?.stop());

  it("signs in but remembers nothing, even when asked to", async () => {
    const dir = tempDir();
    const service = new DesktopService({ dataDir: dir, encryptor: testEncryptor({ backend: "basic_text" }), platform: "linux" });
    expect(service.status().canRemember).toBe(false);
    const res = await service.signIn({ serverUrl: server.url, username: "volunteer", password: "correct horse battery", remember: true });
    expect(res.ok).toBe(true);
    expect(service.status()).toMatchObject({ user: { username: "volunteer" }, remembered: false });
    expect(fs.existsSync(path.join(dir, "session.bin"))).toBe(false);
    const files = fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
      .join("\n");
    expect(files).not.toContain("garden.sid");
  });
});

describe("atomic files", () => {
  it("a crash mid-write (a stray temp file, even a torn one) leaves the last good outbox readable", () => {
    const dir = tempDir();
    const outbox = new Outbox(dir);
    outbox.enqueue({
      server: "https://garden.example.org",
      owner: "volunteer",
      kind: "testimonial",
      itemId: 1,
      version: 1,
      action: "approve",
      label: "Testimonial by A.",
    });
    // What a crash between "write temp" and "rename" leaves behind: a half-written temp file.
    fs.writeFileSync(path.join(dir, ".outbox.json.0000.tmp"), '{"format":1,"items":[{"id":');
    const reopened = new Outbox(dir);
    expect(reopened.list()).toHaveLength(1);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("writes whole files and never leaves a temp behind", () => {
    const dir = tempDir();
    const file = path.join(dir, "x.json");
    for (let i = 0; i < 20; i += 1) writeJsonAtomic(file, { i, pad: "x".repeat(1000 * i) });
    expect(readJson(file, z.object({ i: z.number(), pad: z.string() }).nullable(), null)).toMatchObject({ i: 19 });
    expect(fs.readdirSync(dir)).toEqual(["x.json"]);
  });

  it("a corrupt outbox is an error, never silently emptied", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "outbox.json"), "{ not json");
    expect(() => new Outbox(dir)).toThrow();
  });
});
