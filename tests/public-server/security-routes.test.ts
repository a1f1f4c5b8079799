import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type Router from "@koa/router";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client } from "../support/client";
import { createLogger } from "../../public-server/lib/log";
import { assistanceInput, flowerInput, liveFlower, signedIn, sql, testimonialInput, USER } from "./fixtures";

/**
 * Attacks on routing: every route of the router's own table, tried signed out
 * and as a plain user, spelled every odd way a lenient matcher might accept.
 * Never a 2xx (the guard was stepped around), never a 5xx, never a byte of
 * private data. Unknown HTTP methods answer 405/501 in JSON, without an
 * error in the log.
 */

let server: TestServer;
let logLines: string[];
let userCookie: string;
const PRIVATE = {
  askerLast: "Quillfeatherly",
  askerEmail: "quill.asker@private.example",
  askerPhone: "555-0142",
  askerComment: "Please phone after six, the twins sleep then",
  parentName: "Parentina Marrowby",
  parentEmail: "marrowby.parent@private.example",
  writerEmail: "writer.hidden@private.example",
};

beforeAll(async () => {
  logLines = [];
  // The real server, its log lines kept for the checks below.
  server = await startTestServer({ adminImportKey: "route-attack-key" });
  const log = createLogger("info", (line) => logLines.push(line));
  Object.assign(server.parts.services.log, log);
  const admin = await signedIn(server);
  const visitor = new Client(server.url);
  await visitor.post(
    "/api/assistance-requests",
    assistanceInput({ lastName: PRIVATE.askerLast, email: PRIVATE.askerEmail, phoneNumber: PRIVATE.askerPhone, comments: PRIVATE.askerComment }),
  );
  await liveFlower(server, admin, { parentName: PRIVATE.parentName, email: PRIVATE.parentEmail });
  await visitor.post("/api/memorial-flowers", flowerInput({ parentName: PRIVATE.parentName, email: PRIVATE.parentEmail }));
  await visitor.post("/api/testimonials", testimonialInput({ email: PRIVATE.writerEmail }));
  const user = await signedIn(server, USER, "user");
  userCookie = `garden.sid=${user.cookie("garden.sid")}; garden.sid.sig=${user.cookie("garden.sid.sig")}`;
});
afterAll(() => server.stop());

/** The API router, found in the running app's own middleware (the table @koa/router matches against). */
function apiRouter(): Router {
  const found = server.parts.app.middleware.find((m) => "router" in m) as unknown as { router: Router } | undefined;
  if (!found) throw new Error("no router in the app");
  return found.router;
}

/** Every route as [method, concrete path]; parameters become a real id. */
function routes(): [string, string][] {
  const [flower] = sql<{ id: number }>(server, "SELECT id FROM memorial_flowers ORDER BY id LIMIT 1");
  const out: [string, string][] = [];
  for (const layer of apiRouter().stack) {
    if (typeof layer.path !== "string") continue;
    for (const method of layer.methods) {
      if (method === "HEAD") continue;
      out.push([method, layer.path.replace(/:[A-Za-z]+/g, String(flower!.id))]);
    }
  }
  return out;
}

