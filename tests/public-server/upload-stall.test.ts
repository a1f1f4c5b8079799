import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { until } from "../support/until";
import type { Client } from "../support/client";
import { count, errorBody, signedIn } from "./fixtures";

/**
 * Two admin uploads sent at 10 bytes a second held both places for bulk
 * uploads for as long as they liked, and a third heard "Another bulk upload is
 * being saved right now" though nothing was. A body that brings too little in
 * a stall period (1 s here, 30 s by default) is dropped, and the words say
 * what is true.
 */

const UPLOAD = "/api/admin/memorial-flowers/bulk-upload";
const STALL_MS = 1000;
let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer({ uploadStallMs: STALL_MS });
  admin = await signedIn(server);
});
afterAll(() => server?.stop());

/** An upload that announces 100 KB and sends 10 bytes every 100 ms; resolves when the server closes it. */
function trickle(): { closed: Promise<string> } {
  const url = new URL(UPLOAD, server.url);
  const req = http.request(url, {
    method: "POST",
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Length": "100000", Cookie: admin.cookieHeader(), Origin: server.url },
  });
  const timer = setInterval(() => req.write("Anna,,,,li"), 100);
  const closed = new Promise<string>((resolve) => {
    req.on("response", (res) => resolve(`answered ${res.statusCode}`));
    req.on("error", (err) => resolve(`closed: ${err.message}`));
    req.on("close", () => resolve("closed"));
  }).finally(() => clearInterval(timer));
  return { closed };
}

it("drops uploads that trickle in, and tells a third sender what is happening meanwhile", async () => {
  const slow = [trickle(), trickle()];
  let dropped = 0;
  for (const s of slow) void s.closed.then(() => dropped++);
  const uploads = path.join(server.dataDir, "uploads");
  await until(() => fs.existsSync(uploads) && fs.readdirSync(uploads).length === 2, "both trickling bodies to be received");
  // Both places are taken while the two trickle in: the third sender hears so.
  const third = await admin.post(UPLOAD, "Grace,,,,lily\n", { "Content-Type": "text/csv; charset=utf-8" });
  expect(third.status).toBe(429);
  expect((await errorBody(third)).message).toBe("Two other bulk uploads are being sent or saved right now. Please try again when one has finished.");
  // Dropped within a stall period or two, not held for as long as they trickle.
  const started = Date.now();
  await until(() => dropped === 2, "both trickling uploads to be dropped", 5 * STALL_MS);
  expect(Date.now() - started).toBeLessThan(4 * STALL_MS);
  const res = await admin.post(UPLOAD, "Grace,,,,lily\n", { "Content-Type": "text/csv; charset=utf-8" });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(count(server, "memorial_flowers")).toBe(1);
  expect(fs.readdirSync(uploads)).toEqual([]);
});
