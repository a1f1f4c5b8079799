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
import { rowsRead, tempDir, testEncryptor } from "./support";

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

    const result = await service.bulkUpload(rowsRead(text));

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

describe("the same upload twice from the desktop app", () => {
  const clear = () => {
    const db = new Database(server.config.databasePath);
    db.exec("DELETE FROM memorial_flowers");
    db.close();
  };
  const file = (names: string[]) => ["First Name,Last Name,Flower Type", ...names.map((n) => `${n},Again,Lily`)].join("\n");
  const signedInService = async (fetchFn: typeof fetch = fetch) => {
    const service = new DesktopService({ dataDir: tempDir(), encryptor: testEncryptor(), platform: "linux", sync: { backoffMs: 1 }, fetch: fetchFn });
    expect(await service.signIn({ serverUrl: server.url, username: "volunteer", password: "correct horse battery", remember: false })).toMatchObject({
      ok: true,
    });
    return service;
  };

  it("tries an upload cut off after the server saved it again with the same key, and adds its rows once", async () => {
    clear();
    const keys: (string | null)[] = [];
    let cut = false;
    // The connection drops once, after the server has answered and before the app reads the answer.
    const cutting = (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
      if (!String(input).endsWith("/bulk-upload")) return fetch(input, init);
      keys.push(new Headers(init?.headers).get("Idempotency-Key"));
      const res = await fetch(input, init);
      if (cut) return res;
      cut = true;
      await res.body?.cancel();
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }) });
    }) as typeof fetch;
    const service = await signedInService(cutting);

    const result = await service.bulkUpload(rowsRead(file(["Cut", "Off", "Once"])));

    expect(result).toEqual({ ok: true, value: { message: "Successfully uploaded 3 memorial flowers.", count: 3, skipped: 0 } });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(stored()).toHaveLength(3);
  });

  it("says the rows were uploaded already when Upload is pressed again, and adds nothing", async () => {
    clear();
    const service = await signedInService();
    const text = file(["Pressed", "Twice"]);
    const reading = { reading: "the-file-as-chosen-once" };
    expect(await service.bulkUpload({ ...rowsRead(text), ...reading })).toMatchObject({
      ok: true,
      value: { message: "Successfully uploaded 2 memorial flowers.", count: 2 },
    });
    expect(await service.bulkUpload({ ...rowsRead(text), ...reading })).toMatchObject({
      ok: true,
      value: { message: "These 2 rows were uploaded already, so nothing was added again.", count: 2 },
    });
    // The file chosen again (or the app restarted) is a new reading: its rows already in the garden are left out.
    expect(await service.bulkUpload({ ...rowsRead(text), reading: "the-file-chosen-again", skipDuplicates: true })).toMatchObject({
      ok: true,
      value: { message: "Every row is already in the garden, so there is nothing to upload.", count: 0, duplicates: 2 },
    });
    expect(stored()).toHaveLength(2);
  });

  it("tells how many rows are already in the garden, and leaves them out when asked", async () => {
    clear();
    const service = await signedInService();
    expect(await service.bulkUpload(rowsRead(file(["Known", "Also"])))).toMatchObject({ ok: true });

    const text = file(["Known", "Also", "Fresh"]);
    expect(await service.findDuplicates(rowsRead(text).entries)).toEqual({ ok: true, value: 2 });
    expect(await service.findDuplicates(rowsRead(file(["Nobody"])).entries)).toEqual({ ok: true, value: 0 });
    expect(await service.bulkUpload({ ...rowsRead(text), skipDuplicates: true })).toEqual({
      ok: true,
      value: { message: "Successfully uploaded 1 memorial flower.", count: 1, skipped: 0, duplicates: 2 },
    });
    expect(await service.bulkUpload({ ...rowsRead(text), skipDuplicates: true })).toEqual({
      ok: true,
      value: { message: "Every row is already in the garden, so there is nothing to upload.", count: 0, skipped: 0, duplicates: 3 },
    });
    expect(stored().map((f) => (f as { babyFirstName: string }).babyFirstName)).toEqual(["Known", "Also", "Fresh"]);
  });
});
