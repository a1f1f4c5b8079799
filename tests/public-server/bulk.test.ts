import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { Client, json } from "../support/client";
import { checkBulk } from "../../shared/csv/flexible";
import { CSV_TEMPLATE } from "../../shared/csv/template";
import { count, errorBody, openDb, signedIn, sql } from "./fixtures";

const UPLOAD = "/api/admin/memorial-flowers/bulk-upload";
const UPDATE = "/api/admin/memorial-flowers/bulk-update";

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server);
});
afterAll(() => server.stop());

const flowerState = () =>
  sql(server, "SELECT id, baby_first_name, baby_middle_name, baby_last_name, loss_date, flower_type, version FROM memorial_flowers ORDER BY id");

async function expect400(res: Response, message: string) {
  expect(res.status).toBe(400);
  const body = await errorBody(res);
  expect(body.message).toBe(message);
  return body;
}

describe("POST bulk-upload", () => {
  it("adds the flowers of a CSV read by the shared flexible reader, approved and in the garden", async () => {
    const csv =
      "First Name,Middle Name,Last Name,Date of Loss,Flower Type\nAnna,,B.,May 2021,Pink Rose\nBenedict,Paul,,,forget me not\n,,Nobody,,lily\nClare,,,,\n";
    const checked = checkBulk(csv, "upload");
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.entries).toHaveLength(2);
    const res = await admin.post(UPLOAD, { flowers: checked.entries });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: "Successfully uploaded 2 memorial flowers.", count: 2 });
    expect(sql(server, "SELECT baby_first_name, flower_type, approved, parent_name, email FROM memorial_flowers ORDER BY id")).toEqual([
      { baby_first_name: "Anna", flower_type: "pink-rose", approved: 1, parent_name: null, email: null },
      { baby_first_name: "Benedict", flower_type: "forget-me-not", approved: 1, parent_name: null, email: null },
    ]);
    const garden = await json<{ babyFirstName: string }[]>(await new Client(server.url).get("/api/memorial-flowers"));
    expect(garden.map((f) => f.babyFirstName).sort()).toEqual(["Anna", "Benedict"]);
  });

  it("accepts the CSV template's sample rows", async () => {
    const checked = checkBulk(CSV_TEMPLATE, "upload");
    if (!checked.ok) throw new Error(checked.message);
    const res = await admin.post(UPLOAD, { flowers: checked.entries });
    expect((await json(res)).count).toBe(3);
  });

  it("validates on the server: first name required, flower type one of the ten; nothing is stored", async () => {
    const before = flowerState();
    const a = await expect400(
      await admin.post(UPLOAD, {
        flowers: [
          { babyFirstName: "Ok", flowerType: "lily" },
          { babyFirstName: " ", flowerType: "lily" },
        ],
      }),
      "First name is required",
    );
    expect(a.errors![0]!.path).toBe("flowers.1.babyFirstName");
    const b = await expect400(
      await admin.post(UPLOAD, {
        flowers: [
          { babyFirstName: "Ok", flowerType: "lily" },
          { babyFirstName: "Rose", flowerType: "rose" },
        ],
      }),
      "Please choose one of the ten flowers",
    );
    expect(b.errors![0]!.path).toBe("flowers.1.flowerType");
    await expect400(await admin.post(UPLOAD, { flowers: [] }), "Please provide CSV data to upload.");
    await expect400(await admin.post(UPLOAD, {}), "Please provide CSV data to upload.");
    expect(flowerState()).toEqual(before);
  });

  it("runs in one transaction: a failure on one row stores none of them", async () => {
    const before = flowerState();
    const db = openDb(server);
    db.exec("CREATE TRIGGER fail_bulk BEFORE INSERT ON memorial_flowers WHEN NEW.baby_first_name = 'Failsthree' BEGIN SELECT RAISE(ABORT, 'injected'); END;");
    db.close();
    const flowers = Array.from({ length: 1000 }, (_, i) => ({ babyFirstName: i === 700 ? "Failsthree" : `Bulk${i}`, flowerType: "tulip" }));
    const res = await admin.post(UPLOAD, { flowers });
    expect(res.status).toBe(500);
    await errorBody(res);
    expect(flowerState()).toEqual(before);
    const cleanup = openDb(server);
    cleanup.exec("DROP TRIGGER fail_bulk");
    cleanup.close();
  });
});

