/**
 * A bulk upload's Idempotency-Key: a retry of the same upload (its answer
 * lost, or sent twice at once) gets the first answer back and adds nothing.
 */
import http from "node:http";
import Papa from "papaparse";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { type Client, json } from "../support/client";
import { fakeGarden } from "../support/fakeGarden";
import { checkBulk } from "../../shared/csv/flexible";
import { until } from "../support/until";
import { count, errorBody, garden823Rows, openDb, signedIn } from "./fixtures";

const UPLOAD = "/api/admin/memorial-flowers/bulk-upload";
const CSV = { "Content-Type": "text/csv; charset=utf-8" };

const IMPORT_KEY = "upload-keys-import-key";
let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer({ adminImportKey: IMPORT_KEY });
  admin = await signedIn(server);
});
afterAll(() => server?.stop());
beforeEach(() => {
  const db = openDb(server);
  db.exec("DELETE FROM memorial_flowers");
  db.close();
});

const flowers = () => count(server, "memorial_flowers");

function gardenFile(n: number, seed: number): string {
  const rows = fakeGarden(n, seed).map((f) => [f.babyFirstName, f.babyMiddleName ?? "", f.babyLastName ?? "", f.lossDate ?? "", f.flowerType]);
  return Papa.unparse({ fields: ["First Name", "Middle Name", "Last Name", "Date of Loss", "Flower Type"], data: rows });
}

let keys = 0;
const newKey = () => `test-upload-key-${Date.now()}-${keys++}`;

