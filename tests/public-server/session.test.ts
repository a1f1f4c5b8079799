import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { createServer } from "../../public-server/app";
import { loadConfig, type ServerConfig } from "../../public-server/config";
import { ADMIN, count, errorBody, sessionRows, signedIn, sql, USER } from "./fixtures";

const run = promisify(execFile);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.createUser(ADMIN.username, ADMIN.password, "admin");
  await server.createUser(USER.username, USER.password, "user");
});
afterAll(() => server.stop());

/** The raw Set-Cookie lines of an answer. */
const setCookies = (res: Response) => res.headers.getSetCookie();
const sessionCookie = (res: Response) => setCookies(res).find((c) => c.startsWith("garden.sid="));

/** Starts the app on a data folder this test owns (so it survives a restart). */
async function startOn(dataDir: string, overrides: Partial<ServerConfig> = {}) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }, { webDir: path.join(ROOT, "dist/web"), ...overrides });
  const parts = await createServer(config);
  const http = await new Promise<Server>((resolve) => {
    const s = parts.app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    config,
    async stop() {
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
      await parts.close();
    },
  };
}

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-session-"));
  fs.copyFileSync(path.join(ROOT, "data/site.json"), path.join(dir, "site.json"));
  return dir;
};

describe("POST /api/login", () => {
  it("answers the user and sets an HttpOnly, SameSite=Lax session cookie, not Secure over plain HTTP", async () => {
    const c = new Client(server.url);
    const res = await c.post("/api/login", ADMIN);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ id: expect.any(Number), username: "admin", role: "admin", expectedImportCount: 823 });
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/;\s*secure/i);
    expect(setCookies(res).some((l) => l.startsWith("garden.sid.sig="))).toBe(true);
  });

  it("keeps the session in the sessions file: the cookie holds only a random id", async () => {
    const c = new Client(server.url);
    await c.login(ADMIN.username, ADMIN.password);
    const id = c.cookie("garden.sid")!;
    expect(id).not.toMatch(/userId|admin/);
    expect(() => JSON.parse(Buffer.from(id, "base64").toString())).toThrow();
    const rows = sessionRows(server, "id = ?", id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.data).userId).toEqual(expect.any(Number));
    expect(rows[0]!.expires_at).toBeGreaterThan(Date.now());
  });

  it("gives a new session id at each sign-in; the old id no longer works", async () => {
    const c = new Client(server.url);
    await c.login(ADMIN.username, ADMIN.password);
    const first = { sid: c.cookie("garden.sid")!, sig: c.cookie("garden.sid.sig")! };
    await c.login(ADMIN.username, ADMIN.password);
    expect(c.cookie("garden.sid")).not.toBe(first.sid);
    expect((await c.get("/api/user")).status).toBe(200);
    const stale = await fetch(`${server.url}/api/user`, { headers: { Cookie: `garden.sid=${first.sid}; garden.sid.sig=${first.sig}` } });
    expect(stale.status).toBe(401);
    expect(sessionRows(server, "id = ?", first.sid).length).toBe(0);
  });

  it("a session id planted before sign-in is replaced", async () => {
    const planted = "planted-session-id";
    const c = new Client(server.url);
    const res = await c.post("/api/login", ADMIN, { Cookie: `garden.sid=${planted}` });
    expect(res.status).toBe(200);
    expect(c.cookie("garden.sid")).not.toBe(planted);
    expect(sessionRows(server, "id = ?", planted).length).toBe(0);
  });

  it("refuses a tampered cookie (bad signature)", async () => {
    const c = new Client(server.url);
    await c.login(ADMIN.username, ADMIN.password);
    const res = await fetch(`${server.url}/api/user`, { headers: { Cookie: `garden.sid=${c.cookie("garden.sid")}; garden.sid.sig=forged` } });
    expect(res.status).toBe(401);
  });

  it.each([
    [{ password: "x" }, "Username is required"],
    [{ username: "  ", password: "x" }, "Username is required"],
    [{ username: "admin" }, "Password is required"],
    [{ username: "admin", password: "" }, "Password is required"],
  ])("answers 400 %j → %s", async (body, message) => {
    const res = await new Client(server.url).post("/api/login", body);
    expect(res.status).toBe(400);
    expect((await errorBody(res)).message).toBe(message);
  });

  it("answers 401 'Invalid username or password' for a wrong password or an unknown user, and sets no session", async () => {
    for (const body of [
      { username: "admin", password: "wrong password" },
      { username: "nobody", password: "whatever" },
    ]) {
      const res = await new Client(server.url).post("/api/login", body);
      expect(res.status).toBe(401);
      expect((await errorBody(res)).message).toBe("Invalid username or password");
      expect(sessionCookie(res)).toBeUndefined();
    }
  });
});

