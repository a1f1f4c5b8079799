import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLOWER_TYPES } from "../../shared/flowers";
import { GARDEN_PAGE_SIZE, GARDEN_SEARCH_BOUND } from "../../shared/constants";
import type { GardenPageDto } from "../../shared/garden";
import { Client, json } from "../support/client";
import { fakeGarden } from "../support/fakeGarden";
import { nameSearchText } from "../../public-server/garden/searchText";
import { flowerInput, garden823Rows } from "./fixtures";
import { spawnServer, type SpawnedServer } from "./spawn";

/**
 * The garden's paged query against the real server (its own process, as a
 * large garden's garbage inside the test runner trips a known crash of
 * better-sqlite3's statement finaliser under Node 24) and a large generated
 * garden: every answer (flowers, order, counts, pages) must equal a brute-force
 * filter over the same rows read straight from the database, and the search
 * index must stay in step after every kind of write.
 */

const SIZE = 30_000;
const KEY = "garden-query-key";
let server: SpawnedServer;
let admin: Client;
let visitor: Client;
/** One reading connection for the whole file, as any other process would open the database. */
let db: Database.Database;
const statements = new Map<string, Database.Statement>();
function sql<T>(query: string, ...params: unknown[]): T[] {
  let statement = statements.get(query);
  if (!statement) statements.set(query, (statement = db.prepare(query)));
  if (!statement.reader) {
    statement.run(...params);
    return [];
  }
  return statement.all(...params) as T[];
}

interface Row {
  id: number;
  first: string;
  middle: string | null;
  last: string | null;
  type: string;
}

/** Folding written independently of the server's: decompose, drop combining marks, lower case. */
const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

function approvedRows(): Row[] {
  return sql<Row>(
    "SELECT id, baby_first_name AS first, baby_middle_name AS middle, baby_last_name AS last, flower_type AS type FROM memorial_flowers WHERE approved = 1",
  );
}

interface View {
  flower?: string;
  letter?: string;
  search?: string;
  page?: number;
}

const words = (s: string) => fold(s).trim().split(/\s+/).filter(Boolean);

/**
 * The expected answer, computed from the rows alone: a search of three characters or more is found
 * anywhere in the name (spaces between words taken as one), a shorter one at the start of a word;
 * a search counts at most GARDEN_SEARCH_BOUND matches (then `more`) and pages through those.
 */
function bruteForce(rows: Row[], v: View) {
  const needle = words(v.search ?? "").join(" ");
  const matching = rows
    .filter((r) => !v.flower || r.type === v.flower)
    .filter((r) => !v.letter || fold((r.last ?? "").trim()).startsWith(v.letter.toLowerCase()))
    .filter((r) => {
      if (!needle) return true;
      const name = words([r.first, r.middle, r.last].map((p) => p ?? "").join(" "));
      return [...needle].length >= 3 ? ` ${name.join(" ")}`.includes(needle) : name.some((w) => w.startsWith(needle));
    })
    .sort((a, b) => b.id - a.id);
  const bound = (v.search ?? "").trim() ? GARDEN_SEARCH_BOUND : Infinity;
  const more = matching.length > bound;
  const counted = matching.slice(0, bound);
  const pages = Math.max(1, Math.ceil(counted.length / GARDEN_PAGE_SIZE));
  const page = Math.min(v.page ?? 1, pages);
  return {
    ids: counted.slice((page - 1) * GARDEN_PAGE_SIZE, page * GARDEN_PAGE_SIZE).map((r) => r.id),
    matches: counted.length,
    more,
    total: rows.length,
    page,
    pages,
  };
}

async function view(v: View): Promise<GardenPageDto> {
  const params = new URLSearchParams();
  for (const [k, val] of Object.entries(v)) if (val !== undefined) params.set(k, String(val));
  const res = await visitor.get(`/api/memorial-flowers/garden?${params}`);
  expect(res.status).toBe(200);
  return json<GardenPageDto>(res);
}

