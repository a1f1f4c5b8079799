/**
 * The reset-and-import count follows the server: a server set to another
 * EXPECTED_IMPORT_COUNT tells the app at sign-in, and the app's own check
 * (the same as its preview's) expects that count, not the product's default.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DesktopService } from "../../admin-desktop/main/service";
import { startTestServer, type TestServer } from "../support/testServer";
import { strictRowsRead, tempDir, testEncryptor } from "./support";

const KEY = "desktop-import-key";
const CSV = "First Name,Middle Name,Last Name,Date of Loss,Flower Type\nHope,,Example,,Lily\nGrace,,Sample,,Tulip\n";

let server: TestServer;
/** One keyring for both runs, so the restarted app can read the remembered sign-in. */
const key = crypto.randomBytes(32);

beforeAll(async () => {
  server = await startTestServer({ adminImportKey: KEY, expectedImportCount: 2 });
  await server.createUser("volunteer", "correct horse battery");
});
afterAll(() => server?.stop());

const open = (dir: string) =>
  new DesktopService({ dataDir: dir, encryptor: testEncryptor({ key, backend: "gnome_libsecret" }), platform: "linux", sync: { backoffMs: 1 } });

describe("the expected import count", () => {
  it("comes from the server at sign-in and after a restart, and the import checks against it", async () => {
    const dir = tempDir();
    const service = open(dir);
    expect(await service.signIn({ serverUrl: server.url, username: "volunteer", password: "correct horse battery", remember: true })).toMatchObject({
      ok: true,
    });
    expect(service.status().user).toEqual({ username: "volunteer", expectedImportCount: 2 });

    expect(await service.resetAndImport({ rows: strictRowsRead(CSV, 2), adminKey: KEY, confirmed: true })).toMatchObject({
      ok: true,
      value: { importedCount: 2 },
    });

    // A remembered sign-in learns it again from the server when the app starts.
    const restarted = open(dir);
    await restarted.init();
    expect(restarted.status().user).toEqual({ username: "volunteer", expectedImportCount: 2 });
  });
});
