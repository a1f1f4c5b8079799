import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT, startTestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { ADMIN, sessionRows, signedIn, USER } from "./fixtures";
import { cleanupAfterAll } from "../support/cleanup";

/** Sessions: an absolute end, ending them all (password change, "Sign out everywhere"), and the __Host- cookie. */

const run = promisify(execFile);
const { cleanups } = cleanupAfterAll();
async function start(overrides: Parameters<typeof startTestServer>[0] = {}) {
  const s = await startTestServer(overrides);
  cleanups.push(s.stop);
  return s;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("absolute session lifetime", () => {
  it("a session kept busy (and so renewed) still ends SESSION_ABSOLUTE_DAYS after sign-in", { timeout: 60_000 }, async () => {
    const s = await start({ sessionMaxAgeMs: 2_000, sessionAbsoluteMs: 6_000 });
    const c = await signedIn(s);
    const signedInAt = Date.now();
    let lastOk = 0;
    // Busy every 400 ms: renewal alone would keep this session going for ever.
    while (Date.now() - signedInAt < 9_000) {
      const res = await c.get("/api/user");
      if (res.status === 200) lastOk = Date.now() - signedInAt;
      else break;
      await sleep(400);
    }
    console.log(`absolute lifetime 6 s (renewal every 1-2 s): last answer 200 at ${lastOk} ms after sign-in`);
    expect(lastOk).toBeGreaterThan(2_500); // renewal did carry it past its 2 s max age…
    expect(lastOk).toBeLessThan(6_500); // …but not past the absolute end
    expect((await c.get("/api/user")).status).toBe(401);
  });

  it("defaults to 7 days, set by SESSION_ABSOLUTE_DAYS", async () => {
    const { loadConfig } = await import("../../public-server/config");
    expect(loadConfig({}).sessionAbsoluteMs).toBe(7 * 86_400_000);
    expect(loadConfig({ SESSION_ABSOLUTE_DAYS: "2" }).sessionAbsoluteMs).toBe(2 * 86_400_000);
  });
});

describe("ending every session of an account", () => {
  it("POST /api/logout-everywhere ends all of the account's sessions, and no one else's", async () => {
    const s = await start();
    const browsers = [await signedIn(s), await signedIn(s), await signedIn(s)];
    const other = await signedIn(s, USER, "user");
    const res = await browsers[0]!.post("/api/logout-everywhere");
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ message: "You have been signed out everywhere.", endedSessions: 3 });
    for (const b of browsers) expect((await b.get("/api/user")).status).toBe(401);
    expect((await other.get("/api/user")).status).toBe(200);
    expect((await new Client(s.url).post("/api/logout-everywhere")).status).toBe(401);
  });

  it("npm run admin -- passwd NAME sets a new password and ends that account's sessions", { timeout: 120_000 }, async () => {
    const s = await start();
    const a = await signedIn(s);
    const b = await signedIn(s);
    const other = await signedIn(s, USER, "user");
    const before = sessionRows(s).length;
    const { stdout } = await run(process.execPath, ["--import", "tsx", "public-server/cli.ts", "passwd", ADMIN.username], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: s.dataDir, ADMIN_PASSWORD: "a brand new admin passphrase" },
    });
    expect(stdout).toMatch(/Changed the password of "admin" and ended 2 sessions/);
    expect(sessionRows(s).length).toBe(before - 2);
    expect((await a.get("/api/user")).status).toBe(401);
    expect((await b.get("/api/user")).status).toBe(401);
    expect((await other.get("/api/user")).status).toBe(200);
    expect((await new Client(s.url).post("/api/login", ADMIN)).status).toBe(401);
    expect((await new Client(s.url).post("/api/login", { username: ADMIN.username, password: "a brand new admin passphrase" })).status).toBe(200);
    // A weak new password is refused with the rule's sentence, and an unknown account is named.
    await expect(
      run(process.execPath, ["--import", "tsx", "public-server/cli.ts", "passwd", ADMIN.username], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: s.dataDir, ADMIN_PASSWORD: "too short" },
      }),
    ).rejects.toMatchObject({ stderr: expect.stringMatching(/at least 12 characters/) });
    await expect(
      run(process.execPath, ["--import", "tsx", "public-server/cli.ts", "passwd", "nobody-here"], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: s.dataDir, ADMIN_PASSWORD: "a brand new admin passphrase" },
      }),
    ).rejects.toMatchObject({ stderr: expect.stringMatching(/no account named "nobody-here"/) });
  });
});

describe("the __Host- cookie", () => {
  it("over TLS through a trusted proxy the session cookie is __Host-garden.sid: Secure, Path=/, no Domain; it works, and sign-out clears it", async () => {
    const s = await start({ trustProxy: 1 });
    await s.createUser(ADMIN.username, ADMIN.password);
    const https = new Client(s.url, { "X-Forwarded-Proto": "https" });
    const res = await https.post("/api/login", ADMIN);
    expect(res.status).toBe(200);
    const lines = res.headers.getSetCookie();
    const session = lines.find((l) => l.startsWith("__Host-garden.sid="))!;
    expect(session, lines.join("\n")).toBeDefined();
    expect(session).toMatch(/;\s*secure/i);
    expect(session).toMatch(/;\s*path=\/(;|$)/i);
    expect(session).toMatch(/;\s*httponly/i);
    expect(session).not.toMatch(/domain=/i);
    expect(lines.find((l) => l.startsWith("__Host-garden.sid.sig="))).toMatch(/;\s*secure/i);
    expect(await json(await https.get("/api/user"))).toMatchObject({ username: "admin" });

    const out = await https.post("/api/logout");
    expect(out.headers.getSetCookie().some((l) => /^__Host-garden\.sid=;/.test(l) && /expires=Thu, 01 Jan 1970/i.test(l))).toBe(true);
    expect((await https.get("/api/user")).status).toBe(401);

    // Plain HTTP (development, loopback): the plain name, not Secure.
    const plain = await new Client(s.url).post("/api/login", ADMIN);
    const plainCookie = plain.headers.getSetCookie().find((l) => l.startsWith("garden.sid="))!;
    expect(plainCookie).toBeDefined();
    expect(plainCookie).not.toMatch(/;\s*secure/i);
  });
});