async function expectSame(v: View, rows = approvedRows()) {
  const got = await view(v);
  const want = bruteForce(rows, v);
  expect(
    { ids: got.flowers.map((f) => f.id), matches: got.matches, more: got.more ?? false, total: got.total, page: got.page, pages: got.pages },
    JSON.stringify(v),
  ).toEqual(want);
  return got;
}

const SEARCHES = [
  "gra",
  "Gra",
  "GRACE",
  "zoe",
  "ZOË",
  "jose",
  "José",
  "nunez",
  "sorensen",
  "marie lee",
  "o'b",
  "e",
  "a",
  "an",
  "ri",
  "É",
  "ma",
  "lé",
  "xyz",
  '"',
  "%",
  "_a",
  "van d",
  "  hope  ",
];

/** Views that cover each filter alone and together, with several pages. */
function sampleViews(): View[] {
  const views: View[] = [{}, { page: 2 }, { page: 999_999 }];
  for (const flower of FLOWER_TYPES) views.push({ flower }, { flower, page: 7 });
  for (const letter of ["A", "C", "D", "E", "Q", "X", "Z"]) views.push({ letter }, { letter, page: 3 });
  views.push({ flower: "lily", letter: "E" }, { flower: "marigold", letter: "M", page: 2 });
  for (const search of SEARCHES) views.push({ search }, { search, page: 4 }, { search, flower: "pink-rose" }, { search, letter: "L" });
  return views;
}

/** The search index equals its source, and the counts equal a GROUP BY (a direct check of the triggers' work). */
function expectIndexInStep() {
  sql("INSERT INTO garden_fts (garden_fts, rank) VALUES ('integrity-check', 1)");
  const index = sql("SELECT id, flower_type, folded FROM garden_index ORDER BY id");
  type Row = { id: number; flower_type: string; baby_first_name: string; baby_middle_name: string | null; baby_last_name: string | null; search_name: string };
  const flowers = sql<Row>(
    "SELECT id, flower_type, baby_first_name, baby_middle_name, baby_last_name, search_name FROM memorial_flowers WHERE approved = 1 ORDER BY id",
  );
  // The stored text is the names folded as a search is, and the index holds it.
  const source = flowers.map((f) => ({
    id: f.id,
    flower_type: f.flower_type,
    folded: nameSearchText({ babyFirstName: f.baby_first_name, babyMiddleName: f.baby_middle_name, babyLastName: f.baby_last_name }).searchName,
  }));
  expect(flowers.map((f) => f.search_name)).toEqual(source.map((f) => f.folded));
  expect(index).toEqual(source);
  const counts = sql("SELECT flower_type, initial, n FROM garden_counts WHERE n > 0 ORDER BY 1, 2");
  const grouped = sql("SELECT flower_type, initial, count(*) AS n FROM garden_index GROUP BY 1, 2 ORDER BY 1, 2");
  expect(counts).toEqual(grouped);
}

async function expectInStep(searches: string[]) {
  expectIndexInStep();
  const rows = approvedRows();
  for (const search of searches) await expectSame({ search }, rows);
  await expectSame({}, rows);
}

beforeAll(async () => {
  server = await spawnServer({ ADMIN_IMPORT_KEY: KEY, ADMIN_USERNAME: "gardener", ADMIN_PASSWORD: "a long admin password" });
  // Statements are kept for the whole file (and none is left to the garbage collector while the
  // connection is open): that is when the finaliser's crash strikes inside the test runner.
  db = new Database(server.databasePath, { timeout: 5000 });
  admin = new Client(server.url);
  await admin.login("gardener", "a long admin password");
  visitor = new Client(server.url);
  const res = await admin.post("/api/admin/memorial-flowers/bulk-upload", { flowers: fakeGarden(SIZE, 7) });
  expect(res.status, await res.clone().text()).toBe(200);
  // A few pending flowers, which no view may show.
  for (let i = 0; i < 3; i++) expect((await visitor.post("/api/memorial-flowers", flowerInput({ babyFirstName: "Gracepending" }))).status).toBe(201);
}, 120_000);
afterAll(async () => {
  db?.close();
  await server?.cleanup();
});

