/**
 * Before a password leaves the app, the address must prove to be a Garden of
 * Remembrance server (its /api/health answer carries the service's header).
 * Each wrong address is a real server on 127.0.0.1: a parish website (HTML),
 * an HTTPS server with a self-signed certificate made here with openssl, a
 * proxy answering 502 for its stopped server, and a port nothing listens on.
 * Each records what reached it, so "the password was not sent" is checked on
 * the wire.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { freePort } from "../support/freePort";
import { openDb } from "../public-server/fixtures";
import { DesktopService } from "../../admin-desktop/main/service";
import { SERVICE_HEADER, SERVICE_NAME } from "../../shared/constants";
import { tempDir, testEncryptor } from "./support";

const PASSWORD = "correct horse battery";
let garden: TestServer;
const opened: (http.Server | https.Server)[] = [];

/** What reached one of the stand-in servers: method, path and body of every request. */
type Seen = { method: string; url: string; body: string }[];

function listen(
  server: http.Server | https.Server,
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<{ port: number; seen: Seen }> {
  const seen: Seen = [];
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", body });
      answer(req, res);
    });
  });
  opened.push(server);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ port: (server.address() as AddressInfo).port, seen })));
}

const parishPage = (_req: http.IncomingMessage, res: http.ServerResponse) =>
  res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>St Mary's Parish</title><h1>Welcome</h1>");
// What nginx or Caddy answer when the server they pass requests to is stopped.
const badGateway = (_req: http.IncomingMessage, res: http.ServerResponse) =>
  res.writeHead(502, { "Content-Type": "text/html" }).end("<html><body><center><h1>502 Bad Gateway</h1></center></body></html>");
// Says it is a garden server, JSON and all: only its certificate is wrong.
const gardenLookalike = (_req: http.IncomingMessage, res: http.ServerResponse) =>
  res.writeHead(200, { "Content-Type": "application/json", [SERVICE_HEADER]: SERVICE_NAME }).end('{"status":"ok"}');

function open(dir = tempDir()): DesktopService {
  return new DesktopService({ dataDir: dir, encryptor: testEncryptor(), platform: "linux", fetch: globalThis.fetch });
}

const signIn = (service: DesktopService, serverUrl: string, extra: { plainHttpConfirmed?: boolean } = {}) =>
  service.signIn({ serverUrl, username: "volunteer", password: PASSWORD, remember: false, ...extra });

