import fs from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { fakeGarden } from "../support/fakeGarden";
import { Client } from "../support/client";
import { until } from "../support/until";
import { flowerInput, signedIn } from "./fixtures";

/**
 * SQLite's write-ahead log grows to the size of the largest write and, without
 * a size limit, keeps that size on disk until the server stops (61 MB after an
 * upload of 100,000 flowers). With the limit, the next write after the
 * checkpoint cuts it back.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

it("the log file shrinks back to 4 MB or less after a large upload", async () => {
  const admin = await signedIn(server);
  const upload = await admin.post("/api/admin/memorial-flowers/bulk-upload", { flowers: fakeGarden(30_000, 3) });
  expect(upload.status).toBe(200);
  const wal = `${server.config.databasePath}-wal`;
  const peak = fs.statSync(wal).size;
  expect(peak).toBeGreaterThan(8 * 1024 * 1024);
  // Small writes, as visitors make them: the first after the checkpoint starts the log again, cut to the limit.
  const visitor = new Client(server.url);
  let writes = 0;
  await until(async () => {
    expect(++writes).toBeLessThanOrEqual(50);
    expect((await visitor.post("/api/memorial-flowers", flowerInput())).status).toBe(201);
    return fs.statSync(wal).size <= 4 * 1024 * 1024;
  }, `the log file (${peak} bytes after the upload) to shrink`);
});
