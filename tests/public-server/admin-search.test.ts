import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldText, fullName } from "../../shared/garden";
import type { AdminFlowerDto, AdminPage } from "../../shared/schemas/admin";
import { flowerSearchText } from "../../public-server/garden/searchText";
import { legacyFoldingOn } from "../../public-server/migrations/legacyFolding";
import { openDatabase } from "../../public-server/db";
import { migrations } from "../../public-server/migrations";
import { startTestServer, type TestServer } from "../support/testServer";
import { fakeGarden } from "../support/fakeGarden";
import { json, type Client } from "../support/client";
import { adminSearchMatch } from "../../public-server/commands/adminSearch";
import { garden120Rows, liveFlower, openDb, signedIn, sql, submitFlower } from "./fixtures";

/**
 * The admin's flower search, read from its own trigram index: its answers
 * equal a brute-force filter over every flower (waiting and approved, accents
 * folded, any part of the baby's name, the parent's name, the email, the ID),
 * the index follows every kind of write (and a failed import changes nothing),
 * and at 100,000 flowers a search stays within its budget (timed, printed).
 */

const FLOWERS = "/api/admin/memorial-flowers";
const IMPORT = "/api/admin/memorial-flowers/reset-and-import";
const KEY = "the-import-key";

interface Row {
  id: number;
  approved: number;
  parent_name: string | null;
  email: string | null;
  baby_first_name: string;
  baby_middle_name: string | null;
  baby_last_name: string | null;
  flower_type: string;
}

const words = (text: string | null) =>
  foldText(text ?? "")
    .split(/\s+/)
    .filter(Boolean);

/** What the search promises, written plainly: three characters or more anywhere, fewer at the start of a word, or the ID. */
function brute(rows: Row[], q: string, status: "pending" | "approved"): number[] {
  const needle = words(q).join(" ");
  if (!needle) return [];
  const fields = (r: Row) => [
    fullName({ babyFirstName: r.baby_first_name, babyMiddleName: r.baby_middle_name, babyLastName: r.baby_last_name }),
    r.parent_name,
    r.email,
  ];
  return rows
    .filter((r) => r.approved === (status === "approved" ? 1 : 0))
    .filter(
      (r) =>
        (/^\d{1,15}$/.test(q) && r.id === Number(q)) ||
        fields(r).some((field) => {
          const folded = words(field).join(" ");
          return [...needle].length >= 3 ? folded.includes(needle) : words(field).some((w) => w.startsWith(needle));
        }),
    )
    .map((r) => r.id)
    .sort((a, b) => b - a);
}

let server: TestServer;
let admin: Client;

const allRows = () =>
  sql<Row>(server, "SELECT id, approved, parent_name, email, baby_first_name, baby_middle_name, baby_last_name, flower_type FROM memorial_flowers");

/** Every page of one search, in the order the list shows them. */
async function searchAll(q: string, status: "pending" | "approved"): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await admin.get(`${FLOWERS}?status=${status}&pageSize=100&page=${page}&q=${encodeURIComponent(q)}`);
    expect(res.status, q).toBe(200);
    const body = await json<AdminPage<AdminFlowerDto>>(res);
    total = body.total;
    ids.push(...body.items.map((f) => f.id));
    if (body.items.length < 100) break;
  }
  return { ids, total };
}

const SEARCHES = [
  "zoe",
  "ZOË",
  "thérèse",
  "Marie",
  "grace marie",
  "e m",
  "private.example",
  "PARENT3",
  "perez",
  "lee",
  "zo",
  "j",
  "%",
  "_",
  '"',
  "o'b",
  "xyzzy",
];

async function expectSearchesMatch(extra: string[] = []) {
  const rows = allRows();
  const ids = rows.slice(0, 3).map((r) => String(r.id));
  for (const q of [...SEARCHES, ...ids, ...extra]) {
    for (const status of ["pending", "approved"] as const) {
      const expected = brute(rows, q, status);
      const got = await searchAll(q, status);
      expect(got.ids, `${status} "${q}"`).toEqual(expected);
      expect(got.total, `${status} "${q}" total`).toBe(expected.length);
    }
  }
}

