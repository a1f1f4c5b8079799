import fs from "node:fs";
import path from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { openDatabase } from "../../public-server/db";
import type { DatabaseThread } from "../../public-server/writer/databaseThread";
import type { ImportCheck } from "../../public-server/writer/protocol";
import { cleanupAfterAll } from "../support/cleanup";

/**
 * The database thread's operations are one typed map (writer/protocol.ts): an
 * operation answers its own result's type, and a wrong operation or input
 * does not compile (`npx tsc` checks the lines marked below). The thread then
 * answers what the map says, for real.
 */

const { cleanups, tempDir } = cleanupAfterAll();

// Never run: what tsc checks.
function compiles(thread: DatabaseThread) {
  expectTypeOf(thread.call("importCheck", { file: "body.json", expectedCount: 3 })).toEqualTypeOf<Promise<ImportCheck>>();
  expectTypeOf(thread.call("checkpoint")).toEqualTypeOf<Promise<boolean>>();
  expectTypeOf(thread.call("duplicatesJson", { file: "body.json" })).toEqualTypeOf<Promise<number[]>>();
  // @ts-expect-error: no such operation
  void thread.call("importChek", { file: "body.json", expectedCount: 3 });
  // @ts-expect-error: importCheck needs the expected count
  void thread.call("importCheck", { file: "body.json" });
  // @ts-expect-error: commit takes no input
  void thread.call("commit", { file: "body.json" });
  // @ts-expect-error: begin needs the page limit
  void thread.call("begin");
}

describe("the database thread", () => {
  it("answers each operation with its result: a check of a reset-and-import body, a large write, a copy", async () => {
    expect(compiles).toBeTypeOf("function");
    const dir = tempDir("database-thread-");
    const db = await openDatabase(path.join(dir, "garden.sqlite"));
    cleanups.push(() => db.close());
    const body = path.join(dir, "body.json");
    fs.writeFileSync(body, JSON.stringify({ adminKey: "the key", csvData: [{ "Not a column": "x" }] }));
    const check = await db.readOffThread((thread) => thread.call("importCheck", { file: body, expectedCount: 1 }));
    expect(check.adminKey).toBe("the key");
    expect(check.errors.length).toBeGreaterThan(0);

    const added = await db.writeOffThread(async (thread) => {
      await thread.insert([{ babyFirstName: "Agnes", babyMiddleName: null, babyLastName: null, lossDate: null, flowerType: "calla-lily" }]);
      return thread.query<{ n: number }[]>("SELECT count(*) AS n FROM memorial_flowers");
    });
    expect(added).toEqual([{ n: 1 }]);

    await db.backupTo(path.join(dir, "copy.sqlite"));
    const copy = await db.readOffThread(async (thread) => {
      await thread.call("vacuumInto", { file: path.join(dir, "second-copy.sqlite") });
      return fs.statSync(path.join(dir, "second-copy.sqlite")).size;
    });
    expect(copy).toBe(fs.statSync(path.join(dir, "copy.sqlite")).size);
  }, 60_000);
});