describe("POST /api/logout and GET /api/user", () => {
  it("deletes the session row, clears the cookie, and the old cookie is worth nothing", async () => {
    const c = await signedIn(server, USER, "user");
    const sid = c.cookie("garden.sid")!;
    const sig = c.cookie("garden.sid.sig")!;
    expect(await json(await c.get("/api/user"))).toMatchObject({ username: USER.username, role: "user" });
    expect(sessionRows(server, "id = ?", sid).length).toBe(1);
    const res = await c.post("/api/logout");
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe("You have been logged out successfully");
    expect(sessionRows(server, "id = ?", sid).length).toBe(0);
    expect(c.cookie("garden.sid")).toBeUndefined();
    const replay = await fetch(`${server.url}/api/user`, { headers: { Cookie: `garden.sid=${sid}; garden.sid.sig=${sig}` } });
    expect(replay.status).toBe(401);
    await errorBody(replay);
  });

  it("logout when signed out is harmless", async () => {
    expect((await new Client(server.url).post("/api/logout")).status).toBe(200);
  });
});

describe("Secure cookie behind a trusted proxy", () => {
  it("is Secure when TRUST_PROXY=1 and X-Forwarded-Proto is https; not when the proxy is not trusted", async () => {
    const trusted = await startTestServer({ trustProxy: 1 });
    try {
      await trusted.createUser(ADMIN.username, ADMIN.password);
      const https = await fetch(`${trusted.url}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-Proto": "https" },
        body: JSON.stringify(ADMIN),
      });
      expect(https.status).toBe(200);
      expect(sessionCookie(https)).toMatch(/;\s*secure/i);
      const plain = await fetch(`${trusted.url}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(ADMIN) });
      expect(sessionCookie(plain)).not.toMatch(/;\s*secure/i);
    } finally {
      await trusted.stop();
    }
    const untrusted = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-Proto": "https" },
      body: JSON.stringify(ADMIN),
    });
    expect(untrusted.status).toBe(200);
    expect(sessionCookie(untrusted)).not.toMatch(/;\s*secure/i);
  });
});

