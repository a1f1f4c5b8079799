import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../public-server/db";
import { cleanupAfterAll } from "../support/cleanup";

/**
 * A transaction that fails mid-way on a full disk (SQLite rolls some back by
 * itself) left TypeORM believing it was still open: every later transaction
 * then ran as a savepoint. The write queue repairs that after the failure, so
 * the next transaction is a real one again, and what it commits is there.
 */

const { cleanups, tempDir } = cleanupAfterAll();

const typeormInTransaction = (db: { source: { driver: unknown } }) =>
  (db.source.driver as { queryRunner?: { isTransactionActive: boolean } }).queryRunner?.isTransactionActive === true;

describe("the write queue after a transaction failed on a full disk", () => {
  it("leaves TypeORM outside any transaction, and the next transaction commits", async () => {
    const db = await openDatabase(path.join(tempDir("write-queue-"), "garden.sqlite"));
    cleanups.push(() => db.close());
    await db.run((m) => m.query("CREATE TABLE filler (what TEXT NOT NULL, text TEXT NOT NULL)"));
    const pages = Number(db.handle.pragma("page_count", { simple: true }));
    db.handle.pragma(`max_page_count = ${pages + 2}`);
    let failures = 0;
    for (let i = 0; i < 5; i++) {
      await db
        .transaction(async (tx) => {
          for (let row = 0; row < 50; row++) {
            await tx.query("INSERT INTO filler (what, text) VALUES (?, ?)", ["filling", "x".repeat(4000)]);
          }
        })
        .catch(() => failures++);
      expect(typeormInTransaction(db)).toBe(false);
    }
    expect(failures).toBe(5);
    db.handle.pragma("max_page_count = 1073741823");
    await db.transaction(async (tx) => tx.query("INSERT INTO filler (what, text) VALUES (?, ?)", ["after", "room again"]));
    expect(typeormInTransaction(db)).toBe(false);
    expect(db.handle.inTransaction).toBe(false);
    const rows = await db.read((h) => h.prepare("SELECT count(*) AS n FROM filler WHERE what = ?").get("after"));
    expect(rows).toEqual({ n: 1 });
  }, 60_000);
});
