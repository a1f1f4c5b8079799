import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/testServer";
import { Client, json } from "../support/client";
import { createServer } from "../../public-server/app";
import { loadConfig } from "../../public-server/config";
import { createLogger } from "../../public-server/lib/log";
import { ApiError, messageFor } from "../../public-web/lib/api";

const ID = /^[0-9a-f]{10}$/;
const lines: string[] = [];
let url = "";
let dataDir = "";
let stop: () => Promise<void> = async () => undefined;
afterAll(() => stop());

/** A server whose page renderer fails on purpose (a tiny SSR bundle that throws), with its log captured. */
async function start(): Promise<void> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-reqid-"));
  fs.copyFileSync(path.join(ROOT, "data/site.json"), path.join(dataDir, "site.json"));
  const web = path.join(dataDir, "build", "web");
  fs.mkdirSync(web, { recursive: true });
  fs.mkdirSync(path.join(dataDir, "build", "ssr"));
  fs.writeFileSync(path.join(web, "index.html"), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div><!--data--></body></html>');
  fs.writeFileSync(
    path.join(dataDir, "build", "ssr", "entry-server.js"),
    `export async function preloadAll() {}
     export function isKnownPath() { return true; }
     export async function render() { throw new Error("the renderer broke"); }`,
  );
  const config = loadConfig({ DATA_DIR: dataDir }, { logLevel: "info", webDir: web, backupHour: null });
  const parts = await createServer(
    config,
    [],
    createLogger("info", (l) => lines.push(l)),
  );
  const server: Server = await new Promise((resolve) => {
    const s = parts.app.listen(0, "127.0.0.1", () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stop = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await parts.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

describe("request ids", () => {
  it("every answer carries X-Request-Id, and the log line has the same id", async () => {
    await start();
    const res = await new Client(url).get("/api/health");
    const id = res.headers.get("x-request-id")!;
    expect(id).toMatch(ID);
    const entry = lines.map((l) => JSON.parse(l)).find((e) => e.event === "request" && e.id === id);
    expect(entry).toMatchObject({ path: "/api/health", status: 200 });
    const other = await new Client(url).get("/api/health");
    expect(other.headers.get("x-request-id")).not.toBe(id);
  });

  it("a view built in the loop's spare turns logs the time it was held there, apart; one from the cache does not", async () => {
    const logged = (id: string | null) => lines.map((l) => JSON.parse(l)).find((e) => e.event === "request" && e.id === id);
    // Forty new views at once: most wait behind the others' work, and say so.
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => fetch(`${url}/api/memorial-flowers/garden?search=held${i}`)));
    const entries = answers.map((res) => logged(res.headers.get("x-request-id")));
    expect(entries.every((e) => e.status === 200 && typeof e.heldMs === "number" && e.heldMs >= 0 && e.heldMs <= e.ms + 0.1)).toBe(true);
    expect(Math.max(...entries.map((e) => e.heldMs))).toBeGreaterThan(0);
    const again = await fetch(`${url}/api/memorial-flowers/garden?search=held0`);
    expect(logged(again.headers.get("x-request-id"))).not.toHaveProperty("heldMs");
  });

  it("a sign-in logs its password's hashing apart (its own work), a known name or not; other requests do not", async () => {
    const logged = (id: string | null) => lines.map((l) => JSON.parse(l)).find((e) => e.event === "request" && e.id === id);
    const res = await new Client(url).post("/api/login", { username: "nobody here", password: "not the password at all" });
    expect(res.status).toBe(401);
    const entry = logged(res.headers.get("x-request-id"));
    expect(entry).toMatchObject({ path: "/api/login", status: 401 });
    expect(entry.hashMs).toBeGreaterThan(1); // scrypt at 16 MiB is tens of milliseconds at the least
    expect(entry.hashMs).toBeLessThanOrEqual(entry.ms + 0.1);
    const health = await fetch(`${url}/api/health`);
    expect(logged(health.headers.get("x-request-id"))).not.toHaveProperty("hashMs");
  });

  it("ids stay distinct past a refill of the random bytes they are cut from (about 800 ids each)", async () => {
    const ids = new Set<string>();
    for (let batch = 0; batch < 12; batch++) {
      const answers = await Promise.all(Array.from({ length: 100 }, () => fetch(`${url}/api/health`, { method: "HEAD" })));
      for (const res of answers) ids.add(res.headers.get("x-request-id")!);
    }
    expect([...ids].every((id) => ID.test(id))).toBe(true);
    expect(ids.size).toBe(1_200);
  });

  it("every error answer's JSON has the id", async () => {
    const bad = await new Client(url).post("/api/testimonials", { firstName: "" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).requestId).toBe(bad.headers.get("x-request-id"));

    const notJson = await new Client(url).request("POST", "/api/testimonials", "{not json", { "Content-Type": "application/json" });
    expect(notJson.status).toBe(400);
    expect((await json(notJson)).requestId).toBe(notJson.headers.get("x-request-id"));

    const missing = await new Client(url).get("/api/no-such-thing");
    expect((await json(missing)).requestId).toBe(missing.headers.get("x-request-id"));
  });

  it("a page that fails shows the error code to the person, and the log line names it", async () => {
    const res = await fetch(`${url}/garden-of-remembrance`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const id = res.headers.get("x-request-id")!;
    const html = await res.text();
    expect(html).toContain(`please tell us this error code: <strong>${id}</strong>`);
    expect(html).not.toMatch(/renderer broke/);
    const failed = lines.map((l) => JSON.parse(l)).find((e) => e.event === "request_failed");
    expect(failed).toMatchObject({ id, path: "/garden-of-remembrance", error: expect.stringMatching(/the renderer broke/) });
  });

  it("the site's error messages show the code for failures on our side only", () => {
    const body = { message: "Something went wrong on our side. Please try again in a moment.", error: "internal_error" as const, requestId: "7f3a09c2d1" };
    expect(messageFor(new ApiError(500, body, JSON.stringify(body)), "fallback")).toBe(
      "Something went wrong on our side. Please try again in a moment. (Error code: 7f3a09c2d1.)",
    );
    const invalid = { message: "First name is required", error: "validation_error" as const, requestId: "0123456789" };
    expect(messageFor(new ApiError(400, invalid, ""), "fallback")).toBe("First name is required");
  });
});
