import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { adminItems, Client, json } from "../support/client";
import { count, errorBody, garden823Rows, openDb, signedIn, submitFlower, testimonialInput } from "./fixtures";
import type { Context, Middleware } from "koa";
import { lengthChecked } from "../../public-server/middlewares/limits";
import { TooLarge } from "../../public-server/errors";

let server: TestServer;
let admin: Client;
let visitor: Client;

beforeAll(async () => {
  server = await startTestServer({ adminImportKey: "http-key" });
  admin = await signedIn(server);
  visitor = new Client(server.url);
});
afterAll(() => server.stop());

/** A raw GET (no automatic decompression): status, headers and the bytes as sent. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("errors are JSON sentences", () => {
  it("malformed JSON answers 400", async () => {
    const res = await visitor.request("POST", "/api/testimonials", "{not json", { "Content-Type": "application/json" });
    expect(res.status).toBe(400);
    expect(await errorBody(res)).toEqual({ message: "The request body is not valid JSON.", error: "bad_request", requestId: res.headers.get("x-request-id") });
  });

  it("an unknown /api path answers a JSON 404, a wrong method a JSON 405", async () => {
    for (const p of ["/api/nothing-here", "/api", "/api/admin-ish", "/api/memorial-flowers/1/nothing"]) {
      const res = await visitor.get(p);
      expect(res.status, p).toBe(404);
      expect((await errorBody(res)).error).toBe("not_found");
    }
    const res = await visitor.put("/api/testimonials", {});
    expect(res.status).toBe(405);
    await errorBody(res);
  });

  it("an unexpected failure answers 500 with a plain sentence: no stack, no SQL", async () => {
    const db = openDb(server);
    db.exec(`CREATE TRIGGER refuse_testimonial BEFORE INSERT ON testimonials WHEN NEW.first_name = 'Explode' BEGIN
               SELECT RAISE(ABORT, 'constraint failed in testimonials table');
             END;`);
    db.close();
    const res = await visitor.post("/api/testimonials", testimonialInput({ firstName: "Explode" }));
    expect(res.status).toBe(500);
    const text = await res.clone().text();
    expect(await errorBody(res)).toEqual({
      message: "Something went wrong on our side. Please try again in a moment.",
      error: "internal_error",
      requestId: res.headers.get("x-request-id"),
    });
    expect(text).not.toMatch(/\bat\s|\.ts:|INSERT|testimonials|SQLITE|constraint/i);
    expect(count(server, "testimonials", "first_name = 'Explode'")).toBe(0);
    // The server goes on working.
    expect((await visitor.post("/api/testimonials", testimonialInput())).status).toBe(201);
  });

  it("every error answer of the API so far carried JSON (spot check across statuses)", async () => {
    const answers = [
      await visitor.get("/api/user"), // 401
      await (await signedIn(server, { username: "someuser", password: "some password here" }, "user")).get("/api/admin/testimonials?status=pending"), // 403
      await admin.post("/api/admin/testimonials/999/approve"), // 404
      await visitor.post("/api/assistance-requests", {}), // 400
    ];
    expect(answers.map((r) => r.status)).toEqual([401, 403, 404, 400]);
    for (const res of answers) await errorBody(res);
  });
});

describe("body size limits", () => {
  it("a form body over about 1 MB answers 413 in JSON", async () => {
    const res = await visitor.post("/api/testimonials", testimonialInput({ testimonial: "x".repeat(1_200_000) }));
    expect(res.status).toBe(413);
    expect((await errorBody(res)).error).toBe("payload_too_large");
  });

  it("a body declared longer than its address takes is refused before its parser starts, in the address's own words", async () => {
    // The parser would refuse it too, but only after it started, by throwing an error of its own.
    let started = 0;
    const parser: Middleware = async (_, next) => {
      started++;
      await next();
    };
    const checked = lengthChecked(parser, 1_000);
    const at = (length: number) => ({ request: { length } }) as unknown as Context;
    await checked(at(1_000), async () => undefined);
    expect(started).toBe(1);
    // Thrown at once, as Koa's chain takes it (into the error handler's catch), before anything is read.
    let refused: unknown;
    try {
      await checked(at(1_001), async () => undefined);
    } catch (err) {
      refused = err;
    }
    expect(refused).toMatchObject({ status: 413, id: "payload_too_large" });
    expect(started).toBe(1);
    const own = lengthChecked(parser, 10, () => TooLarge("Shorter, please."));
    expect(() => own(at(11), async () => undefined)).toThrow("Shorter, please.");
    expect(started).toBe(1);
  });

  it("a body just under 1 MB on a form route is read (and then validated)", async () => {
    const res = await visitor.post("/api/testimonials", testimonialInput({ testimonial: "x".repeat(900_000) }));
    expect(res.status).toBe(400); // read, then refused by the schema's length limit: not 413
    expect((await errorBody(res)).message).toMatch(/under 10000 characters/);
  });

  it("about 5 MB on a CSV route is accepted; more than 40 MB answers 413; a visitor's big body is refused before it is read", async () => {
    const padding = "n".repeat(6_000);
    const csvData = garden823Rows().map((r) => ({ ...r, Notes: padding })); // extra columns are ignored
    const body = JSON.stringify({ csvData, adminKey: "http-key" });
    expect(body.length).toBeGreaterThan(4_900_000);
    const ok = await admin.post("/api/admin/memorial-flowers/reset-and-import", body);
    expect(ok.status).toBe(200);
    expect((await json(ok)).importedCount).toBe(823);

    const huge = JSON.stringify({ flowers: Array.from({ length: 34_000 }, () => ({ babyFirstName: "y".repeat(1_200), flowerType: "lily" })) });
    expect(huge.length).toBeGreaterThan(40_500_000);
    const res = await admin.post("/api/admin/memorial-flowers/bulk-upload", huge);
    expect(res.status).toBe(413);
    await errorBody(res);
    const anonymous = await visitor.post("/api/admin/memorial-flowers/bulk-upload", huge);
    expect(anonymous.status).toBe(401);
    expect(count(server, "memorial_flowers")).toBe(823);
  });
});

describe("the site", () => {
  it("serves the built index.html for page addresses, and assets as files", async () => {
    for (const p of ["/", "/garden-of-remembrance", "/admin", "/admin/login"]) {
      const res = await visitor.get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(await res.text()).toMatch(/<div id="root"/);
    }
    const unknown = await visitor.get("/no/such/page");
    expect(unknown.headers.get("content-type")).toMatch(/text\/html/);
    expect(await unknown.text()).toMatch(/<div id="root"/); // the site's router shows its not-found page
    const asset = fs.readdirSync(path.join(server.config.webDir, "assets")).find((f) => f.endsWith(".js"))!;
    const res = await visitor.get(`/assets/${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    expect(res.headers.get("cache-control")).toMatch(/immutable/);
  });
});

describe("security headers", () => {
  it("sends a CSP framing only the donation host, frame-ancestors 'self' on pages and 'none' on the API, nosniff and a strict referrer policy", async () => {
    const site = JSON.parse(fs.readFileSync(server.config.siteConfigPath, "utf8"));
    const donationOrigin = new URL(site.donationUrl).origin;
    for (const p of ["/", "/api/memorial-flowers", "/api/nothing"]) {
      const res = await visitor.get(p);
      const csp = res.headers.get("content-security-policy")!;
      const directives = Object.fromEntries(
        csp
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .map(([k, ...v]) => [k, v]),
      );
      expect(directives["frame-src"]).toEqual([donationOrigin]);
      expect(directives["frame-ancestors"]).toEqual([p.startsWith("/api") ? "'none'" : "'self'"]);
      expect(directives["default-src"]).toEqual(["'self'"]);
      // Nothing else foreign: every source is a keyword, data:, or the donation origin in frame-src.
      for (const [name, sources] of Object.entries(directives)) {
        for (const source of sources as string[]) {
          if (name === "frame-src") continue;
          expect(source, `${name} ${source}`).toMatch(/^('[a-z-]+'|data:)$/);
        }
      }
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toMatch(/^(strict-origin-when-cross-origin|strict-origin|no-referrer|same-origin)$/);
    }
  });

  it("follows an edit of site.json without a restart (frame-src and GET /api/site)", async () => {
    const file = server.config.siteConfigPath;
    const original = fs.readFileSync(file, "utf8");
    let edited = "";
    try {
      const site = JSON.parse(original);
      site.donationUrl = "https://give.example.net/form";
      fs.writeFileSync(file, JSON.stringify(site));
      // The store notices the change through its watch: wait for the answer, not for a set time.
      await expect
        .poll(async () => (await json(await visitor.get("/api/site"))).donationUrl, { timeout: 5_000, interval: 20 })
        .toBe("https://give.example.net/form");
      const res = await visitor.get("/api/site");
      expect(res.headers.get("content-security-policy")).toMatch(/frame-src https:\/\/give\.example\.net(;|$)/);
      // Kept compressed with its ETag for this version of the file: a visitor who has it hears 304 (asked
      // without fetch, which adds "Cache-Control: no-cache" to a conditional request).
      edited = res.headers.get("etag")!;
      expect(edited).toMatch(/^".+"$/);
      expect((await rawGet(`${server.url}/api/site`, { "If-None-Match": edited })).status).toBe(304);
    } finally {
      fs.writeFileSync(file, original);
      await expect
        .poll(async () => (await json(await visitor.get("/api/site"))).donationUrl, { timeout: 5_000, interval: 20 })
        .not.toBe("https://give.example.net/form");
      // The edit back is a new version: the ETag of the edited one no longer matches.
      expect((await rawGet(`${server.url}/api/site`, { "If-None-Match": edited })).status).toBe(200);
    }
  });
});

describe("the public lists' cache", () => {
  it("answers with an ETag, 304 to If-None-Match, gzip and br that decode to the same JSON, and a write invalidates it", async () => {
    const s = await startTestServer();
    try {
      const a = await signedIn(s);
      await a.post("/api/admin/memorial-flowers/bulk-upload", {
        flowers: Array.from({ length: 60 }, (_, i) => ({ babyFirstName: `Cached${i}`, flowerType: "tulip" })),
      });
      const url = `${s.url}/api/memorial-flowers`;
      const plain = await rawGet(url);
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      const etag = plain.headers.etag!;
      expect(etag).toMatch(/^"[^"]+"$/);
      const list = JSON.parse(plain.body.toString());
      expect(list).toHaveLength(60);

      const gz = await rawGet(url, { "Accept-Encoding": "gzip" });
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(gz.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(list);
      const br = await rawGet(url, { "Accept-Encoding": "br, gzip" });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(list);
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(gz.headers.etag).toBe(etag);

      const notModified = await rawGet(url, { "If-None-Match": etag });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);

      // A submission alone does not change the public list; an approval does.
      const flower = await submitFlower(s, { babyFirstName: "Newlylive" });
      expect((await rawGet(url, { "If-None-Match": etag })).status).toBe(304);
      expect((await a.post(`/api/admin/memorial-flowers/${flower.id}/approve`)).status).toBe(200);
      const fresh = await rawGet(url, { "If-None-Match": etag });
      expect(fresh.status).toBe(200);
      expect(fresh.headers.etag).not.toBe(etag);
      expect(JSON.parse(fresh.body.toString()).map((f: { babyFirstName: string }) => f.babyFirstName)).toContain("Newlylive");

      // A delete invalidates it too.
      expect((await a.delete(`/api/admin/memorial-flowers/${flower.id}`)).status).toBe(200);
      const afterDelete = JSON.parse((await rawGet(url)).body.toString());
      expect(afterDelete).toHaveLength(60);
    } finally {
      await s.stop();
    }
  });

  it("testimonials and a flower's comments are cached and invalidated the same way", async () => {
    const s = await startTestServer();
    try {
      const a = await signedIn(s);
      const v = new Client(s.url);
      const first = await rawGet(`${s.url}/api/testimonials`);
      expect(JSON.parse(first.body.toString())).toEqual([]);
      await v.post("/api/testimonials", testimonialInput({ firstName: "Cachedwriter" }));
      const [t] = await adminItems<{ id: number }>(a, "/api/admin/testimonials");
      await a.post(`/api/admin/testimonials/${t!.id}/approve`);
      const second = await rawGet(`${s.url}/api/testimonials`, { "If-None-Match": first.headers.etag! });
      expect(second.status).toBe(200);
      expect(JSON.parse(second.body.toString())[0].firstName).toBe("Cachedwriter");
    } finally {
      await s.stop();
    }
  });
});

describe("refusals", () => {
  it("an ApiError is made without a stack (it is answered, never logged with one), and other errors keep theirs", () => {
    const refusal = TooLarge();
    expect(refusal.stack?.split("\n").slice(1)).toEqual([]);
    // The limit is put back: a real failure after a refusal is still logged with where it happened.
    const failure = new Error("a real failure");
    expect(failure.stack?.split("\n").length).toBeGreaterThan(1);
  });
});
