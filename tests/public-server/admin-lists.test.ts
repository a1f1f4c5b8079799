import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLOWER_TYPES } from "../../shared/flowers";
import { checkBulk } from "../../shared/csv/flexible";
import type { AdminFlowerDto, AdminPage } from "../../shared/schemas/admin";
import { startTestServer, type TestServer } from "../support/testServer";
import { json, type Client } from "../support/client";
import { liveFlower, signedIn, sql, submitFlower } from "./fixtures";

/**
 * The web admin's lists at garden scale: 100,000 approved flowers, paged,
 * searched and filtered on the server, each answer timed (printed); the
 * garden's CSV download in the bulk-update format, formula-safe, that sent
 * back as a bulk update changes nothing; and the bulk upload's duplicate check.
 */

const FLOWERS = "/api/admin/memorial-flowers";
const GARDEN_SIZE = 100_000;

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server);
}, 60_000);
afterAll(() => server?.stop());

async function timed<T>(path: string): Promise<{ body: T; ms: number }> {
  const started = performance.now();
  const res = await admin.get(path);
  const ms = performance.now() - started;
  expect(res.status, path).toBe(200);
  return { body: await json<T>(res), ms };
}

describe("admin lists at 100,000 approved flowers", () => {
  beforeAll(async () => {
    for (let start = 0; start < GARDEN_SIZE; start += 10_000) {
      const flowers = Array.from({ length: 10_000 }, (_, i) => {
        const n = start + i;
        return { babyFirstName: `Baby${n}`, babyLastName: `Family${n % 977}`, lossDate: null, flowerType: FLOWER_TYPES[n % FLOWER_TYPES.length] };
      });
      const res = await admin.post(`${FLOWERS}/bulk-upload`, { flowers });
      expect(res.status).toBe(200);
    }
    await submitFlower(server, { babyFirstName: "Waiting", babyLastName: "Pending" });
  }, 300_000);

  it("pages, searches and filters on the server, fast", async () => {
    const timings: string[] = [];
    const check = async <T>(label: string, path: string) => {
      await admin.get(path); // once to warm the statement cache, as a second look would
      const result = await timed<T>(path);
      timings.push(`${label.padEnd(34)} ${result.ms.toFixed(1).padStart(7)} ms`);
      expect(result.ms, label).toBeLessThan(1000);
      return result.body;
    };

    const first = await check<AdminPage<AdminFlowerDto>>("approved, page 1", `${FLOWERS}?status=approved&page=1&pageSize=20`);
    expect(first.total).toBe(GARDEN_SIZE);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.babyFirstName).toBe(`Baby${GARDEN_SIZE - 1}`);

    const last = await check<AdminPage<AdminFlowerDto>>("approved, last page", `${FLOWERS}?status=approved&page=5000&pageSize=20`);
    expect(last.items.at(-1)!.babyFirstName).toBe("Baby0");

    const byType = await check<AdminPage<AdminFlowerDto>>("approved, one flower type", `${FLOWERS}?status=approved&type=marigold&page=2`);
    expect(byType.total).toBe(GARDEN_SIZE / FLOWER_TYPES.length);
    expect(byType.items.every((f) => f.flowerType === "marigold")).toBe(true);

    const search = await check<AdminPage<AdminFlowerDto>>("approved, search a name", `${FLOWERS}?status=approved&q=baby4242`);
    expect(search.items.map((f) => f.babyFirstName)).toEqual(expect.arrayContaining(["Baby4242", "Baby42420"]));
    expect(search.total).toBe(11); // Baby4242 and Baby42420 to Baby42429
    expect(search.items.every((f) => f.babyFirstName.startsWith("Baby4242"))).toBe(true);

    const byId = await check<AdminPage<AdminFlowerDto>>("approved, search an ID", `${FLOWERS}?status=approved&q=${first.items[0]!.id}`);
    expect(byId.items[0]!.id).toBe(first.items[0]!.id);

    const family = await check<AdminPage<AdminFlowerDto>>("approved, search + type", `${FLOWERS}?status=approved&q=family12&type=lily`);
    expect(family.items.every((f) => f.flowerType === "lily" && f.babyLastName!.startsWith("Family12"))).toBe(true);

    const pending = await check<AdminPage<AdminFlowerDto>>("pending, page 1", `${FLOWERS}?status=pending`);
    expect(pending.items.map((f) => f.babyFirstName)).toEqual(["Waiting"]);

    const none = await check<AdminPage<AdminFlowerDto>>("approved, no match", `${FLOWERS}?status=approved&q=${encodeURIComponent("100%_")}`);
    expect(none.total).toBe(0);

    console.log(`admin list server time at ${GARDEN_SIZE} approved flowers:\n${timings.map((t) => `  ${t}`).join("\n")}`);
  }, 120_000);

  it("refuses a list query it cannot read, with a sentence", async () => {
    const res = await admin.get(`${FLOWERS}?status=approved&pageSize=5000`);
    expect(res.status).toBe(400);
    expect((await json<{ message: string }>(res)).message).toMatch(/100|pageSize/);
  });

  it("downloads the whole garden as CSV with IDs in the bulk-update format", async () => {
    const started = performance.now();
    const res = await admin.get(`${FLOWERS}/export.csv`);
    const text = await res.text();
    console.log(`garden CSV of ${GARDEN_SIZE} flowers: ${(text.length / 1e6).toFixed(1)} MB in ${(performance.now() - started).toFixed(0)} ms`);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="garden-of-remembrance\.csv"/);
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("ID,First Name,Middle Name,Last Name,Date of Loss,Flower Type,Version");
    expect(lines).toHaveLength(GARDEN_SIZE + 1);
    expect(text).not.toContain("Waiting"); // the garden only: nothing waiting for review
  }, 60_000);
});