describe("the signing secret", () => {
  it("is generated once into data/.session-secret when SESSION_SECRET is unset, and reused after a restart", async () => {
    const dir = tempDir();
    try {
      const first = await startOn(dir);
      expect(first.config.sessionSecret).toBeUndefined();
      const file = path.join(dir, ".session-secret");
      const secret = fs.readFileSync(file, "utf8");
      expect(secret.trim().length).toBeGreaterThanOrEqual(32);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      await startOnUser(first.url, dir);
      const c = new Client(first.url);
      await c.login(ADMIN.username, ADMIN.password);
      const cookies = `garden.sid=${c.cookie("garden.sid")}; garden.sid.sig=${c.cookie("garden.sid.sig")}`;
      await first.stop();

      const second = await startOn(dir);
      expect(fs.readFileSync(file, "utf8")).toBe(secret);
      const res = await fetch(`${second.url}/api/user`, { headers: { Cookie: cookies } });
      expect(res.status).toBe(200); // same secret: the signed cookie still verifies, the session row is still there
      await second.stop();

      // With SESSION_SECRET set, the file is not used: the old signature no longer verifies.
      const third = await startOn(dir, { sessionSecret: "another secret entirely, set by the operator" });
      expect((await fetch(`${third.url}/api/user`, { headers: { Cookie: cookies } })).status).toBe(401);
      await third.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Makes the admin account on a running app's database through the CLI's own command. */
async function startOnUser(_url: string, dir: string) {
  await run(process.execPath, ["--import", "tsx", "public-server/cli.ts", "create", ADMIN.username], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir, ADMIN_PASSWORD: ADMIN.password },
  });
}

describe("POST /api/register", () => {
  it("answers 403 'Registration is closed' by default and makes nothing", async () => {
    const before = count(server, "users");
    const res = await new Client(server.url).post("/api/register", { username: "newperson", password: "long enough password" });
    expect(res.status).toBe(403);
    expect((await errorBody(res)).message).toBe("Registration is closed");
    expect(count(server, "users")).toBe(before);
  });

  it("when open, makes role user only (even when asked for admin), signs in, refuses a taken name", async () => {
    const open = await startTestServer({ registrationOpen: true });
    try {
      const c = new Client(open.url);
      const res = await c.post("/api/register", { username: "newperson", password: "long enough password", role: "admin" });
      expect(res.status).toBe(201);
      expect(await json(res)).toEqual({ id: expect.any(Number), username: "newperson", role: "user" });
      expect(sql(open, "SELECT role FROM users WHERE username = 'newperson'")).toEqual([{ role: "user" }]);
      expect(await json(await c.get("/api/user"))).toMatchObject({ username: "newperson", role: "user" });
      expect((await c.get("/api/admin/testimonials")).status).toBe(403);
      const taken = await new Client(open.url).post("/api/register", { username: "NewPerson", password: "long enough password" });
      expect(taken.status).toBe(409);
      await errorBody(taken);
      const short = await new Client(open.url).post("/api/register", { username: "ab", password: "long enough password" });
      expect(short.status).toBe(400);
      expect((await errorBody(short)).message).toBe("Username must be at least 3 characters");
      const weak = await new Client(open.url).post("/api/register", { username: "abcdef", password: "short" });
      expect((await errorBody(weak)).message).toBe("Password must be at least 12 characters");
      // Passwords are stored as scrypt hashes, never as given.
      const [row] = sql<{ password_hash: string }>(open, "SELECT password_hash FROM users WHERE username = 'newperson'");
      expect(row!.password_hash).toMatch(/^scrypt\$/);
      expect(row!.password_hash).not.toContain("long enough password");
    } finally {
      await open.stop();
    }
  });
});

describe("making administrators", () => {
  it("the CLI makes an admin from ADMIN_PASSWORD, and --role user a plain user", async () => {
    const dir = tempDir();
    try {
      const env = { ...process.env, DATA_DIR: dir, ADMIN_PASSWORD: "cli password one" };
      const made = await run(process.execPath, ["--import", "tsx", "public-server/cli.ts", "create", "alice"], { cwd: ROOT, env });
      expect(made.stdout).toMatch(/Created admin account "alice"/);
      const user = await run(process.execPath, ["--import", "tsx", "public-server/cli.ts", "create", "bob", "--role", "user"], { cwd: ROOT, env });
      expect(user.stdout).toMatch(/Created user account "bob"/);
      const listed = await run(process.execPath, ["--import", "tsx", "public-server/cli.ts", "list"], { cwd: ROOT, env });
      expect(listed.stdout).toMatch(/alice\tadmin/);
      expect(listed.stdout).toMatch(/bob\tuser/);
      // DATABASE_PATH is honoured as well.
      const other = path.join(dir, "elsewhere.sqlite");
      await run(process.execPath, ["--import", "tsx", "public-server/cli.ts", "create", "carol"], { cwd: ROOT, env: { ...env, DATABASE_PATH: other } });
      expect(fs.existsSync(other)).toBe(true);
      // A bad role is refused with the usage text.
      await expect(
        run(process.execPath, ["--import", "tsx", "public-server/cli.ts", "create", "dave", "--role", "owner"], { cwd: ROOT, env }),
      ).rejects.toMatchObject({ code: 2 });

      const app = await startOn(dir);
      try {
        const alice = new Client(app.url);
        await alice.login("alice", "cli password one");
        expect((await alice.get("/api/admin/testimonials?status=pending")).status).toBe(200);
        const bob = new Client(app.url);
        await bob.login("bob", "cli password one");
        expect((await bob.get("/api/admin/testimonials")).status).toBe(403);
      } finally {
        await app.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  const builtCli = path.join(ROOT, "dist/server/cli.js");
  it.runIf(fs.existsSync(builtCli))("the built CLI (npm run admin) makes an admin too", async () => {
    const dir = tempDir();
    try {
      const env = { ...process.env, DATA_DIR: dir, ADMIN_PASSWORD: "built cli password" };
      const made = await run("npm", ["run", "--silent", "admin", "--", "create", "erin"], { cwd: ROOT, env });
      expect(made.stdout).toMatch(/Created admin account "erin"/);
      const app = await startOn(dir);
      try {
        const erin = new Client(app.url);
        await erin.login("erin", "built cli password");
        expect(await json(await erin.get("/api/user"))).toMatchObject({ username: "erin", role: "admin" });
      } finally {
        await app.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("ADMIN_USERNAME and ADMIN_PASSWORD make an admin at start only while the database has none", async () => {
    const dir = tempDir();
    try {
      const first = await startOn(dir, { adminUsername: "firstadmin", adminPassword: "first admin password" });
      const c = new Client(first.url);
      await c.login("firstadmin", "first admin password");
      expect(await json(await c.get("/api/user"))).toMatchObject({ role: "admin" });
      await first.stop();

      const second = await startOn(dir, { adminUsername: "secondadmin", adminPassword: "second admin password" });
      const res = await new Client(second.url).post("/api/login", { username: "secondadmin", password: "second admin password" });
      expect(res.status).toBe(401);
      await second.stop();

      const third = await startOn(dir, { adminUsername: "firstadmin", adminPassword: "a changed password" });
      // An existing admin's password is not reset from the environment either.
      expect((await new Client(third.url).post("/api/login", { username: "firstadmin", password: "a changed password" })).status).toBe(401);
      await third.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("only one of the two settings makes nothing", async () => {
    const s = await startTestServer({ adminUsername: "lonely" });
    try {
      expect(count(s, "users")).toBe(0);
    } finally {
      await s.stop();
    }
  });
});
