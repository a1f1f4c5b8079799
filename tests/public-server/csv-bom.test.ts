import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkBulk, CSV_BOM, decodeCsvBytes, parseStrictCsv, readCsvRecords, stripBom } from "../../shared/csv";
import { startTestServer, type TestServer } from "../support/testServer";
import type { Client } from "../support/client";
import { flowerInput, signedIn, sql } from "./fixtures";

/**
 * Both CSV downloads start with a UTF-8 byte-order mark, so Excel on Windows reads "Zoë" as Zoë, and
 * every reader of ours (the shared readers, the byte decoder both apps use, the server's streamed
 * upload) takes it off again: the download sent back changes nothing.
 */
const FLOWERS = "/api/admin/memorial-flowers";
const CSV = { "Content-Type": "text/csv; charset=utf-8" };
let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server);
  const upload = await admin.post(`${FLOWERS}/bulk-upload`, {
    flowers: [
      { babyFirstName: "Zoë", babyLastName: "Ångström", flowerType: "lily" },
      { babyFirstName: "Noël", flowerType: "lily" },
    ],
  });
  expect(upload.status, await upload.clone().text()).toBe(200);
  const flower = await admin.post("/api/memorial-flowers", flowerInput({ babyFirstName: "Zoë", parentName: "Chloë Brontë", email: "chloe@example.com" }));
  expect(flower.status, await flower.clone().text()).toBe(201);
});
afterAll(() => server.stop());

async function bytesOf(path: string): Promise<Uint8Array> {
  const res = await admin.get(path);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe("CSV downloads and the byte-order mark", () => {
  it.each([`${FLOWERS}/export.csv`, "/api/admin/mailing-list.csv"])("%s starts with the UTF-8 byte-order mark, once", async (path) => {
    const bytes = await bytesOf(path);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect([...bytes.slice(3, 6)]).not.toEqual([0xef, 0xbb, 0xbf]);
    const raw = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(raw.startsWith(CSV_BOM)).toBe(true);
    expect(raw).toContain("Zoë");
  });

  it("every reader takes the mark off: the shared readers, the byte decoder, and the download sent back as an update", async () => {
    const bytes = await bytesOf(`${FLOWERS}/export.csv`);
    const raw = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(stripBom(raw).startsWith("ID,")).toBe(true);
    expect(readCsvRecords(raw).records[0]![0]).toBe("ID");
    const decoded = decodeCsvBytes(bytes);
    if (!decoded.ok) throw new Error(decoded.message);
    expect(decoded.text.startsWith(CSV_BOM)).toBe(false);
    const checked = checkBulk(raw, "update");
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.entries.map((e) => e.babyFirstName).sort()).toEqual(["Noël", "Zoë"]);

    const before = sql(server, "SELECT id, baby_first_name, baby_last_name, flower_type, version FROM memorial_flowers ORDER BY id");
    // The file itself, mark and all, through the server's streamed reader.
    const res = await admin.put(`${FLOWERS}/bulk-update`, bytes, CSV);
    expect(res.status).toBe(200);
    expect(sql(server, "SELECT id, baby_first_name, baby_last_name, flower_type, version FROM memorial_flowers ORDER BY id")).toEqual(before);

    const list = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await bytesOf("/api/admin/mailing-list.csv"));
    expect(readCsvRecords(list).records[0]).toEqual(["Name", "Email", "Baby", "Opted in on", "List-Unsubscribe", "Language"]);
    expect(() => parseStrictCsv(`${CSV_BOM}Baby First Name,Flower Type\r\nZoë,lily\r\n`, 1)).not.toThrow();
  });
});