beforeAll(async () => {
  server = await startTestServer({ adminImportKey: KEY, expectedImportCount: 120 });
  admin = await signedIn(server);
  await liveFlower(server, admin, {
    babyFirstName: "Zoë",
    babyMiddleName: "Thérèse",
    babyLastName: "Pérez",
    parentName: "Ana Núñez",
    email: "ana.nunez@private.example",
  });
  await liveFlower(server, admin, { babyFirstName: "Grace", babyMiddleName: "Marie", babyLastName: "Lee", parentName: "Tom O'Brien" });
  await submitFlower(server, { babyFirstName: "Zoe", babyMiddleName: "", babyLastName: "Lee", parentName: "JOSÉ Álvarez", email: "Jose@Private.Example" });
  await submitFlower(server, { babyFirstName: "Jude", babyMiddleName: "Marie", babyLastName: "K.", parentName: "Quinn Hale" });
  await submitFlower(server, { babyFirstName: "Percent%", babyLastName: "Under_score", parentName: 'Quote "Q" Person' });
  await liveFlower(server, admin, { babyFirstName: "Lorenzo", babyLastName: "Zorro" });
}, 60_000);
afterAll(() => server?.stop());

describe("the admin's flower search", () => {
  it("equals a brute-force filter over waiting and approved flowers: accents, a middle name, a parent, an email, an ID, a short word start", async () => {
    // A few of the searches are plain facts as well, so the brute force is not the only judge.
    expect((await searchAll("zoe", "approved")).total).toBe(1);
    expect((await searchAll("zoe", "pending")).total).toBe(1);
    expect((await searchAll("therese", "approved")).total).toBe(1);
    expect((await searchAll("nunez", "approved")).total).toBe(1);
    expect((await searchAll("jose@private", "pending")).total).toBe(1);
    expect((await searchAll("zo", "approved")).total).toBe(2); // Zoë and Zorro, not Lorenzo
    await expectSearchesMatch();
  });

  it("follows an edit, an approval and a deletion", async () => {
    const [zoe] = sql<{ id: number }>(server, "SELECT id FROM memorial_flowers WHERE baby_first_name = 'Zoe'");
    const edited = await admin.put(`${FLOWERS}/${zoe!.id}`, {
      babyFirstName: "Élodie",
      babyMiddleName: "",
      babyLastName: "Lee",
      lossDate: "",
      flowerType: "lily",
    });
    expect(edited.status).toBe(200);
    expect((await searchAll("elodie", "pending")).ids).toEqual([zoe!.id]);
    expect((await searchAll("zoe", "pending")).ids).toEqual([]);
    expect((await admin.post(`${FLOWERS}/${zoe!.id}/approve`)).status).toBe(200);
    expect((await searchAll("elodie", "approved")).ids).toEqual([zoe!.id]);
    expect((await searchAll("elodie", "pending")).ids).toEqual([]);
    const [jude] = sql<{ id: number }>(server, "SELECT id FROM memorial_flowers WHERE baby_first_name = 'Jude'");
    expect((await admin.delete(`${FLOWERS}/${jude!.id}`)).status).toBe(200);
    expect((await searchAll("jude", "pending")).ids).toEqual([]);
    await expectSearchesMatch(["elodie", "jude"]);
  });

  it("follows a bulk upload and a bulk update", async () => {
    const upload = await admin.post(`${FLOWERS}/bulk-upload`, { flowers: fakeGarden(300, 4) });
    expect(upload.status).toBe(200);
    await expectSearchesMatch(["clara", "alvarez", "sorensen", "van d"]);
    const rows = allRows().filter((r) => r.approved === 1);
    const flowers = rows.slice(0, 20).map((r) => ({
      id: r.id,
      babyFirstName: `Renamed${r.id}`,
      babyMiddleName: "Bénédicte",
      babyLastName: r.baby_last_name,
      lossDate: "",
      flowerType: r.flower_type,
    }));
    expect((await admin.put(`${FLOWERS}/bulk-update`, { flowers })).status).toBe(200);
    expect((await searchAll("benedicte", "approved")).total).toBe(20);
    await expectSearchesMatch(["renamed", "benedicte", `renamed${rows[3]!.id}`]);
  });

  it("follows a reset-and-import, and a failed import changes nothing", async () => {
    const csvData = garden120Rows();
    const ok = await admin.post(IMPORT, { csvData, adminKey: KEY });
    expect(ok.status).toBe(200);
    await expectSearchesMatch(["renamed", "elodie"]);
    expect((await searchAll("elodie", "approved")).total).toBe(0);

    const before = sql(server, "SELECT rowid, * FROM admin_flower_fts ORDER BY rowid");
    const db = openDb(server);
    db.exec(`CREATE TRIGGER fail_import BEFORE INSERT ON memorial_flowers WHEN NEW.baby_first_name = 'Injectedfailure' BEGIN
               SELECT RAISE(ABORT, 'injected failure');
             END;`);
    db.close();
    const failing = csvData.map((r) => ({ ...r }));
    failing[60]!["First Name"] = "Injectedfailure";
    failing[10]!["First Name"] = "Brandnew";
    expect((await admin.post(IMPORT, { csvData: failing, adminKey: KEY })).status).toBe(500);
    sql(server, "DROP TRIGGER fail_import");
    expect(sql(server, "SELECT rowid, * FROM admin_flower_fts ORDER BY rowid")).toEqual(before);
    expect((await searchAll("brandnew", "approved")).total).toBe(0);
    await expectSearchesMatch(["brandnew"]);
  });
});

