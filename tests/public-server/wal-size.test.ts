import fs from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { fakeGarden } from "../support/fakeGarden";
import { Client } from "../support/client";
import { flowerInput, signedIn } from "./fixtures";

/**
 * SQLite's write-ahead log grows to the size of the largest write and, without
 * a size limit, keeps that size on disk until the server stops (61 MB after an
 * upload of 100,000 flowers). A large write's thread empties the log when it
 * ends (wal-after-large-write.test.ts); for everything else the write
 * connection carries a size limit, so the first write after a checkpoint cuts
 * the log back to it.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

it("the write connection limits the log to 4 MB, and after a large upload and visitors' writes it is within that", async () => {
  const [limit] = await server.parts.services.db.run((m) => m.query("PRAGMA journal_size_limit"));
  expect(limit).toEqual({ journal_size_limit: 4 * 1024 * 1024 });
  const admin = await signedIn(server);
  const upload = await admin.post("/api/admin/memorial-flowers/bulk-upload", { flowers: fakeGarden(30_000, 3) });
  expect(upload.status).toBe(200);
  const visitor = new Client(server.url);
  for (let i = 0; i < 5; i++) expect((await visitor.post("/api/memorial-flowers", flowerInput())).status).toBe(201);
  expect(fs.statSync(`${server.config.databasePath}-wal`).size).toBeLessThanOrEqual(4 * 1024 * 1024);
});
