import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseStrictCsv } from "../../shared/csv/strict";
import { startTestServer, type TestServer } from "../support/testServer";
import { gardenCsv } from "../support/gardenCsv";
import type { Client } from "../support/client";
import { count, signedIn } from "./fixtures";

/**
 * A strict reset-and-import of 100,000 rows was parsed (the JSON body, the schema, every row's
 * check) on the event loop: 1.6 to 2.3 s during which no one else was answered. Now its body is
 * saved to a private file and read on threads. The server runs in this process and the body is
 * sent from another thread: the event loop's longest delay is what any other request waited.
 */

const SIZE = 100_000;
const KEY = "a long enough import key for the loop test";
let big: TestServer;
let admin: Client;
let body: string;

beforeAll(async () => {
  big = await startTestServer({ adminImportKey: KEY, expectedImportCount: SIZE });
  admin = await signedIn(big);
  const { rows, errors } = parseStrictCsv(gardenCsv(SIZE, 4), SIZE);
  expect(errors).toEqual([]);
  body = JSON.stringify({ csvData: rows, adminKey: KEY });
}, 60_000);
afterAll(() => big?.stop());

it(`a reset-and-import of ${SIZE.toLocaleString("en")} rows leaves the event loop free`, async () => {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  // The CPU time of this thread, the server's event loop (the client sends from a thread of its own).
  const before = process.threadCpuUsage();
  const res = await admin.fromAnotherThread("POST", "/api/admin/memorial-flowers/reset-and-import", body);
  const used = process.threadCpuUsage(before);
  const took = performance.now() - started;
  delay.disable();
  const cpuMs = (used.user + used.system) / 1000;
  expect(res.status, res.text).toBe(200);
  expect(JSON.parse(res.text)).toMatchObject({ success: true, importedCount: SIZE, validation: { isExactMatch: true, actualCount: SIZE } });
  expect(count(big, "memorial_flowers", "approved = 1")).toBe(SIZE);
  const longest = delay.max / 1e6;
  console.log(
    `Reset-and-import of ${SIZE} rows (${(body.length / 1e6).toFixed(1)} MB): ${took.toFixed(0)} ms, the event loop's thread used ${cpuMs.toFixed(0)} ms of CPU and was delayed at most ${longest.toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms`,
  );
  // Before, parsing and checking the rows took the loop's thread 1,530 ms of CPU and held it 1.7 s at once (on this
  // busy machine); now what is left is receiving the body into a file (about 400 ms of CPU measured here). The longest delay is bounded loosely: with other test files
  // on the same two cores, the system pauses this thread too (up to 400 ms measured with nothing on the loop).
  expect(cpuMs).toBeLessThan(750);
  expect(longest).toBeLessThan(1000);
}, 120_000);