describe("PUT bulk-update", () => {
  let ids: number[];
  beforeAll(async () => {
    await admin.post(UPLOAD, {
      flowers: [
        { babyFirstName: "Upd1", flowerType: "lily" },
        { babyFirstName: "Upd2", flowerType: "lily" },
        { babyFirstName: "Upd3", flowerType: "lily" },
      ],
    });
    ids = sql<{ id: number }>(server, "SELECT id FROM memorial_flowers WHERE baby_first_name LIKE 'Upd%' ORDER BY id").map((r) => r.id);
  });

  it("changes the flowers by id (read by the shared reader), bumps their versions, and the garden shows it", async () => {
    const csv = `ID,First Name,Middle Name,Last Name,Date of Loss,Flower Type\n${ids[0]},Updated1,M,L,2019,Calla Lily\n${ids[1]},Updated2,,,,marigold\n`;
    const checked = checkBulk(csv, "update");
    if (!checked.ok) throw new Error(checked.message);
    const res = await admin.put(UPDATE, { flowers: checked.entries });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: "Successfully updated 2 memorial flowers.", count: 2, skipped: 0 });
    expect(
      sql(
        server,
        `SELECT baby_first_name, baby_middle_name, baby_last_name, loss_date, flower_type, version FROM memorial_flowers WHERE id IN (${ids.join(",")}) ORDER BY id`,
      ),
    ).toEqual([
      { baby_first_name: "Updated1", baby_middle_name: "M", baby_last_name: "L", loss_date: "2019", flower_type: "calla-lily", version: 2 },
      { baby_first_name: "Updated2", baby_middle_name: null, baby_last_name: null, loss_date: null, flower_type: "marigold", version: 2 },
      { baby_first_name: "Upd3", baby_middle_name: null, baby_last_name: null, loss_date: null, flower_type: "lily", version: 1 },
    ]);
    const garden = await json<{ babyFirstName: string }[]>(await new Client(server.url).get("/api/memorial-flowers"));
    expect(garden.map((f) => f.babyFirstName)).toContain("Updated1");
  });

  it("an unknown id changes nothing, and the answer names the ids", async () => {
    const before = flowerState();
    const res = await admin.put(UPDATE, {
      flowers: [
        { id: ids[2], babyFirstName: "Shouldnot", flowerType: "lily" },
        { id: 99991, babyFirstName: "X", flowerType: "lily" },
        { id: 99992, babyFirstName: "Y", flowerType: "lily" },
      ],
    });
    expect(res.status).toBe(400);
    const body = await errorBody(res);
    expect(body.message).toContain("99991");
    expect(body.message).toContain("99992");
    expect(body.message).toMatch(/Nothing was changed/);
    expect(flowerState()).toEqual(before);
  });

  it("validates on the server: every row needs an id, a first name and one of the ten flower types", async () => {
    const before = flowerState();
    await expect400(await admin.put(UPDATE, { flowers: [{ babyFirstName: "A", flowerType: "lily" }] }), "All entries must have an ID for bulk updates.");
    await expect400(await admin.put(UPDATE, { flowers: [{ id: ids[2], babyFirstName: "", flowerType: "lily" }] }), "First name is required");
    await expect400(await admin.put(UPDATE, { flowers: [{ id: ids[2], babyFirstName: "A", flowerType: "orchid" }] }), "Please choose one of the ten flowers");
    await expect400(await admin.put(UPDATE, { flowers: [] }), "Please provide CSV data to update.");
    expect(flowerState()).toEqual(before);
  });

  it("runs in one transaction: a failure on the second row leaves the first unchanged", async () => {
    const before = flowerState();
    const db = openDb(server);
    db.exec(
      "CREATE TRIGGER fail_update BEFORE UPDATE ON memorial_flowers WHEN NEW.baby_first_name = 'Failsupdate' BEGIN SELECT RAISE(ABORT, 'injected'); END;",
    );
    db.close();
    const res = await admin.put(UPDATE, {
      flowers: [
        { id: ids[0], babyFirstName: "Changedfirst", flowerType: "lily" },
        { id: ids[1], babyFirstName: "Failsupdate", flowerType: "lily" },
      ],
    });
    expect(res.status).toBe(500);
    await errorBody(res);
    expect(flowerState()).toEqual(before);
    expect(count(server, "memorial_flowers", "baby_first_name = 'Changedfirst'")).toBe(0);
  });
});
