/**
 * The desktop's bulk upload against the real server: the rows its check
 * keeps go to the server as a CSV file (the streamed route, written on the
 * server's large-write thread), and arrive exactly as the check read them.
 */
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DesktopService } from "../../admin-desktop/main/service";
import { checkBulk } from "../../shared/csv/flexible";
import { startTestServer, type TestServer } from "../support/testServer";
import { tempDir, testEncryptor } from "./support";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.createUser("volunteer", "correct horse battery");
});
afterAll(() => server?.stop());

const stored = () => {
  const db = new Database(server.config.databasePath, { readonly: true });
  try {
    return db
      .prepare(
        "SELECT baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName, baby_last_name AS babyLastName, loss_date AS lossDate, flower_type AS flowerType, approved FROM memorial_flowers ORDER BY id",
      )
      .all();
  } finally {
    db.close();
  }
};

describe("bulk upload from the desktop app", () => {
  it("stores exactly the rows its check keeps, quotes, commas, line breaks and accents included", async () => {
    // The real fetch, noting what kind of body each upload carried.
    const sent: string[] = [];
    const noting = ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
      if (String(input).endsWith("/bulk-upload")) sent.push(new Headers(init?.headers).get("Content-Type") ?? "");
      return fetch(input, init);
    }) as typeof fetch;
    const service = new DesktopService({ dataDir: tempDir(), encryptor: testEncryptor(), platform: "linux", sync: { backoffMs: 1 }, fetch: noting });
    expect(await service.signIn({ serverUrl: server.url, username: "volunteer", password: "correct horse battery", remember: false })).toMatchObject({
      ok: true,
    });
    const text = [
      "First Name,Middle Name,Last Name,Date of Loss,Flower Type",
      '"Anna, Maria",,"O\'Brien ""Annie""",May 2021,Pink Rose',
      '"Benedict","Paul\nJohn",,,forget me not',
      "  Zoë  ,,Núñez,2020-01-02,LILY",
      ",,Nameless,,Lily",
      "Clare,,,,lily",
    ].join("\n");
    const checked = checkBulk(text, "upload");
    if (!checked.ok) throw new Error(checked.message);

    const result = await service.bulkUpload(text);

    expect(result).toEqual({ ok: true, value: { message: "Successfully uploaded 4 memorial flowers.", count: 4, skipped: 1 } });
    expect(sent).toEqual(["text/csv; charset=utf-8"]);
    expect(stored()).toEqual(
      checked.entries.map((e) => ({
        babyFirstName: e.babyFirstName,
        babyMiddleName: e.babyMiddleName ?? null,
        babyLastName: e.babyLastName ?? null,
        lossDate: e.lossDate ?? null,
        flowerType: e.flowerType,
        approved: 1,
      })),
    );
    expect(stored().map((f) => (f as { babyFirstName: string }).babyFirstName)).toEqual(["Anna, Maria", "Benedict", "Zoë", "Clare"]);
  });
});
