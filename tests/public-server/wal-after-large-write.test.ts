import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { uploadCsv } from "../../shared/csv/export";
import { startTestServer, type TestServer } from "../support/testServer";
import { cleanupAfterAll } from "../support/cleanup";
import { fakeGarden } from "../support/fakeGarden";
import { count, signedIn } from "./fixtures";

/**
 * A large write leaves the write-ahead log as large as itself (61 MB after
 * updating 100,000 rows) until the server stops: every read then searched
 * it, and the server's connection would copy it into the database at its
 * next commit, on the event loop. The large-write thread now checkpoints and
 * truncates it in the write's own turn.
 */

const { cleanups } = cleanupAfterAll();

const ROWS = 20_000;
const MB = 1_048_576;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  cleanups.push(server.stop);
});

describe("the write-ahead log after a large write", () => {
  it(`is emptied after a ${ROWS.toLocaleString("en")}-row upload, which is all there`, async () => {
    const admin = await signedIn(server);
    const res = await admin.post("/api/admin/memorial-flowers/bulk-upload", uploadCsv(fakeGarden(ROWS, 31)), { "Content-Type": "text/csv; charset=utf-8" });
    expect(res.status).toBe(200);
    const wal = fs.statSync(`${server.config.databasePath}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    console.log(`write-ahead log after the upload: ${(wal / MB).toFixed(2)} MB`);
    expect(count(server, "memorial_flowers")).toBeGreaterThanOrEqual(ROWS);
    expect(wal).toBeLessThan(MB);
  }, 300_000);

  // Every flush on the disk waits for what is waiting to be written: a family's submission held during
  // the write flushes a few kB, and at the end of the write it waited for tens of MB (public-server/database/trickleFlush.ts).
  it("has its pages sent to the disk as it goes, and none once it ended", async () => {
    const db = server.parts.services.db;
    const admin = await signedIn(server);
    const before = db.largeWriteFlushes;
    const started = performance.now();
    const res = await admin.post("/api/admin/memorial-flowers/bulk-upload", uploadCsv(fakeGarden(ROWS, 32)), { "Content-Type": "text/csv; charset=utf-8" });
    expect(res.status).toBe(200);
    const ms = performance.now() - started;
    const during = db.largeWriteFlushes - before;
    console.log(`files flushed during a ${Math.round(ms)} ms upload: ${during}`);
    // Two files every TRICKLE_MS (25 ms) while the write holds the lock, which is most of the request's time.
    expect(during).toBeGreaterThanOrEqual(4);
    const after = db.largeWriteFlushes;
    await new Promise((r) => setTimeout(r, 200));
    expect(db.largeWriteFlushes).toBe(after);
  }, 300_000);
});