/** Odd spellings of `path`, each of which a lenient router or proxy might read as `path` itself. */
function spellings(path: string): string[] {
  const segments = path.split("/").slice(1);
  const join = (parts: string[]) => "/" + parts.join("/");
  const variants = new Set<string>();
  segments.forEach((segment, i) => {
    const at = (replacement: string) => join(segments.map((s, j) => (j === i ? replacement : s)));
    if (/[a-z]/.test(segment)) {
      variants.add(at(segment[0]!.toUpperCase() + segment.slice(1)));
      variants.add(at(segment.toUpperCase()));
      variants.add(at(`%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`)); // "%61dmin"
    }
    variants.add(at(`${segment};x`));
  });
  variants.add(path.replace("/api/", "/api//"));
  variants.add("/" + path);
  variants.add(path.replace("/api/", "/api/./"));
  variants.add(path.replace("/api/", "/api/x/../"));
  variants.add(path + "/");
  variants.add(path + "//");
  variants.add(path + ";x");
  variants.add(path + "/.");
  variants.add(path.replace(/\//g, "%2F").replace(/^%2F/, "/"));
  variants.add(path.replace("/api/", "/api%2F"));
  variants.delete(path);
  return [...variants];
}

/** A raw request: node's http client sends the path exactly as given (fetch would tidy it). */
function raw(method: string, path: string, cookie?: string): Promise<{ status: number; body: string; type: string }> {
  const { port } = new URL(server.url);
  const body = method === "GET" || method === "DELETE" ? undefined : "{}";
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body ? { "Content-Type": "application/json", "Content-Length": "2" } : {}) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, body: text, type: String(res.headers["content-type"] ?? "") }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("routing is exact", () => {
  it("every route of the table matches case-sensitively, and the table holds the admin routes", () => {
    const stack = apiRouter().stack;
    const loose = stack.filter((l) => l.regexp.flags.includes("i")).map((l) => `${l.methods.join(",")} ${String(l.path)}`);
    expect(loose).toEqual([]);
    expect(routes().filter(([, p]) => p.startsWith("/api/admin/")).length).toBeGreaterThanOrEqual(13);
  });

  it("no odd spelling of any route answers 2xx or 5xx, signed out or as a plain user, or shows private data", async () => {
    const table = routes();
    const failures: string[] = [];
    let tried = 0;
    for (const [method, path] of table) {
      const attempts = spellings(path).flatMap((p) => [
        [p, undefined],
        [p, userCookie],
      ]) as [string, string | undefined][];
      const answers = await Promise.all(attempts.map(([p, cookie]) => raw(method, p, cookie).then((r) => ({ p, cookie, r }))));
      for (const { p, cookie, r } of answers) {
        tried++;
        const who = cookie ? "user" : "anonymous";
        if (r.status < 300 || r.status >= 500) failures.push(`${method} ${p} (${who}) → ${r.status}`);
        for (const secret of Object.values(PRIVATE)) if (r.body.includes(secret)) failures.push(`${method} ${p} (${who}) showed "${secret}"`);
      }
    }
    console.log(`route attack: ${table.length} routes, ${tried} odd requests, ${failures.length} wrong answers`);
    expect(failures).toEqual([]);
  });

  it("the exact admin paths answer 401 signed out and 403 to a plain user, with no private data", async () => {
    for (const [method, path] of routes().filter(([, p]) => p.startsWith("/api/admin/"))) {
      const anonymous = await raw(method, path);
      const user = await raw(method, path, userCookie);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(user.status, `${method} ${path}`).toBe(403);
      for (const secret of Object.values(PRIVATE)) expect(anonymous.body + user.body).not.toContain(secret);
    }
  });

  it("refuses odd API spellings with a JSON 404, whatever the method", async () => {
    for (const [method, path] of [
      ["GET", "/api/Admin/assistance-requests"],
      ["GET", "/API/admin/memorial-flowers"],
      ["POST", "/api/admin/outbox/1/Retry"],
      ["GET", "/api/%61dmin/activity"],
      ["GET", "/api/admin/testimonials/"],
      ["GET", "/api/admin/./testimonials"],
    ]) {
      const res = await raw(method!, path!);
      expect(res.status, path).toBe(404);
      expect(res.type).toMatch(/json/);
      expect(JSON.parse(res.body).message).toBe("There is no such address in our API.");
    }
  });
});

describe("unknown methods", () => {
  it("TRACE, PROPFIND and other methods answer 405 or 501 in JSON, and leave no error in the log", async () => {
    logLines.length = 0;
    const paths = ["/", "/garden-of-remembrance", "/api/health", "/api/memorial-flowers", "/api/admin/testimonials", "/api/nothing-here"];
    const methods = ["TRACE", "PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK", "PURGE", "LINK", "SEARCH", "PATCH"];
    const seen = new Map<number, number>();
    for (const path of paths) {
      for (const method of methods) {
        const res = await raw(method, path);
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        expect([405, 501], `${method} ${path} → ${res.status}`).toContain(res.status);
        expect(res.type, `${method} ${path}`).toMatch(/json/);
        expect(JSON.parse(res.body).message).toMatch(/\.$/);
      }
      // Writing methods on a page address are refused the same way.
      for (const method of ["POST", "PUT", "DELETE"]) {
        const res = await raw(method, path === "/" ? "/garden-of-remembrance" : path);
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
      }
    }
    console.log(`unknown methods: ${[...seen].map(([status, n]) => `${n}× ${status}`).join(", ")}`);
    expect(logLines.filter((l) => JSON.parse(l).level === "error")).toEqual([]);
  });
});
