import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { fakeGarden } from "../support/fakeGarden";
import { checkBulk, parseFlexibleCsv } from "../../shared/csv/flexible";
import { count, errorBody, signedIn, sql } from "./fixtures";

/** The bulk upload sent as the CSV file itself (text/csv), read by the server as a stream. */
const UPLOAD = "/api/admin/memorial-flowers/bulk-upload";
const CSV = { "Content-Type": "text/csv; charset=utf-8" };

let server: TestServer;
let other: TestServer;
let admin: Client;
let otherAdmin: Client;
beforeAll(async () => {
  [server, other] = await Promise.all([startTestServer(), startTestServer()]);
  [admin, otherAdmin] = await Promise.all([signedIn(server), signedIn(other)]);
});
afterAll(async () => {
  await Promise.all([server.stop(), other.stop()]);
});

const stored = (s: TestServer) =>
  sql(s, "SELECT baby_first_name, baby_middle_name, baby_last_name, loss_date, flower_type, approved FROM memorial_flowers ORDER BY id");

const clear = (s: TestServer) => {
  const db = new Database(s.config.databasePath);
  db.exec("DELETE FROM memorial_flowers");
  db.close();
};

/** Made-up flowers as a CSV file in the download's column names, with CRLF line ends and a byte-order mark. */
function gardenFile(n: number, seed: number): string {
  const rows = fakeGarden(n, seed).map((f) => [f.babyFirstName, f.babyMiddleName ?? "", f.babyLastName ?? "", f.lossDate ?? "", f.flowerType]);
  return `\uFEFF${Papa.unparse({ fields: ["First Name", "Middle Name", "Last Name", "Date of Loss", "Flower Type"], data: rows }, { newline: "\r\n" })}`;
}