describe("the paged garden query", () => {
  it(`equals a brute-force filter over ${SIZE.toLocaleString("en")} flowers for every filter, letter, search and page`, async () => {
    const rows = approvedRows();
    expect(rows).toHaveLength(SIZE);
    for (const v of sampleViews()) await expectSame(v, rows);
    expectIndexInStep();
  });

  it("searches accent-insensitively anywhere in first, middle or last name", async () => {
    const zoe = await view({ search: "zoe" });
    expect(zoe.matches).toBeGreaterThan(0);
    expect(zoe.flowers.every((f) => f.babyFirstName === "Zoë")).toBe(true);
    expect((await view({ search: "ZOË" })).matches).toBe(zoe.matches);
    const sor = await view({ search: "sorens" });
    expect(sor.flowers.every((f) => f.babyLastName === "Sørensen" || f.babyLastName?.includes("orens"))).toBe(true);
    const gra = await view({ search: "Gra" });
    expect(gra.flowers.some((f) => f.babyFirstName === "Grace" || f.babyMiddleName === "Grace")).toBe(true);
  });

  it("answers only public fields, and never shows pending flowers", async () => {
    const res = await view({ search: "Gracepending" });
    expect(res.matches).toBe(0);
    const all = await view({});
    expect(Object.keys(all.flowers[0]!).sort()).toEqual(["babyFirstName", "babyLastName", "babyMiddleName", "flowerType", "id", "lossDate"]);
  });

  it("reads any address leniently: unknown flowers, bad letters and pages fall back to all and page 1", async () => {
    const all = await view({});
    for (const q of ["flower=rose&letter=ab&page=-3", "page=abc&letter=1", "flower=LILY", "search=" + "x".repeat(5000)]) {
      const res = await visitor.get(`/api/memorial-flowers/garden?${q}`);
      expect(res.status, q).toBe(200);
    }
    const odd = await json<GardenPageDto>(await visitor.get("/api/memorial-flowers/garden?flower=rose&letter=ab&page=-3"));
    expect(odd.flowers.map((f) => f.id)).toEqual(all.flowers.map((f) => f.id));
  });

  it("keeps GET /api/memorial-flowers exactly as before: every approved flower, newest first, public fields", async () => {
    const list = await json<{ id: number }[]>(await visitor.get("/api/memorial-flowers"));
    const want = sql<{ id: number }>("SELECT id FROM memorial_flowers WHERE approved = 1 ORDER BY id DESC").map((r) => r.id);
    expect(list.map((f) => f.id)).toEqual(want);
    expect(Object.keys(list[0]!)).toEqual(["id", "babyFirstName", "babyMiddleName", "babyLastName", "lossDate", "flowerType"]);
  });
});

