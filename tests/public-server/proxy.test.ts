/**
 * The server behind a real reverse proxy: Debian's Caddy with `tls internal`
 * on random loopback ports, its admin endpoint off, its certificates and
 * state in a temporary HOME. Where Caddy is missing the Caddy tests print
 * one line and are skipped.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import net from "node:net";
import { freePort } from "../support/freePort";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, proxyExposureWarning } from "../../public-server/config";
import { ROOT, startTestServer, type TestServer } from "../support/testServer";
import { ADMIN, sql, testimonialInput } from "./fixtures";
import { Client } from "../support/client";
import { fakeGarden } from "../support/fakeGarden";
import { checkBulk } from "../../shared/csv/flexible";
import { BULK_BODY_LIMIT } from "../../shared/constants";
import { PROXY_COULD_NOT_PASS, PROXY_TOO_LARGE } from "../../shared/messages";
import { ApiError } from "../../public-web/lib/api";
import { bulkMessageFor } from "../../public-web/lib/bulkMessages";

describe("HOST when TRUST_PROXY is set", () => {
  it("defaults to 127.0.0.1 behind a proxy, and to 0.0.0.0 without one; an explicit HOST wins", () => {
    expect(loadConfig({}).host).toBe("0.0.0.0");
    expect(loadConfig({ TRUST_PROXY: "0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ TRUST_PROXY: "1" }).host).toBe("127.0.0.1");
    expect(loadConfig({ TRUST_PROXY: "2", HOST: "" }).host).toBe("127.0.0.1");
    expect(loadConfig({ TRUST_PROXY: "1", HOST: "10.0.0.5" }).host).toBe("10.0.0.5");
  });

  it("warns at start when a trusted proxy's headers could be sent by anyone", () => {
    expect(proxyExposureWarning({ host: "127.0.0.1", port: 5000, trustProxy: 1 })).toBeNull();
    expect(proxyExposureWarning({ host: "0.0.0.0", port: 5000, trustProxy: 0 })).toBeNull();
    expect(proxyExposureWarning({ host: "0.0.0.0", port: 5000, trustProxy: 1 })).toMatch(/HOST=127\.0\.0\.1/);
  });

  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child!.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("the built server started with TRUST_PROXY=1 and no HOST takes connections on 127.0.0.1 only", async () => {
    // The built server (npm test builds first) starts in a moment even on a busy machine.
    const main = path.join(ROOT, "dist/server/main.js");
    expect(fs.existsSync(main), "run npm run build first").toBe(true);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-proxy-"));
    fs.copyFileSync(path.join(ROOT, "data/site.json"), path.join(dataDir, "site.json"));
    const port = await freePort();
    const { HOST: _host, ...env } = process.env;
    child = spawn(process.execPath, [main], {
      cwd: ROOT,
      env: { ...env, TRUST_PROXY: "1", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "info", WEB_DIR: path.join(ROOT, "dist/web") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    const started = Date.now();
    while (!/"event":"listening"/.test(out)) {
      if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
      if (Date.now() - started > 60_000) throw new Error(`server did not start: ${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(out).not.toContain("proxy_exposed");
    expect(await canConnect("127.0.0.1", port)).toBe(true);
    // Another loopback address reaches a server bound to 0.0.0.0, but not one bound to 127.0.0.1.
    expect(await canConnect("127.0.0.2", port)).toBe(false);
  }, 90_000);
});

const CADDY = process.env.CADDY_PATH ?? "/usr/bin/caddy";
const haveCaddy = fs.existsSync(CADDY);
if (!haveCaddy) console.log(`Reverse-proxy tests skipped: no Caddy at ${CADDY} (Debian: apt-get install caddy, or set CADDY_PATH)`);

describe.skipIf(!haveCaddy)("behind Caddy with tls internal", () => {
  let server: TestServer;
  let caddy: ChildProcess | undefined;
  let caddyOut = "";
  let home: string;
  let httpsPort: number;
  let ca: Buffer;

  beforeAll(async () => {
    server = await startTestServer({ trustProxy: 1, submissionsPerHour: 2 });
    await server.createUser(ADMIN.username, ADMIN.password, "admin");
    home = fs.mkdtempSync(path.join(os.tmpdir(), "garden-caddy-"));
    httpsPort = await freePort();
    const httpPort = await freePort();
    const caddyfile = path.join(home, "Caddyfile");
    // The documented site block (deploy/Caddyfile: its body limit and proxying), on loopback ports with Caddy's own certificate.
    const documented = fs.readFileSync(path.join(ROOT, "deploy/Caddyfile"), "utf8");
    const site = documented
      .replace(/^garden\.example\.org \{$/m, `https://localhost:${httpsPort} {\n  bind 127.0.0.1\n  tls internal`)
      .replace(/^(\s*)reverse_proxy 127\.0\.0\.1:5000$/m, `$1reverse_proxy ${new URL(server.url).host}`);
    expect(site).toContain(`https://localhost:${httpsPort} {`);
    expect(site).toContain(`reverse_proxy ${new URL(server.url).host}`);
    fs.writeFileSync(
      caddyfile,
      [
        "{",
        "  admin off",
        `  http_port ${httpPort}`,
        `  https_port ${httpsPort}`,
        "  auto_https disable_redirects",
        "  skip_install_trust",
        `  storage file_system ${path.join(home, "storage")}`,
        "}",
        site,
      ].join("\n"),
    );
    caddy = spawn(CADDY, ["run", "--config", caddyfile, "--adapter", "caddyfile"], {
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, XDG_DATA_HOME: path.join(home, "data"), XDG_CONFIG_HOME: path.join(home, "config") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    caddy.stdout!.on("data", (d) => (caddyOut += d));
    caddy.stderr!.on("data", (d) => (caddyOut += d));
    const rootCert = path.join(home, "storage", "pki", "authorities", "local", "root.crt");
    const started = Date.now();
    for (;;) {
      if (caddy.exitCode !== null) throw new Error(`Caddy stopped: ${caddyOut}`);
      if (fs.existsSync(rootCert) && (await canConnect("127.0.0.1", httpsPort))) {
        ca = fs.readFileSync(rootCert);
        try {
          if ((await viaCaddy("GET", "/api/health")).status > 0) break;
        } catch {
          // The certificate for localhost may not be ready yet.
        }
      }
      if (Date.now() - started > 30_000) throw new Error(`Caddy did not start: ${caddyOut}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((r) => caddy!.once("exit", r));
      caddy.kill("SIGTERM");
      await exited;
    }
    await server?.stop();
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  interface Answer {
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }

  /** One HTTPS request to Caddy, trusting only Caddy's own root, from a chosen loopback address. */
  function viaCaddy(method: string, pathname: string, options: { body?: unknown; headers?: Record<string, string>; from?: string } = {}): Promise<Answer> {
    // A string goes as it is (a CSV file, with its Content-Type in `headers`); anything else as JSON.
    const body = options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: "127.0.0.1",
          port: httpsPort,
          servername: "localhost",
          localAddress: options.from ?? "127.0.0.1",
          method,
          path: pathname,
          ca,
          agent: false,
          headers: {
            Host: `localhost:${httpsPort}`,
            ...(body !== undefined ? { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) } : {}),
            ...options.headers,
          },
        },
        (res) => {
          answer = { status: res.statusCode ?? 0, headers: res.headers, body: "" };
          res.setEncoding("utf8");
          res.on("data", (d) => (answer!.body += d));
          res.on("end", () => resolve(answer!));
        },
      );
      // A proxy may answer a body it refuses before it has all of it, and close: that answer is the one to see.
      let answer: Answer | undefined;
      req.on("error", (err) => (answer ? resolve(answer) : reject(err)));
      req.end(body);
    });
  }

  it("sends HSTS over HTTPS through the proxy, and never on plain HTTP to the server itself", async () => {
    const page = await viaCaddy("GET", "/");
    expect(page.status).toBe(200);
    expect(page.headers["strict-transport-security"]).toBe("max-age=31536000");
    const direct = await fetch(server.url + "/");
    expect(direct.headers.get("strict-transport-security")).toBeNull();
  });

  it("sets the session cookie Secure, HttpOnly, SameSite=Lax, Path=/ and without Domain, and it signs in", async () => {
    const login = await viaCaddy("POST", "/api/login", { body: ADMIN });
    expect(login.status).toBe(200);
    const cookies = (login.headers["set-cookie"] ?? []) as string[];
    const session = cookies.find((c) => /^(__Host-)?garden\.sid=/.test(c));
    expect(session, cookies.join("\n")).toBeDefined();
    const attributes = session!.split(";").map((a) => a.trim().toLowerCase());
    expect(attributes).toContain("secure");
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("path=/");
    expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);
    // Expected once the session work (issue 9 item 8) is merged: a Secure cookie carries the __Host- prefix,
    // which browsers accept only over HTTPS, with Path=/ and no Domain. Until then the plain name is accepted.
    if (!session!.startsWith("__Host-"))
      console.log("Session cookie is Secure but not yet named __Host-garden.sid (the prefix arrives with the session work).");
    const jar = cookies.map((c) => c.split(";")[0]).join("; ");
    const me = await viaCaddy("GET", "/api/user", { headers: { Cookie: jar } });
    expect(me.status).toBe(200);
    expect(me.body).toContain(ADMIN.username);
  });

  it("forbids framing of the admin and the API", async () => {
    for (const pathname of ["/admin", "/admin/login", "/api/memorial-flowers"]) {
      const res = await viaCaddy("GET", pathname);
      expect(res.headers["content-security-policy"], pathname).toContain("frame-ancestors 'none'");
      expect(res.headers["x-frame-options"], pathname).toBe("DENY");
    }
  });

  it("sees the client's own address through X-Forwarded-For, and ignores one the client made up", async () => {
    // Caddy connects to the server from 127.0.0.1 for everyone. The clients below come from 127.0.5.1 and
    // 127.0.6.1 and each claim another address; the limit (2 an hour here) follows the real addresses only.
    const post = (from: string, claimed: string) =>
      viaCaddy("POST", "/api/testimonials", { body: testimonialInput(), from, headers: { "X-Forwarded-For": claimed, "X-Real-IP": claimed } });
    expect((await post("127.0.5.1", "203.0.113.1")).status).toBe(201);
    expect((await post("127.0.5.1", "203.0.113.2")).status).toBe(201);
    const third = await post("127.0.5.1", "203.0.113.3, 198.51.100.4");
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body).message).toMatch(/many messages from your connection/);
    // A second client, even claiming to be the first one, has its own limit: the address the server
    // uses is the one Caddy saw, not Caddy's own 127.0.0.1 and not the header the client sent.
    expect((await post("127.0.6.1", "127.0.5.1")).status).toBe(201);
  });

  it("passes a whole garden's update through the documented Caddyfile: the CSV download sent back, and the same rows as JSON", async () => {
    // 100,000 flowers, uploaded straight to the server; then downloaded, edited and sent back through Caddy.
    const admin = new Client(server.url);
    await admin.login(ADMIN.username, ADMIN.password);
    const upload = await admin.post("/api/admin/memorial-flowers/bulk-upload", { flowers: fakeGarden(100_000, 21) });
    expect(upload.status).toBe(200);
    const login = await viaCaddy("POST", "/api/login", { body: ADMIN });
    const cookie = ((login.headers["set-cookie"] ?? []) as string[]).map((c) => c.split(";")[0]).join("; ");
    const download = await viaCaddy("GET", "/api/admin/memorial-flowers/export.csv", { headers: { Cookie: cookie } });
    expect(download.status).toBe(200);
    const lines = download.body.split("\r\n");
    expect(lines.length).toBeGreaterThan(100_000);
    const [first] = sql<{ id: number }>(server, "SELECT min(id) AS id FROM memorial_flowers");
    lines[1] = lines[1]!.replace(/^(\d+),[^,]*,/, "$1,Renamed,");
    const csv = lines.join("\r\n");
    const update = await viaCaddy("PUT", "/api/admin/memorial-flowers/bulk-update", { body: csv, headers: { Cookie: cookie, "Content-Type": "text/csv" } });
    expect(update.status, update.body).toBe(200);
    expect(JSON.parse(update.body).message).toBe("Successfully updated 100000 memorial flowers.");
    expect(sql(server, "SELECT baby_first_name FROM memorial_flowers WHERE id = ?", first!.id)).toEqual([{ baby_first_name: "Renamed" }]);
    // The same update as the JSON an API client sends: 12.7 MiB, which the former 12 MB limit refused.
    const checked = checkBulk(csv, "update");
    if (!checked.ok) throw new Error(checked.message);
    const json = JSON.stringify({ flowers: checked.entries.map(({ version: _version, ...row }) => row) });
    expect(json.length).toBeGreaterThan(12_000_000);
    const viaJson = await viaCaddy("PUT", "/api/admin/memorial-flowers/bulk-update", { body: json, headers: { Cookie: cookie } });
    expect(viaJson.status, viaJson.body).toBe(200);
  }, 180_000);

  it("refuses a body above the shared limit at the proxy, without the server's JSON: the apps explain that answer", async () => {
    const login = await viaCaddy("POST", "/api/login", { body: ADMIN });
    const cookie = ((login.headers["set-cookie"] ?? []) as string[]).map((c) => c.split(";")[0]).join("; ");
    const big = "ID,First Name,Flower Type\n" + "1,Anna,Lily\n".repeat(Math.ceil(BULK_BODY_LIMIT.bytes / 12) + 1000);
    const refused = await viaCaddy("PUT", "/api/admin/memorial-flowers/bulk-update", { body: big, headers: { Cookie: cookie, "Content-Type": "text/csv" } });
    // Debian's Caddy 2.6 answers 502 with an empty body when the limit cuts a body short (later versions answer 413).
    expect([413, 502]).toContain(refused.status);
    expect(refused.body).not.toMatch(/^\{/);
    // The web admin reads that answer (no JSON: no sentence of the server's) as the proxy's refusal, and says what to raise.
    const seen = new ApiError(refused.status, undefined, refused.body || String(refused.status));
    expect(bulkMessageFor(seen, "Failed to update memorial flowers.")).toBe(refused.status === 413 ? PROXY_TOO_LARGE : PROXY_COULD_NOT_PASS);
  }, 120_000);
});

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}