/** A self-signed certificate for 127.0.0.1, made now; null where openssl is missing. */
function selfSigned(): { key: string; cert: string } | null {
  // The system's openssl (not a package): where it is missing, the case is skipped and says so.
  const openssl = process.env.OPENSSL ?? "openssl";
  if (spawnSync(openssl, ["version"]).status !== 0) return null;
  const dir = tempDir("garden-cert-");
  const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  execFileSync(
    openssl,
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  return { key: fs.readFileSync(key, "utf8"), cert: fs.readFileSync(cert, "utf8") };
}

beforeAll(async () => {
  garden = await startTestServer();
  await garden.createUser("volunteer", PASSWORD);
});
afterAll(async () => {
  for (const s of opened) s.close();
  await garden?.stop();
});

describe("the server address is checked before any password is sent", () => {
  it("the garden server marks every health answer, a 503 too, so an unhealthy garden server is still recognised", async () => {
    const healthy = await fetch(`${garden.url}/api/health`);
    expect(healthy.headers.get(SERVICE_HEADER)).toBe(SERVICE_NAME);
    const db = openDb(garden);
    db.exec("BEGIN IMMEDIATE");
    try {
      const busy = await fetch(`${garden.url}/api/health`);
      expect(busy.status).toBe(503);
      expect(busy.headers.get(SERVICE_HEADER)).toBe(SERVICE_NAME);
      // For the status bar: a garden server that answers is online, even while it cannot save.
      expect(await open(tempDirWith(garden.url)).checkConnection()).toBe(true);
    } finally {
      db.exec("ROLLBACK");
      db.close();
    }
  });

  it("a parish website at the address: said so in one sentence, and the password never sent", async () => {
    const { port, seen } = await listen(http.createServer(), parishPage);
    const service = open();
    const res = await signIn(service, `http://127.0.0.1:${port}`);
    expect(res).toEqual({ ok: false, code: "not-garden", error: expect.stringMatching(/^This address answers, but not as a Garden of Remembrance server/) });
    expect(res.ok ? "" : res.error).not.toMatch(/<|DOCTYPE|Welcome/);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /api/health"]);
    expect(JSON.stringify(seen)).not.toContain(PASSWORD);
    expect(service.status()).toMatchObject({ user: null, online: false, problem: "not-garden" });
  });

  it("a proxy whose garden server is down: 'not running', not 'Bad Gateway'", async () => {
    const { port, seen } = await listen(http.createServer(), badGateway);
    const res = await signIn(open(), `http://127.0.0.1:${port}`);
    expect(res).toEqual({ ok: false, code: "server-down", error: expect.stringMatching(/the Garden of Remembrance server behind it is not running/) });
    expect(res.ok ? "" : res.error).not.toMatch(/Bad Gateway/);
    expect(seen.map((r) => r.url)).toEqual(["/api/health"]);
  });

  it("an HTTPS server whose certificate this computer does not trust: the certificate is named, not 'cannot be reached'", async (ctx) => {
    const pair = selfSigned();
    if (!pair) {
      console.log("openssl is not installed here: the untrusted-certificate case is skipped");
      ctx.skip();
      return;
    }
    const { port, seen } = await listen(https.createServer(pair), gardenLookalike);
    const service = open();
    const res = await signIn(service, `https://127.0.0.1:${port}`);
    expect(res).toEqual({ ok: false, code: "certificate", error: expect.stringMatching(/security certificate is not trusted by this computer/) });
    // The TLS handshake failed, so no request (let alone the password) reached it.
    expect(seen).toEqual([]);
    expect(service.status()).toMatchObject({ online: false, problem: "certificate" });
  });

  it("nothing listening: no connection", async () => {
    const res = await signIn(open(), `http://127.0.0.1:${await freePort()}`);
    expect(res).toEqual({ ok: false, code: "offline", error: "The server cannot be reached. Please check the connection and try again." });
  });

  it("the garden server itself: the sign-in goes through", async () => {
    const service = open();
    expect(await signIn(service, garden.url)).toEqual({ ok: true, value: { username: "volunteer" } });
    expect(service.status()).toMatchObject({ online: true, problem: null, user: { username: "volunteer" } });
  });

  it("plain http to another computer: a warning first, with nothing sent; signed in once the volunteer confirms", async () => {
    // parish-pc.local is the garden server on this computer, reached through a fetch that records every request.
    const sent: string[] = [];
    const lan: typeof fetch = (input, init) => {
      const url = new URL(String(input));
      sent.push(`${init?.method ?? "GET"} ${url.pathname}`);
      return fetch(`${garden.url}${url.pathname}${url.search}`, init);
    };
    const service = new DesktopService({ dataDir: tempDir(), encryptor: testEncryptor(), platform: "linux", fetch: lan });
    const first = await signIn(service, "http://parish-pc.local:5000");
    expect(first).toEqual({ ok: false, code: "plain-http", error: expect.stringMatching(/^This address starts with http:\/\/, so your password/) });
    expect(sent).toEqual([]);
    expect(await signIn(service, "http://parish-pc.local:5000", { plainHttpConfirmed: true })).toMatchObject({ ok: true });
    expect(sent).toEqual(["GET /api/health", "POST /api/login"]);
    // This computer itself: no warning.
    expect(await signIn(open(), garden.url.replace("127.0.0.1", "localhost"))).toMatchObject({ ok: true });
  });
});

/** A new data folder that already knows the server address (as after an earlier sign-in). */
function tempDirWith(serverUrl: string): string {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, "settings.json"), JSON.stringify({ serverUrl }));
  return dir;
}