const uploadsLeft = (s: TestServer) => {
  const dir = path.join(s.dataDir, "uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe("bulk upload of a CSV file read as a stream", () => {
  it("stores exactly the rows the JSON route stores for the same CSV, across many pieces of the stream", async () => {
    // Quoted commas, a quoted line break, spare quotes and spaces, a headerless-looking type, an ID column to leave out.
    const tricky = [
      "first_name,Middle Name,Surname,loss_date,flower,ID",
      '"Anna, Maria",,"B.",May 2021,Pink Rose,7',
      'Benedict,"Paul\r\nJohn",,,forget me not,',
      '  Zoë  ,,Núñez,"2020-01-02",LILY,',
      "",
      "Clare,,,,lily,",
    ].join("\r\n");
    for (const text of [tricky, gardenFile(6000, 5)]) {
      clear(server);
      clear(other);
      const checked = checkBulk(text, "upload");
      if (!checked.ok) throw new Error(checked.message);
      const viaJson = await otherAdmin.post(UPLOAD, { flowers: checked.entries });
      expect(viaJson.status).toBe(200);
      const res = await admin.post(UPLOAD, text, CSV);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await json(res)).toEqual(await json(viaJson));
      expect(stored(server)).toEqual(stored(other));
      expect(count(server, "memorial_flowers")).toBe(checked.entries.length);
    }
    expect(uploadsLeft(server)).toEqual([]);
  });

  it("refuses a file with a bad row in the shared reader's words, and stores nothing", async () => {
    clear(server);
    const long = "L".repeat(300);
    const text = `First Name,Flower Type\nAnna,lily\n${long},lily\nBen,\nCora,rose\n`;
    const res = await admin.post(UPLOAD, text, CSV);
    expect(res.status).toBe(400);
    const body = await errorBody(res);
    // The preview's messages for the same rows, and the schema's sentence the JSON route gives for the long name.
    const preview = parseFlexibleCsv(text).rows.flatMap((r) => r.messages);
    const viaJson = await errorBody(await otherAdmin.post(UPLOAD, { flowers: [{ babyFirstName: long, flowerType: "lily" }] }));
    expect(preview[0]).toBe(`Row 2: First Name: ${viaJson.message}`);
    expect(body.message).toBe(`${preview[0]!.replace(/\.$/, "")} (and 2 more rows with problems). Nothing was changed.`);
    expect(body.errors!.map((e) => e.message)).toEqual(preview);
    expect(count(server, "memorial_flowers")).toBe(0);

    const blank = await errorBody(await admin.post(UPLOAD, "\n\n", CSV));
    expect(blank.message).toBe("Please provide CSV data to upload.");
    // The same notices as the admin screens' checks, in the same order.
    for (const [sent, message] of [
      ["First Name,Flower Type\n,lily\n", "No valid memorial flower entries found in CSV."],
      ['First Name,Flower Type\nAnna,lily\nBen,"lily\n', "Error parsing CSV: Quoted field unterminated"],
    ] as const) {
      const screens = checkBulk(sent, "upload");
      expect(screens.ok ? "" : screens.message).toBe(message);
      expect((await errorBody(await admin.post(UPLOAD, sent, CSV))).message).toBe(message);
    }
    const latin1 = await admin.request("POST", UPLOAD, new Uint8Array([0x5a, 0x6f, 0xeb, 0x2c, 0x6c, 0x69, 0x6c, 0x79]), CSV);
    expect(latin1.status).toBe(400);
    expect((await errorBody(latin1)).message).toMatch(/UTF-8/);
    expect(count(server, "memorial_flowers")).toBe(0);
    expect(uploadsLeft(server)).toEqual([]);
  });

  it("refuses a file whose bad row comes after thousands of good ones, and keeps none of them, in the garden or its search", async () => {
    clear(server);
    const good = gardenFile(5_000, 41);
    const text = `${good}\r\nZeta,,,,not-a-flower\r\n${gardenFile(10, 42).split("\r\n").slice(1).join("\r\n")}`;
    const res = await admin.post(UPLOAD, text, CSV);
    expect(res.status).toBe(400);
    expect((await errorBody(res)).message).toMatch(/^Row 5001: .*\. Nothing was changed\.$/);
    expect(count(server, "memorial_flowers")).toBe(0);
    const view = (await json(await admin.get("/api/memorial-flowers/garden?search=a"))) as { total: number; matches: number };
    expect([view.total, view.matches]).toEqual([0, 0]);
    expect(uploadsLeft(server)).toEqual([]);
  });

  it("is for signed-in administrators only, from this site only", async () => {
    clear(server);
    const text = "Anna,,,,lily\n";
    const anonymous = await new Client(server.url).post(UPLOAD, text, CSV);
    expect(anonymous.status).toBe(401);
    await errorBody(anonymous);
    await server.createUser("csvplain", "a plain password", "user");
    const plain = await signedIn(server, { username: "csvplain", password: "a plain password" }, "user");
    const refused = await plain.post(UPLOAD, text, CSV);
    expect(refused.status).toBe(403);
    await errorBody(refused);
    const crossSite = await admin.post(UPLOAD, text, { ...CSV, Origin: "https://elsewhere.example" });
    expect(crossSite.status).toBe(403);
    expect((await errorBody(crossSite)).message).toBe("This request came from another website, so we did not accept it.");
    expect(count(server, "memorial_flowers")).toBe(0);
    // The same file from the signed-in administrator, on this site, is taken.
    const taken = await admin.post(UPLOAD, text, { ...CSV, Origin: server.url });
    expect(taken.status).toBe(200);
    expect(count(server, "memorial_flowers")).toBe(1);
    expect(uploadsLeft(server)).toEqual([]);
  });

  it("refuses a body over 40 MB with a sentence, and keeps nothing of it", async () => {
    clear(server);
    const line = "Anna,Maria,Example,May 2021,lily\n";
    const text = line.repeat(Math.ceil((40 * 1024 * 1024) / line.length) + 10);
    const res = await admin.post(UPLOAD, text, CSV);
    expect(res.status).toBe(413);
    expect((await errorBody(res)).message).toBe(
      "This CSV is larger than 40 MB, more than we can accept in one upload. Please split it into smaller files. Nothing was changed.",
    );
    expect(count(server, "memorial_flowers")).toBe(0);
    expect(uploadsLeft(server)).toEqual([]);
  });

  it("leaves nothing half-written when the disk fills mid-upload, and works again once there is room", async () => {
    clear(server);
    const handle = server.parts.services.db.handle;
    const pages = handle.pragma("page_count", { simple: true }) as number;
    handle.pragma(`max_page_count = ${pages + 40}`);
    const text = gardenFile(20_000, 9);
    try {
      const res = await admin.post(UPLOAD, text, CSV);
      expect(res.status).toBe(503);
      expect((await errorBody(res)).message).toBe("We are sorry: the server's storage is full, so we could not save this. Please try again in a little while.");
      expect(count(server, "memorial_flowers")).toBe(0);
    } finally {
      handle.pragma("max_page_count = 1073741823");
    }
    const again = await admin.post(UPLOAD, text, CSV);
    expect(again.status).toBe(200);
    expect(count(server, "memorial_flowers")).toBe(20_000);
    expect(uploadsLeft(server)).toEqual([]);
  });

  it("writes on a thread of its own: while 50,000 rows go in, the server's event loop is mostly free for others", async () => {
    clear(server);
    const text = gardenFile(50_000, 17);
    // The test server runs in this process, so this is the loop that answers every other request.
    const held = monitorEventLoopDelay({ resolution: 5 });
    const before = performance.eventLoopUtilization();
    held.enable();
    const res = await admin.post(UPLOAD, text, CSV);
    held.disable();
    const busy = performance.eventLoopUtilization(before).utilization;
    expect(res.status).toBe(200);
    expect(count(server, "memorial_flowers")).toBe(50_000);
    const ms = (ns: number) => (ns / 1e6).toFixed(0);
    console.log(
      `50,000-row upload: event loop busy ${(busy * 100).toFixed(0)}% of the time, held at most ${ms(held.max)} ms at once (p99 ${ms(held.percentile(99))} ms)`,
    );
    // On the event loop, the write kept it busy nearly all the time (yielding every 8 ms), and the commit
    // alone (the indexes' last flush and the WAL checkpoint) held it 150-450 ms. The longest hold is printed,
    // not checked: with other test files on the same two cores, the system can pause this thread too.
    expect(busy).toBeLessThan(0.3);
  });

  it("parses and checks a bulk update sent as JSON on the thread too: 50,000 rows leave the event loop mostly free", async () => {
    clear(server);
    expect((await admin.post(UPLOAD, gardenFile(50_000, 19), CSV)).status).toBe(200);
    const ids = sql<{ id: number }>(server, "SELECT id FROM memorial_flowers ORDER BY id").map((r) => r.id);
    const body = JSON.stringify({ flowers: fakeGarden(50_000, 23).map((f, i) => ({ ...f, id: ids[i] })) });
    // The CPU time of this thread, the server's event loop; the client sends from a thread of its own.
    const before = process.threadCpuUsage();
    const res = await admin.fromAnotherThread("PUT", "/api/admin/memorial-flowers/bulk-update", body);
    const used = process.threadCpuUsage(before);
    const cpuMs = (used.user + used.system) / 1000;
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text).count).toBe(50_000);
    console.log(`50,000-row JSON update (${(body.length / 1_048_576).toFixed(1)} MB): the event loop's thread used ${Math.round(cpuMs)} ms of CPU`);
    // Parsed and checked on the event loop, the body took 960-1,100 ms of its CPU on a quiet machine. On the thread,
    // what is left is receiving the 6 MB into a file: 140-180 ms quiet. CPU time is not wall time, but it still swells
    // when other test files share the cores (it was 447 ms quiet and 774 ms in one CI run, before the file was
    // written in batches and the site configuration stopped watching the database's folder), hence the margin.
    expect(cpuMs).toBeLessThan(500);
  });

  it("finds the rows already in the garden on a thread of its own: 10,000 rows against 30,000 flowers, exactly", async () => {
    clear(server);
    expect((await admin.post(UPLOAD, gardenFile(30_000, 29), CSV)).status).toBe(200);
    // Half the rows are flowers of the garden, half new ones, interleaved.
    const inGarden = fakeGarden(30_000, 29).slice(0, 5_000);
    const fresh = fakeGarden(5_000, 31);
    const rows = inGarden.flatMap((f, i) => [f, fresh[i]!]);
    const key = (f: { babyFirstName: string; babyMiddleName?: string | null; babyLastName?: string | null; lossDate?: string | null; flowerType: string }) =>
      [f.babyFirstName, f.babyMiddleName ?? "", f.babyLastName ?? "", f.lossDate ?? "", f.flowerType].join("|");
    const garden = new Set(
      sql<{ babyFirstName: string; babyMiddleName: string | null; babyLastName: string | null; lossDate: string | null; flowerType: string }>(
        server,
        "SELECT baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName, baby_last_name AS babyLastName, loss_date AS lossDate, flower_type AS flowerType FROM memorial_flowers WHERE approved = 1",
      ).map(key),
    );
    const expected = rows.flatMap((f, i) => (garden.has(key(f)) ? [i] : []));
    expect(expected.length).toBeGreaterThanOrEqual(5_000);

    const before = process.threadCpuUsage();
    const res = await admin.fromAnotherThread("POST", "/api/admin/memorial-flowers/duplicates", { flowers: rows });
    const used = process.threadCpuUsage(before);
    const cpuMs = (used.user + used.system) / 1000;
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text).duplicates).toEqual(expected);
    console.log(`duplicate check, 10,000 rows against 30,000 flowers: the event loop's thread used ${Math.round(cpuMs)} ms of CPU`);
    // Looked up on the event loop (TypeORM entities for every flower with a first name sent), it took 370-400 ms of its
    // CPU; now about 45 ms, sending the body from this same thread included.
    expect(cpuMs).toBeLessThan(150);

    // A body that is not the schema's is refused in its words, from the thread.
    const bad = await admin.post("/api/admin/memorial-flowers/duplicates", { flowers: [{ babyFirstName: "", flowerType: "lily" }] });
    expect(bad.status).toBe(400);
    expect((await errorBody(bad)).errors).toEqual([{ path: "flowers.0.babyFirstName", message: "First name is required" }]);
  });

  it("takes at most two uploads at once: the others hear why, and nothing of theirs is stored", async () => {
    clear(server);
    const text = gardenFile(20_000, 13);
    const answers = await Promise.all(Array.from({ length: 6 }, () => admin.post(UPLOAD, text, CSV)));
    const taken = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status !== 200);
    expect(taken.length).toBeGreaterThanOrEqual(1);
    expect(taken.length).toBeLessThanOrEqual(2);
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect((await errorBody(res)).message).toBe("Two other bulk uploads are being sent or saved right now. Please try again when one has finished.");
    }
    expect(count(server, "memorial_flowers")).toBe(taken.length * 20_000);
    expect(uploadsLeft(server)).toEqual([]);
  });

  it("removes at start an upload file a stopped server left behind (it holds names)", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "garden-uploads-"));
    fs.mkdirSync(path.join(dataDir, "uploads"));
    const left = path.join(dataDir, "uploads", "bulk-upload-0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d.csv");
    fs.writeFileSync(left, "Anna,,,,lily\n");
    fs.writeFileSync(path.join(dataDir, "uploads", "keep.txt"), "not ours");
    const restarted = await startTestServer({ dataDir });
    try {
      expect(fs.readdirSync(path.join(dataDir, "uploads"))).toEqual(["keep.txt"]);
    } finally {
      await restarted.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
