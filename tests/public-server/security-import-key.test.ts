import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";
import { adminItems, type Client } from "../support/client";
import { createLogger } from "../../public-server/lib/log";
import { count, errorBody, signedIn } from "./fixtures";

/** Guessing the reset-and-import key from a signed-in administrator account. */

let server: TestServer;
let admin: Client;
const lines: string[] = [];
const KEY = "the real import key";
const ROWS = [{ "First Name": "Ada", "Middle Name": "", "Last Name": "K.", "Date of Loss": "2024", "Flower Type": "Lily" }];

beforeAll(async () => {
  server = await startTestServer({ adminImportKey: KEY, expectedImportCount: 1 });
  Object.assign(
    server.parts.services.log,
    createLogger("info", (line) => lines.push(line)),
  );
  admin = await signedIn(server);
});
afterAll(() => server.stop());

describe("wrong reset-and-import keys", () => {
  it("400 wrong keys: 403 for the first few, then 429; each wrong key logged and in the activity log; the garden untouched", async () => {
    const flowersBefore = count(server, "memorial_flowers");
    const statuses: number[] = [];
    for (let batch = 0; batch < 8; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => admin.post("/api/admin/memorial-flowers/reset-and-import", { csvData: ROWS, adminKey: `guess ${batch}-${i}` })),
      );
      statuses.push(...answers.map((r) => r.status));
      if (batch === 0) {
        const limited = answers.find((r) => r.status === 429);
        expect(limited, "a 429 in the first 50").toBeDefined();
        expect((await errorBody(limited!)).message).toMatch(/Too many wrong admin keys/);
        expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }
    const refused = statuses.filter((s) => s === 403).length;
    const limited = statuses.filter((s) => s === 429).length;
    console.log(`import key: 400 wrong keys → ${refused}× 403, ${limited}× 429`);
    expect(refused).toBeLessThanOrEqual(server.config.importKeyMaxFailures);
    expect(refused + limited).toBe(400);
    // The right key is held back too while the account is over the limit.
    expect((await admin.post("/api/admin/memorial-flowers/reset-and-import", { csvData: ROWS, adminKey: KEY })).status).toBe(429);
    expect(count(server, "memorial_flowers")).toBe(flowersBefore);

    const logged = lines.map((l) => JSON.parse(l)).filter((e) => e.event === "import_key_wrong");
    expect(logged).toHaveLength(refused);
    for (const e of logged) expect(e).toMatchObject({ username: "admin", address: "127.0.0.1" });
    expect(lines.join("\n")).not.toMatch(/guess \d/);

    const activity = await adminItems<{ action: string; actor: string; summary: string }>(admin, "/api/admin/activity");
    const entries = activity.filter((a) => a.action === "key-refused");
    expect(entries).toHaveLength(refused);
    expect(entries[0]).toMatchObject({ actor: "admin", summary: expect.stringMatching(/Wrong admin key for reset-and-import from 127\.0\.0\.1/) });
    expect(entries.some((e) => /further tries are refused/.test(e.summary))).toBe(true);
  });

  it("counts per account and per address: another administrator elsewhere still runs it with the right key", async () => {
    const s = await startTestServer({ adminImportKey: KEY, expectedImportCount: 1, trustProxy: 1, importKeyMaxFailures: 2 });
    try {
      const guesser = await signedIn(s);
      const send = (c: Client, adminKey: string, address: string) =>
        c.post("/api/admin/memorial-flowers/reset-and-import", { csvData: ROWS, adminKey }, { "X-Forwarded-For": address });
      const guesses = [];
      for (let i = 0; i < 3; i++) guesses.push((await send(guesser, `guess ${i}`, "198.51.100.1")).status);
      expect(guesses).toEqual([403, 403, 429]);
      // The guessing account is held back from any address.
      expect((await send(guesser, KEY, "198.51.100.3")).status).toBe(429);
      const other = await signedIn(s, { username: "second-admin", password: "another long password" });
      // So is the guessing address, for any account.
      expect((await send(other, KEY, "198.51.100.1")).status).toBe(429);
      const ok = await send(other, KEY, "198.51.100.2");
      expect(ok.status, await ok.clone().text()).toBe(200);
    } finally {
      await s.stop();
    }
  });
});
