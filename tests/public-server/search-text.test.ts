import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GardenPageDto } from "../../shared/garden";
import type { AdminFlowerDto, AdminPage } from "../../shared/schemas/admin";
import { flowerSearchText, nameSearchText } from "../../public-server/garden/searchText";
import { legacyFoldingOn } from "../../public-server/migrations/legacyFolding";
import { migrations } from "../../public-server/migrations";
import { openDatabase } from "../../public-server/db";
import { askCorrection } from "../../public-server/commands/corrections";
import { familyChange } from "../../public-server/commands/family";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { cleanupAfterAll } from "../support/cleanup";
import { signedIn, sql, submitFlower } from "./fixtures";

/*
 * A flower's search text is computed by the server and stored with it; the
 * search indexes' triggers only copy it. So any connection can write a
 * flower (the sqlite3 shell, another program, the CLI) without a function of
 * ours registered on it, and search stays right.
 */

const { tempDir } = cleanupAfterAll();
let server: TestServer;
let team: Client;
const visitor = () => new Client(server.url);

beforeAll(async () => {
  server = await startTestServer();
  team = await signedIn(server);
});
afterAll(() => server?.stop());

const gardenIds = async (query: string) => (await json<GardenPageDto>(await visitor().get(`/api/memorial-flowers/garden?${query}`))).flowers.map((f) => f.id);
const adminIds = async (status: "approved" | "pending", q: string) =>
  (await json<AdminPage<AdminFlowerDto>>(await team.get(`/api/admin/memorial-flowers?status=${status}&q=${encodeURIComponent(q)}`))).items.map((f) => f.id);

/** What both indexes hold for a flower, next to what its names are now. */
function indexed(id: number) {
  const [f] = sql<{ first: string; middle: string | null; last: string | null }>(
    server,
    "SELECT baby_first_name AS first, baby_middle_name AS middle, baby_last_name AS last FROM memorial_flowers WHERE id = ?",
    id,
  );
  const expected = nameSearchText({ babyFirstName: f!.first, babyMiddleName: f!.middle, babyLastName: f!.last });
  const admin = sql<{ name: string }>(server, "SELECT name FROM admin_flower_fts WHERE rowid = ?", id)[0]?.name;
  return { expected: expected.searchName, admin };
}

describe("a flower written by a connection without any function of ours", () => {
  it("is found by the garden's and the admin's search once inserted, and by its new name once renamed", async () => {
    const db = new Database(server.config.databasePath, { timeout: 5000 }); // plain, as the sqlite3 shell opens it
    try {
      const names = { babyFirstName: "Zoë", babyMiddleName: "Thérèse", babyLastName: "Éluard" };
      const t = flowerSearchText({ ...names, parentName: "Ana Núñez", email: "ana@private.example" });
      const id = Number(
        db
          .prepare(
            `INSERT INTO memorial_flowers (parent_name, email, baby_first_name, baby_middle_name, baby_last_name, flower_type, approved,
               search_name, search_parent, search_email, name_initial) VALUES (?, ?, ?, ?, ?, 'lily', 1, ?, ?, ?, ?)`,
          )
          .run(
            "Ana Núñez",
            "ana@private.example",
            names.babyFirstName,
            names.babyMiddleName,
            names.babyLastName,
            t.searchName,
            t.searchParent,
            t.searchEmail,
            t.nameInitial,
          ).lastInsertRowid,
      );
      expect(await gardenIds("search=zoe%20therese")).toEqual([id]);
      expect(await gardenIds("letter=E")).toEqual([id]);
      expect(await adminIds("approved", "nunez")).toEqual([id]);
      expect(await adminIds("approved", "el")).toEqual([id]);

      const renamed = nameSearchText({ ...names, babyFirstName: "Agnès", babyLastName: "Öberg" });
      db.prepare(`UPDATE memorial_flowers SET baby_first_name = ?, baby_last_name = ?, search_name = ?, name_initial = ? WHERE id = ?`).run(
        "Agnès",
        "Öberg",
        renamed.searchName,
        renamed.nameInitial,
        id,
      );
      expect(await gardenIds("search=agnes")).toEqual([id]);
      expect(await gardenIds("search=zoe")).toEqual([]);
      expect(await gardenIds("letter=O")).toEqual([id]);
      expect(await gardenIds("letter=E&flower=lily")).toEqual([]);
      expect(await adminIds("approved", "oberg")).toEqual([id]);
      expect(await adminIds("approved", "eluard")).toEqual([]);

      // A flower without its search text is refused, with a sentence saying what it needs, rather than left out of search.
      expect(() => db.prepare(`INSERT INTO memorial_flowers (baby_first_name, flower_type, approved) VALUES ('Nameless', 'lily', 1)`).run()).toThrow(
        /needs its search text/,
      );
    } finally {
      db.close();
    }
  });
});