describe("the admin search migration", () => {
  it("indexes the flowers a database already holds, waiting and approved", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-search-migration-"));
    try {
      const file = path.join(dir, "garden.sqlite");
      await (await openDatabase(file, undefined, migrations.slice(0, -1))).close();
      const db = new Database(file);
      legacyFoldingOn(db); // the triggers before the search text was stored call these
      const insert = db.prepare(`INSERT INTO memorial_flowers (parent_name, email, baby_first_name, baby_middle_name, baby_last_name, flower_type, approved)
        VALUES (?, ?, ?, ?, ?, 'lily', ?)`);
      insert.run("Ana Núñez", "ana@private.example", "Zoë", "Thérèse", "Pérez", 1);
      insert.run(null, null, "Jude", null, null, 0);
      db.close();
      const upgraded = await openDatabase(file);
      await upgraded.close();
      const after = new Database(file, { readonly: true });
      const match = (q: string, status: "pending" | "approved") =>
        after.prepare("SELECT rowid FROM admin_flower_fts WHERE admin_flower_fts MATCH ?").pluck(true).all(adminSearchMatch(q, status));
      expect(match("zoe therese", "approved")).toEqual([1]);
      expect(match("nunez", "approved")).toEqual([1]);
      expect(match("jude", "pending")).toEqual([2]);
      expect(match("jude", "approved")).toEqual([]);
      expect(match("2", "pending")).toEqual([2]);
      after.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the admin's flower search at 100,000 flowers", () => {
  const SIZE = 100_000;
  let big: TestServer;
  let team: Client;

  beforeAll(async () => {
    big = await startTestServer();
    team = await signedIn(big);
    // Written straight to the file through a second connection, as the CLI would: the triggers index each row.
    const db = new Database(big.config.databasePath, { timeout: 5000 });
    const insert =
      db.prepare(`INSERT INTO memorial_flowers (parent_name, email, baby_first_name, baby_middle_name, baby_last_name, loss_date, flower_type, approved,
        search_name, search_parent, search_email, name_initial)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const babies = fakeGarden(SIZE, 21);
    const parents = fakeGarden(SIZE, 22);
    const started = performance.now();
    db.transaction(() => {
      babies.forEach((f, i) => {
        const p = parents[i]!;
        const parentName = `${p.babyFirstName} ${p.babyLastName ?? "Smith"}`;
        const email = `family${i}@example.org`;
        const t = flowerSearchText({ ...f, parentName, email });
        insert.run(
          parentName,
          email,
          f.babyFirstName,
          f.babyMiddleName,
          f.babyLastName,
          f.lossDate,
          f.flowerType,
          i % 10 ? 1 : 0,
          t.searchName,
          t.searchParent,
          t.searchEmail,
          t.nameInitial,
        );
      });
    })();
    db.close();
    console.log(`${SIZE} flowers written (with their indexes) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, 180_000);
  afterAll(() => big?.stop());

  it("answers a search in about 20 ms at the 95th percentile, never near the old scan's 342 ms (three rounds of 31 searches, waiting and approved)", async () => {
    const searches = [
      "grace marie",
      "zielinski",
      "Núñez",
      "theo",
      "family4242@",
      "family99999@example.org",
      "4242",
      "77777",
      "bernadette",
      "van dijk",
      "o'brien",
      "okafor",
      "anna rosa",
      "lachance",
      "whitaker",
      "underwood",
      "miriam",
      "jose",
      "chloe",
      "samuel francis",
      "kowal",
      "fitzg",
      "reyes",
      "celik",
      "emond",
      "zo",
      "ju",
      "joseph thornton",
      "lucia",
      "isaac",
      "xyzzy",
    ];
    // Wall time on a machine shared with other work includes waiting for a processor; the CPU time
    // this process spent on the request (the server runs in it) is what the search itself costs.
    const wall: number[] = [];
    const cpu: number[] = [];
    const slowest: [number, string][] = [];
    for (let round = 0; round < 3; round++) {
      for (const q of searches) {
        for (const status of ["approved", "pending"]) {
          const path = `${FLOWERS}?status=${status}&page=1&pageSize=20&q=${encodeURIComponent(q)}`;
          if (round === 0) await team.get(path); // once to warm the statement cache, as a second look would
          const started = performance.now();
          const used = process.cpuUsage();
          const res = await team.get(path);
          await res.arrayBuffer();
          const spent = process.cpuUsage(used);
          wall.push(performance.now() - started);
          cpu.push((spent.user + spent.system) / 1000);
          slowest.push([wall.at(-1)!, `${status} "${q}"`]);
          expect(res.status).toBe(200);
        }
      }
    }
    const at = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)]!;
    const figures = (list: number[]) => `p50 ${at(list, 50).toFixed(1)} ms, p95 ${at(list, 95).toFixed(1)} ms, max ${at(list, 100).toFixed(1)} ms`;
    // Each search's own figure is the median of its three rounds (a pause of the shared machine counts once, not thrice).
    const perSearch = (list: number[]) => {
      const n = list.length / 3;
      return Array.from({ length: n }, (_, i) => at([list[i]!, list[i + n]!, list[i + 2 * n]!], 50));
    };
    console.log(
      `admin flower search at ${SIZE} flowers, ${wall.length / 3} searches × 3 rounds:\n` +
        `  every round: wall ${figures(wall)}; CPU ${figures(cpu)}\n` +
        `  per search (median of 3): wall ${figures(perSearch(wall))}; CPU ${figures(perSearch(cpu))}`,
    );
    slowest.sort((a, b) => b[0] - a[0]);
    console.log(
      `  slowest (wall): ${slowest
        .slice(0, 4)
        .map(([ms, what]) => `${what} ${ms.toFixed(1)} ms`)
        .join(", ")}`,
    );
    for (const q of ["a", "grace", "example.org"]) {
      const started = performance.now();
      const body = await json<AdminPage<AdminFlowerDto>>(await team.get(`${FLOWERS}?status=approved&q=${q}`));
      console.log(`  broadest searches: "${q}" finds ${body.total} in ${(performance.now() - started).toFixed(1)} ms`);
    }
    // Measured on a quiet machine: p95 15–20 ms of CPU per search (the scan it replaced: 342 ms). The bound
    // leaves room for a busy one (this process is also the client) and still fails on any scan of the garden.
    expect(at(perSearch(cpu), 95)).toBeLessThanOrEqual(30);
    expect(at(wall, 50)).toBeLessThanOrEqual(50); // a loose guard on what a person waits, even on a busy machine
  }, 120_000);
});
