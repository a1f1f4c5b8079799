import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkBulk, uploadCsv } from "../../shared/csv";
import type { AdminFlowerDto } from "../../shared/schemas/admin";
import { startTestServer, type TestServer } from "../support/testServer";
import { adminItems, type Client } from "../support/client";
import { AWKWARD_NAMES } from "../support/awkwardNames";
import { signedIn, sql } from "./fixtures";

/**
 * Download → edit → upload with names that CSV and spreadsheets treat
 * specially, against the real server: what the garden download writes comes
 * back into the garden identically, whichever way it is sent back.
 */
const FLOWERS = "/api/admin/memorial-flowers";
const CSV = { "Content-Type": "text/csv; charset=utf-8" };

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server);
});
afterAll(() => server?.stop());

/** Every awkward name in each free-text column, somewhere. */
const flowers = AWKWARD_NAMES.map((name, i) => ({
  babyFirstName: name,
  babyMiddleName: AWKWARD_NAMES[(i + 5) % AWKWARD_NAMES.length]!,
  babyLastName: AWKWARD_NAMES[(i + 11) % AWKWARD_NAMES.length]!,
  lossDate: AWKWARD_NAMES[(i + 17) % AWKWARD_NAMES.length]!,
  flowerType: i % 2 ? "forget-me-not" : "ox-eye-daisy",
}));

type Stored = {
  id: number;
  baby_first_name: string;
  baby_middle_name: string;
  baby_last_name: string;
  loss_date: string;
  flower_type: string;
  version: number;
};
const stored = () =>
  sql<Stored>(server, "SELECT id, baby_first_name, baby_middle_name, baby_last_name, loss_date, flower_type, version FROM memorial_flowers ORDER BY id");
const asFlower = (row: Stored) => ({
  babyFirstName: row.baby_first_name,
  babyMiddleName: row.baby_middle_name,
  babyLastName: row.baby_last_name,
  lossDate: row.loss_date,
  flowerType: row.flower_type,
});

describe("the garden CSV round trip with awkward names", () => {
  it("stores the apps' CSV upload exactly as checked", async () => {
    const checked = checkBulk(uploadCsv(flowers), "upload");
    if (!checked.ok) throw new Error(`${checked.title}: ${checked.message}`);
    expect(checked.entries).toEqual(flowers);
    const res = await admin.post(`${FLOWERS}/bulk-upload`, uploadCsv(checked.entries), CSV);
    expect(res.status).toBe(200);
    expect(stored().map(asFlower)).toEqual(flowers);
  });

  it("gives back every name identically when the download is sent back as a bulk update", async () => {
    const before = stored();
    const download = await admin.get(`${FLOWERS}/export.csv`);
    expect(download.status).toBe(200);
    const text = await download.text();
    // What the web admin and the desktop app send: the rows the shared reader takes from the file.
    const checked = checkBulk(text, "update");
    if (!checked.ok) throw new Error(`${checked.title}: ${checked.message}`);
    expect(checked.skipped).toEqual([]);
    expect(checked.entries).toEqual(before.map((row) => ({ id: row.id, ...asFlower(row), version: row.version })));

    const res = await admin.put(`${FLOWERS}/bulk-update`, { flowers: checked.entries });
    expect(res.status).toBe(200);
    expect(stored()).toEqual(before);
    // The file itself, as both apps send an update now: read by the server's own streamed reader.
    expect((await admin.put(`${FLOWERS}/bulk-update`, text, CSV)).status).toBe(200);
    expect(stored()).toEqual(before);
    const listed = await adminItems<AdminFlowerDto>(admin, FLOWERS);
    expect(listed.map((f) => f.babyFirstName).sort()).toEqual([...AWKWARD_NAMES].sort());
  });

  it("an edit made in the file changes that name only, every other name staying identical", async () => {
    const before = stored();
    const text = await (await admin.get(`${FLOWERS}/export.csv`)).text();
    // A spreadsheet's edit: the cell holding `Comma, "Quote"` as a first name becomes `Comma, "Quoted"`.
    const edited = text.replace('"Comma, ""Quote""",', '"Comma, ""Quoted""",');
    expect(edited).not.toBe(text);
    const checked = checkBulk(edited, "update");
    if (!checked.ok) throw new Error(checked.message);
    expect((await admin.put(`${FLOWERS}/bulk-update`, { flowers: checked.entries })).status).toBe(200);
    const after = stored();
    const changed = after.filter((row, i) => JSON.stringify(row) !== JSON.stringify(before[i]));
    expect(changed.map((row) => row.baby_first_name)).toEqual(['Comma, "Quoted"']);
  });

  it("reads the download itself, sent as a CSV file, into the same names (the server's own reader)", async () => {
    const before = stored().map(asFlower);
    const text = await (await admin.get(`${FLOWERS}/export.csv`)).text();
    const res = await admin.post(`${FLOWERS}/bulk-upload`, text, CSV);
    expect(res.status).toBe(200);
    expect(stored().slice(before.length).map(asFlower)).toEqual(before);
  });
});
