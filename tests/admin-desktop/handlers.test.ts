/** IPC handlers with hostile input: every bad argument answers { ok: false }, never a throw. */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHandlers, schemas } from "../../admin-desktop/main/handlers";
import { DesktopService } from "../../admin-desktop/main/service";
import type { InvokeChannel } from "../../admin-desktop/ipc";
import { startTestServer, type TestServer } from "../support/testServer";
import { tempDir, testEncryptor } from "./support";

const HOSTILE: unknown[] = [
  null,
  0,
  -1,
  Number.NaN,
  1e308,
  "x".repeat(6 * 1024 * 1024),
  "../../../../etc/passwd",
  "..\\..\\windows\\system32",
  "/etc/shadow",
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"admin": true}}'),
  [],
  ["../x"],
  { text: "../../etc/passwd", adminKey: "k", confirmed: "yes" },
  // Rows the window's reader never sends: a value of another kind, a key it never writes, a cell too long for any file.
  { entries: [{ babyFirstName: { toString: "x" }, flowerType: "lily" }], skipped: 0, skipDuplicates: false, reading: "a-reading-of-the-text" },
  { entries: [{ babyFirstName: "A", flowerType: "lily", role: "admin" }], skipped: 0, skipDuplicates: false, reading: "a-reading-of-the-text" },
  { entries: [{ babyFirstName: "A".repeat(20_000), flowerType: "lily", id: 1 }], skipped: 0 },
  { rows: [{ "First Name": ["A"], "Flower Type": "Lily" }], adminKey: "k", confirmed: true },
  { rows: [{ "../First Name": "A" }], adminKey: "k", confirmed: true },
  { kind: "testimonial", itemId: "1", version: 1, action: "approve" },
  { kind: "../users", itemId: 1, version: 1, action: "approve" },
  { kind: "testimonial", itemId: 1.5, version: 1, action: "approve" },
  { kind: "testimonial", itemId: 1, version: -1, action: "approve" },
  { kind: "testimonial", itemId: 1, version: 1, action: "delete-everything" },
  { serverUrl: "file:///etc/passwd", username: "a", password: "b" },
  { serverUrl: 1, username: null, password: {}, remember: "yes" },
  Symbol.for("x").description,
  true,
];

let server: TestServer;
let handlers: ReturnType<typeof createHandlers>;
let dir: string;
const chosen: { path: string | null } = { path: null };

beforeAll(async () => {
  server = await startTestServer();
  dir = tempDir();
  const service = new DesktopService({
    dataDir: dir,
    encryptor: testEncryptor(),
    platform: "linux",
    chooseCsvFile: async () => chosen.path,
    openExternal: async () => undefined,
  });
  handlers = createHandlers(service);
});
afterAll(() => server?.stop());

describe("IPC handlers with hostile input", () => {
  const channels = Object.keys(schemas) as InvokeChannel[];

  it.each(channels)("%s answers { ok: false } to every bad argument, never throws", async (channel) => {
    for (const input of HOSTILE) {
      const schema = schemas[channel];
      // Inputs a channel legitimately accepts (e.g. any short string for openExternal) are checked below instead.
      // Async: the CSV rows' check works in turns.
      if ((await schema.safeParseAsync(input)).success) continue;
      const result = await handlers[channel](input);
      expect(result, `${channel} ← ${String(JSON.stringify(input)).slice(0, 60)}`).toMatchObject({ ok: false, code: "invalid-input" });
    }
  });

  it("no-argument channels refuse any argument", async () => {
    for (const channel of ["getStatus", "signOut", "pickCsv", "syncNow", "downloadForReview", "getReview"] as const) {
      expect(await handlers[channel]({ path: "/etc/passwd" })).toMatchObject({ ok: false });
      expect(await handlers[channel]("../../etc/passwd")).toMatchObject({ ok: false });
    }
  });

  it("string channels that pass the schema still refuse what they must", async () => {
    expect(await handlers.openExternal("../../etc/passwd")).toMatchObject({ ok: false });
    expect(await handlers.openExternal("file:///etc/passwd")).toMatchObject({ ok: false });
    expect(await handlers.openExternal("javascript:alert(1)")).toMatchObject({ ok: false });
    expect(await handlers.openExternal("https://example.org/help")).toEqual({ ok: true, value: null });
    // Signed out: CSV work and review are refused politely.
    expect(
      await handlers.bulkUpload({
        entries: [{ babyFirstName: "../../etc/passwd", flowerType: "lily" }],
        skipped: 0,
        skipDuplicates: false,
        reading: "a-reading-of-the-text",
      }),
    ).toMatchObject({
      ok: false,
      code: "signed-out",
    });
    expect(await handlers.bulkUpdate({ entries: [{ id: 1, babyFirstName: "A", flowerType: "lily" }], skipped: 0 })).toMatchObject({
      ok: false,
      code: "signed-out",
    });
    expect(await handlers.downloadForReview(undefined)).toMatchObject({ ok: false, code: "signed-out" });
    expect(await handlers.syncNow(undefined)).toMatchObject({ ok: false, code: "signed-out" });
  });

  it("a sign-in to a non-web address is refused before any request", async () => {
    for (const serverUrl of ["file:///etc/passwd", "javascript:alert(1)", "ftp://example.org", "http://example.org", "https://user:pw@example.org"]) {
      const result = await handlers.signIn({ serverUrl, username: "a", password: "b", remember: false });
      expect(result, serverUrl).toMatchObject({ ok: false, code: "invalid-input" });
    }
  });

  it("reads only what the system dialog chose, and only a .csv file", async () => {
    chosen.path = null;
    expect(await handlers.pickCsv(undefined)).toEqual({ ok: true, value: null });
    chosen.path = "/etc/passwd";
    expect(await handlers.pickCsv(undefined)).toMatchObject({ ok: false, error: "Invalid File: Please select a CSV file." });
    const folder = path.join(dir, "folder.csv");
    fs.mkdirSync(folder, { recursive: true });
    chosen.path = folder;
    expect(await handlers.pickCsv(undefined)).toMatchObject({ ok: false });
    const file = path.join(dir, "flowers.csv");
    fs.writeFileSync(file, "First Name,Flower Type\nAnna,Lily\n");
    chosen.path = file;
    expect(await handlers.pickCsv(undefined)).toEqual({
      ok: true,
      value: { fileName: "flowers.csv", bytes: new Uint8Array(Buffer.from("First Name,Flower Type\nAnna,Lily\n")) },
    });
  });

  it("a decision on an item that was never downloaded is refused", async () => {
    const result = await handlers.decide({ kind: "testimonial", itemId: 999, version: 1, action: "decline" });
    expect(result).toMatchObject({ ok: false, code: "not-found" });
    expect(await handlers.undoDecision("00000000-0000-4000-8000-000000000000")).toMatchObject({ ok: false });
  });
});