describe("the garden CSV sent back as a bulk update", () => {
  let small: TestServer;
  let team: Client;
  beforeAll(async () => {
    small = await startTestServer();
    team = await signedIn(small);
    await liveFlower(small, team, { babyFirstName: "Grace", babyMiddleName: "Marie", babyLastName: "Lee", lossDate: "May 2, 2021", flowerType: "lily" });
    await liveFlower(small, team, { babyFirstName: "=HYPERLINK(1)", babyLastName: "+Plus", lossDate: "-3 weeks", flowerType: "ox-eye-daisy" });
    await liveFlower(small, team, { babyFirstName: "Comma, Here", babyLastName: "@home", lossDate: null, flowerType: "forget-me-not" });
    await submitFlower(small, { babyFirstName: "NotYet" });
  }, 60_000);
  afterAll(() => small?.stop());

  const state = () => sql(small, "SELECT * FROM memorial_flowers ORDER BY id");

  it("neutralises formulas, and re-uploaded as an update changes nothing", async () => {
    const text = await (await team.get(`${FLOWERS}/export.csv`)).text();
    expect(text).toContain(`"'=HYPERLINK(1)"`);
    expect(text).toContain("'+Plus");
    expect(text).toContain("'-3 weeks");
    expect(text).toContain("'@home");
    expect(text).toContain("Ox-Eye Daisy");
    const before = state();
    const checked = checkBulk(text, "update");
    if (!checked.ok) throw new Error(`${checked.title}: ${checked.message}`);
    expect(checked.entries).toHaveLength(3);
    expect(checked.entries[1]).toMatchObject({ babyFirstName: "=HYPERLINK(1)", babyLastName: "+Plus", lossDate: "-3 weeks", flowerType: "ox-eye-daisy" });
    const res = await team.put(`${FLOWERS}/bulk-update`, { flowers: checked.entries });
    expect(res.status).toBe(200);
    expect(state()).toEqual(before);
  });

  it("an edited row changes that flower only", async () => {
    const text = await (await team.get(`${FLOWERS}/export.csv`)).text();
    const before = state();
    const checked = checkBulk(text.replace("Grace,Marie", "Grace,Maria"), "update");
    if (!checked.ok) throw new Error(checked.message);
    await team.put(`${FLOWERS}/bulk-update`, { flowers: checked.entries });
    const after = state();
    const changed = after.filter((row, i) => JSON.stringify(row) !== JSON.stringify(before[i]));
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ baby_first_name: "Grace", baby_middle_name: "Maria", version: (before[0]!.version as number) + 1 });
  });

  it("finds the rows of a bulk upload that are already in the garden exactly", async () => {
    const res = await team.post(`${FLOWERS}/duplicates`, {
      flowers: [
        { babyFirstName: "Grace", babyMiddleName: "Maria", babyLastName: "Lee", lossDate: "May 2, 2021", flowerType: "lily" },
        { babyFirstName: "Grace", babyMiddleName: "Maria", babyLastName: "Lee", lossDate: "May 3, 2021", flowerType: "lily" },
        { babyFirstName: "NotYet", babyLastName: "K.", lossDate: "Spring 2024", flowerType: "lily" },
        { babyFirstName: "Comma, Here", babyLastName: "@home", lossDate: "", flowerType: "forget-me-not" },
      ],
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ duplicates: [0, 3] });
  });
});