describe("the search index stays in step with every write", () => {
  it("serves a garden page of more than 64 KB the same to every client: brotli, gzip and neither", async () => {
    const path = "/garden-of-remembrance?flower=rose&page=2";
    const answers = [];
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await visitor.get(path, { "Accept-Encoding": encoding });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding === "identity" ? null : encoding);
      answers.push({ etag: res.headers.get("etag"), html: await res.text() });
    }
    expect(answers[0]!.html.length).toBeGreaterThan(64 * 1024);
    expect(answers[0]!.html).toContain("memorial-card");
    for (const other of answers.slice(1)) expect(other).toEqual(answers[0]);
  });

  it("sends a small view as gzip to a browser (cheaper to make than brotli, within bytes of it), and a page of garden as brotli", async () => {
    const browser = "gzip, deflate, br, zstd";
    const view = await visitor.get("/api/memorial-flowers/garden?search=ros&page=1", { "Accept-Encoding": browser });
    expect(view.headers.get("content-encoding")).toBe("gzip");
    const brOnly = await visitor.get("/api/memorial-flowers/garden?search=ros&page=1", { "Accept-Encoding": "br" });
    expect(brOnly.headers.get("content-encoding")).toBe("br");
    expect(await brOnly.json()).toEqual(await view.json());
    const page = await visitor.get("/garden-of-remembrance?flower=rose&page=3", { "Accept-Encoding": browser });
    expect(page.headers.get("content-encoding")).toBe("br");
  });

  it("approve, edit and delete", async () => {
    const pending = sql<{ id: number }>("SELECT id FROM memorial_flowers WHERE approved = 0 ORDER BY id");
    const [a, b] = pending;
    expect((await admin.post(`/api/admin/memorial-flowers/${a!.id}/approve`)).status).toBe(200);
    expect((await view({ search: "gracepending" })).matches).toBe(1);
    await expectInStep(["gracepending"]);

    const edit = await admin.put(`/api/admin/memorial-flowers/${a!.id}`, { babyFirstName: "Quillonwë", babyLastName: "Ýates", flowerType: "tulip" });
    expect(edit.status).toBe(200);
    expect((await view({ search: "gracepending" })).matches).toBe(0);
    const found = await view({ search: "quillonwe", letter: "Y", flower: "tulip" });
    expect(found.flowers.map((f) => f.id)).toEqual([a!.id]);
    await expectInStep(["quillon", "yates"]);

    expect((await admin.delete(`/api/admin/memorial-flowers/${a!.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/memorial-flowers/${b!.id}`)).status).toBe(200); // a pending one
    expect((await view({ search: "quillonwe" })).matches).toBe(0);
    await expectInStep(["quillon", "gracepending"]);
  });

  it("bulk upload and bulk update", async () => {
    const up = await admin.post("/api/admin/memorial-flowers/bulk-upload", {
      flowers: [
        { babyFirstName: "Marguerite", babyLastName: "Östberg", flowerType: "periwinkle" },
        { babyFirstName: "Bartholomew", flowerType: "lily" },
      ],
    });
    expect(up.status).toBe(200);
    await expectInStep(["ostberg", "bartholomew"]);
    const ids = sql<{ id: number }>("SELECT id FROM memorial_flowers ORDER BY id DESC LIMIT 2").map((r) => r.id);
    const update = await admin.put("/api/admin/memorial-flowers/bulk-update", {
      flowers: [
        { id: ids[0], babyFirstName: "Bartholomäus", babyLastName: "Quint", flowerType: "carnation" },
        { id: ids[1], babyFirstName: "Marguerite", babyLastName: "Aalto", flowerType: "periwinkle" },
      ],
    });
    expect(update.status).toBe(200);
    expect((await view({ search: "ostberg" })).matches).toBe(0);
    expect((await view({ search: "bartholomaus", letter: "Q" })).matches).toBe(1);
    await expectInStep(["ostberg", "aalto", "bartholomaus"]);
  });

  it("a failed reset-and-import leaves the index as it was; a good one replaces it", async () => {
    const before = await view({ search: "gra", page: 3 });
    const rows = garden823Rows();
    const bad = rows.map((r) => ({ ...r }));
    bad[700]!["First Name"] = "Failinjected";
    db.exec(
      `CREATE TRIGGER fail_import BEFORE INSERT ON memorial_flowers WHEN NEW.baby_first_name = 'Failinjected' BEGIN SELECT RAISE(ABORT, 'injected'); END;`,
    );
    const failed = await admin.post("/api/admin/memorial-flowers/reset-and-import", { csvData: bad, adminKey: KEY });
    expect(failed.status).toBe(500);
    expect(await view({ search: "gra", page: 3 })).toEqual(before);
    await expectInStep(["gra", "failinjected"]);

    const ok = await admin.post("/api/admin/memorial-flowers/reset-and-import", { csvData: rows, adminKey: KEY });
    expect(ok.status).toBe(200);
    expect((await view({})).total).toBe(823);
    await expectInStep(SEARCHES);
    for (const v of sampleViews()) await expectSame(v);
  });
});