describe("every way the server changes a flower's names", () => {
  it("stores the search text again: a correction applied at once, the surname shown as its initial and in full", async () => {
    const { id } = await submitFlower(server, { babyFirstName: "Mireille", babyMiddleName: "", babyLastName: "Àlvarez" });
    expect(await adminIds("pending", "alvarez")).toEqual([id]);
    // A waiting flower's correction is applied at once.
    expect(
      await askCorrection(server.parts.services, id, {
        babyFirstName: "Mírèille",
        babyMiddleName: null,
        babyLastName: "Dupré",
        lossDate: null,
        flowerType: "lily",
      }),
    ).toBe("applied");
    expect(indexed(id)).toEqual({ expected: "  mireille  dupre", admin: "  mireille  dupre" });
    expect(await adminIds("pending", "dupre")).toEqual([id]);
    expect(await familyChange(server.parts.services, id, "surname-initial")).toBe(true);
    expect(indexed(id)).toEqual({ expected: "  mireille  d.", admin: "  mireille  d." });
    expect(await familyChange(server.parts.services, id, "surname-full")).toBe(true);
    expect(indexed(id)).toEqual({ expected: "  mireille  dupre", admin: "  mireille  dupre" });
  });
});

describe("the migration that stores the search text", () => {
  it("fills it for the flowers a database already holds, as the old functions folded them", async () => {
    const file = path.join(tempDir("search-text-migration-"), "garden.sqlite");
    const upTo = migrations.findIndex((m) => m.name === "DbdoorStoredSearchText1797320000000");
    await (await openDatabase(file, undefined, migrations.slice(0, upTo))).close();
    const old = new Database(file);
    legacyFoldingOn(old); // the old triggers call these
    old
      .prepare(
        `INSERT INTO memorial_flowers (parent_name, email, baby_first_name, baby_middle_name, baby_last_name, flower_type, approved) VALUES (?, ?, ?, ?, ?, 'lily', 1)`,
      )
      .run("Ana Núñez", "ana@private.example", "Zoë", "Thérèse", "Éluard");
    old.prepare(`INSERT INTO memorial_flowers (baby_first_name, flower_type, approved) VALUES ('Jude', 'rose', 0)`).run();
    old.close();
    await (await openDatabase(file)).close();
    const after = new Database(file); // no function of ours from here on
    try {
      const columns = "search_name AS searchName, search_parent AS searchParent, search_email AS searchEmail, name_initial AS nameInitial";
      expect(after.prepare(`SELECT ${columns} FROM memorial_flowers ORDER BY id`).all()).toEqual([
        flowerSearchText({ babyFirstName: "Zoë", babyMiddleName: "Thérèse", babyLastName: "Éluard", parentName: "Ana Núñez", email: "ana@private.example" }),
        flowerSearchText({ babyFirstName: "Jude" }),
      ]);
      // And the upgraded database takes a rename from a plain connection, its garden index following.
      const renamed = nameSearchText({ babyFirstName: "Agnès", babyLastName: "Öberg" });
      after
        .prepare(`UPDATE memorial_flowers SET baby_first_name = ?, baby_middle_name = NULL, baby_last_name = ?, search_name = ?, name_initial = ? WHERE id = 1`)
        .run("Agnès", "Öberg", renamed.searchName, renamed.nameInitial);
      expect(after.prepare(`SELECT initial, folded FROM garden_index`).all()).toEqual([{ initial: "o", folded: "  agnes  oberg" }]);
    } finally {
      after.close();
    }
  });
});