describe("bulk upload with an Idempotency-Key", () => {
  it("gives a retry the first answer back and adds the rows once", async () => {
    const key = newKey();
    const file = gardenFile(50, 1);
    const first = await admin.post(UPLOAD, file, { ...CSV, "Idempotency-Key": key });
    expect(first.status).toBe(200);
    const body = await json(first);
    expect(body).toEqual({ message: "Successfully uploaded 50 memorial flowers.", count: 50 });
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();

    const again = await admin.post(UPLOAD, file, { ...CSV, "Idempotency-Key": key });
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(body);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(flowers()).toBe(50);
    // The activity log tells of one upload, not two.
    expect(count(server, "activity_log", "summary LIKE 'Bulk upload%'")).toBe(1);
  });

  it("inserts once when the same upload is sent twenty times at once", async () => {
    const key = newKey();
    const file = gardenFile(300, 2);
    const answers = await Promise.all(Array.from({ length: 20 }, () => admin.post(UPLOAD, file, { ...CSV, "Idempotency-Key": key })));
    const bodies = await Promise.all(answers.map((a) => a.text()));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(bodies)).toEqual(new Set([JSON.stringify({ message: "Successfully uploaded 300 memorial flowers.", count: 300 })]));
    expect(answers.filter((a) => a.headers.get("Idempotent-Replayed") === "true")).toHaveLength(19);
    expect(flowers()).toBe(300);
  });

  it("refuses the key sent again with other rows, in a sentence, and adds nothing", async () => {
    const key = newKey();
    expect((await admin.post(UPLOAD, gardenFile(5, 3), { ...CSV, "Idempotency-Key": key })).status).toBe(200);
    const other = await admin.post(UPLOAD, gardenFile(6, 4), { ...CSV, "Idempotency-Key": key });
    expect(other.status).toBe(422);
    expect((await errorBody(other)).message).toBe(
      "This upload's key was already used for different rows. Nothing was changed. Please choose the file again and upload it as a new upload.",
    );
    // The same rows as JSON are another body too.
    const checked = checkBulk(gardenFile(5, 3), "upload");
    if (!checked.ok) throw new Error(checked.message);
    const asJson = await admin.post(UPLOAD, { flowers: checked.entries }, { "Idempotency-Key": key });
    expect(asJson.status).toBe(422);
    expect(flowers()).toBe(5);
  });

  it("does not double an upload whose connection was cut after the server saved it", async () => {
    const key = newKey();
    const file = gardenFile(6000, 5);
    // The whole body goes, then the connection is dropped without reading the answer (as a laptop going to sleep would).
    const cookie = ["garden.sid", "garden.sid.sig"].map((n) => `${n}=${admin.cookie(n)}`).join("; ");
    await new Promise<void>((resolve) => {
      const req = http.request(`${server.url}${UPLOAD}`, { method: "POST", headers: { ...CSV, Cookie: cookie, "Idempotency-Key": key } });
      req.on("error", () => resolve());
      req.on("close", () => resolve());
      req.end(file, () => setTimeout(() => req.destroy(), 5));
    });
    await until(() => flowers() === 6000, "the cut-off upload to be saved", 30_000);

    const retry = await admin.post(UPLOAD, file, { ...CSV, "Idempotency-Key": key });
    expect(retry.status).toBe(200);
    expect(await json(retry)).toEqual({ message: "Successfully uploaded 6000 memorial flowers.", count: 6000 });
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(flowers()).toBe(6000);
  });

  it("keeps keys per account: another volunteer's upload with the same key is its own", async () => {
    const key = newKey();
    const file = gardenFile(3, 6);
    const other = await signedIn(server, { username: "second", password: "another long password" });
    expect((await admin.post(UPLOAD, file, { ...CSV, "Idempotency-Key": key })).headers.get("Idempotent-Replayed")).toBeNull();
    expect((await other.post(UPLOAD, file, { ...CSV, "Idempotency-Key": key })).headers.get("Idempotent-Replayed")).toBeNull();
    expect(flowers()).toBe(6);
  });

  it("refuses a key of the wrong shape, and still takes an upload without a key", async () => {
    for (const bad of ["short", "has spaces in it here", "x".repeat(129), "ünïcödé-is-not-allowed"]) {
      const res = await admin.post(UPLOAD, gardenFile(2, 7), { ...CSV, "Idempotency-Key": bad });
      expect(res.status, bad).toBe(400);
      expect((await errorBody(res)).errors?.[0]?.message).toBe("The Idempotency-Key header must be 16 to 128 letters, digits, hyphens or underscores.");
    }
    expect(flowers()).toBe(0);
    const file = gardenFile(2, 8);
    expect((await admin.post(UPLOAD, file, CSV)).status).toBe(200);
    expect((await admin.post(UPLOAD, file, CSV)).status).toBe(200);
    expect(flowers()).toBe(4);
  });

  it("forgets a key after a day, and keeps at most a thousand", async () => {
    const key = newKey();
    const file = gardenFile(2, 9);
    expect((await admin.post(UPLOAD, file, { ...CSV, "Idempotency-Key": key })).status).toBe(200);
    const db = openDb(server);
    db.exec("DELETE FROM upload_keys WHERE key <> '" + key + "'");
    db.prepare("UPDATE upload_keys SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-25 hours')").run();
    const fill = db.prepare("INSERT INTO upload_keys (user_id, key, body_hash, status, answer) VALUES (1, ?, 'h', 200, '{}')");
    for (let i = 0; i < 1200; i++) fill.run(`filler-key-number-${i}`);
    db.close();

    const later = await admin.post(UPLOAD, file, { ...CSV, "Idempotency-Key": key });
    expect(later.headers.get("Idempotent-Replayed")).toBeNull();
    expect(flowers()).toBe(4);
    expect(count(server, "upload_keys")).toBe(1000);
    expect(count(server, "upload_keys", `key = '${key}'`)).toBe(1);
  });

  it("forgets every key when the garden is replaced by a reset-and-import", async () => {
    const key = newKey();
    const file = gardenFile(4, 10);
    expect((await admin.post(UPLOAD, file, { ...CSV, "Idempotency-Key": key })).status).toBe(200);
    const reset = await admin.post("/api/admin/memorial-flowers/reset-and-import", { csvData: garden823Rows(), adminKey: IMPORT_KEY });
    expect(reset.status).toBe(200);
    expect(count(server, "upload_keys")).toBe(0);

    // The same upload again is a new one: its rows are not in the garden any more.
    const again = await admin.post(UPLOAD, file, { ...CSV, "Idempotency-Key": key });
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    expect(flowers()).toBe(827);
  });
});
