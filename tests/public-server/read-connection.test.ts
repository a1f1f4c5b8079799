import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../public-server/db";
import { gardenPage, RecentSearches } from "../../public-server/garden/query";
import { gardenQueryFrom } from "../../shared/garden";
import { nameSearchText } from "../../public-server/garden/searchText";
import { cleanupAfterAll } from "../support/cleanup";
import type { DataSource } from "typeorm";
import { AdminListQuery } from "../../shared/schemas/admin";
import { listFlowersPage } from "../../public-server/commands/adminLists";

/**
 * The garden's reads on the second, read-only connection: they go on while a
 * long write holds the queue, and see only what is committed.
 */

const { cleanups, tempDir } = cleanupAfterAll();

async function database(): Promise<Database> {
  const db = await openDatabase(path.join(tempDir("garden-reads-"), "garden.sqlite"));
  cleanups.push(() => db.close());
  await db.run(async () => insert(db, "Agnes", "Lee"));
  return db;
}

function insert(db: Database, first: string, last: string): void {
  const { searchName, nameInitial } = nameSearchText({ babyFirstName: first, babyLastName: last });
  db.handle
    .prepare("INSERT INTO memorial_flowers (baby_first_name, baby_last_name, flower_type, search_name, name_initial, approved) VALUES (?, ?, 'lily', ?, ?, 1)")
    .run(first, last, searchName, nameInitial);
}

const view = (db: Database, search = "") => db.read((h) => gardenPage(h, gardenQueryFrom(search ? `search=${search}` : "")));

/** The read's answer, or "waited" when it has not come within `ms` (the old queue made it wait for the whole write). */
const within = <T>(promise: Promise<T>, ms = 1_000) => Promise.race([promise, new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), ms))]);

describe("garden reads during a long write", () => {
  it("answer at once, from what was committed before the write, and see the write once it is committed", async () => {
    const db = await database();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const write = db.transaction(async () => {
      insert(db, "Bernadette", "Lee");
      inside();
      await gate; // a long upload, yielding between its chunks
    });
    await started;

    const during = await within(view(db, "lee"));
    release();
    await write;
    expect(during).not.toBe("waited");
    if (during === "waited") return;
    expect(during.total).toBe(1);
    expect(during.flowers.map((f) => f.babyFirstName)).toEqual(["Agnes"]);

    const after = await view(db, "lee");
    expect(after.total).toBe(2);
    expect(after.flowers.map((f) => f.babyFirstName)).toEqual(["Bernadette", "Agnes"]);
  });

  it("never see the rows of a write that failed", async () => {
    const db = await database();
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const write = db.transaction(async () => {
      insert(db, "Clare", "Lee");
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error("the upload's file was cut off");
    });
    await started;
    expect((await view(db)).total).toBe(1);
    await expect(write).rejects.toThrow("cut off");
    const after = await view(db, "clare");
    expect([after.total, after.matches]).toEqual([1, 0]);
  });
});

describe("recent searches kept on the read-only connection", () => {
  it("are forgotten as soon as another connection commits a change", async () => {
    const db = await database();
    expect((await view(db, "lee")).matches).toBe(1);
    expect((await view(db, "lee")).matches).toBe(1); // kept
    await db.run(async () => insert(db, "Dorothy", "Lee"));
    const after = await view(db, "lee");
    expect(after.matches).toBe(2);
    expect(after.flowers.map((f) => f.babyFirstName)).toEqual(["Dorothy", "Agnes"]);
  });

  it("stay within their bound of bytes (ids and keys), however many distinct searches come", async () => {
    const db = await database();
    await db.run(async () => {
      for (let i = 0; i < 30; i++) insert(db, `Child${i}`, "Lee");
    });
    const BOUND = 2000;
    const kept = new RecentSearches(BOUND);
    await db.read((h) => {
      for (let i = 0; i < 100; i++) kept.view(h).matches(`search ${i}`, () => [i, i + 1]);
      expect(kept.size.bytes).toBeLessThanOrEqual(BOUND);
      expect(kept.size.searches).toBeGreaterThan(1);
      expect(kept.size.searches).toBeLessThan(100);
      // Long keys count too: a flood of distinct long searches with no matches stays within the bound.
      for (let i = 0; i < 100; i++) kept.view(h).matches(`${"x".repeat(300)}${i}`, () => []);
      expect(kept.size.bytes).toBeLessThanOrEqual(BOUND);
      kept.view(h).matches("large", () => Array.from({ length: 300 }, (_, i) => i));
      expect(kept.size.bytes).toBeLessThanOrEqual(BOUND);
      kept.view(h).matches("too large to keep", () => Array.from({ length: 600 }, (_, i) => i));
      expect(kept.size.bytes).toBeLessThanOrEqual(BOUND);
      // A kept search is answered without searching again.
      let searched = 0;
      kept.view(h).matches("large", () => (searched++, []));
      expect(searched).toBe(0);
    });
    // Distinct searches through the garden's own query, each kept: answers equal a filter over the names.
    const names = Array.from({ length: 30 }, (_, i) => `child${i} lee`);
    for (let i = 0; i < 30; i++) expect((await view(db, `child${i}`)).matches).toBe(names.filter((n) => n.includes(`child${i}`)).length);
  });
});

describe("the admin lists' reads", () => {
  it("bind their page and page size, so every page of a list reuses one prepared statement", async () => {
    const db = await database();
    await db.run(async () => {
      for (let i = 0; i < 30; i++) insert(db, `Baby${i}`, "Lee");
    });
    const statements = async () => {
      // The read-only connection's statement cache (TypeORM's): one entry per distinct SQL text.
      const reader = await (db as unknown as { reader: { source: Promise<DataSource | null> } }).reader.source;
      const runner = (reader!.driver as unknown as { queryRunner: { stmtCache: Map<string, unknown> } }).queryRunner;
      return [...runner.stmtCache.keys()].filter((sql) => /\bLIMIT\b/i.test(sql));
    };
    const pages: number[][] = [];
    for (let page = 1; page <= 25; page++) {
      const query = AdminListQuery.parse({ status: "approved", page: String(page), pageSize: String(page % 3 ? 1 : 2) });
      pages.push((await db.read((_, m) => listFlowersPage(m, query))).items.map((f) => f.id));
    }
    expect(pages[0]).toEqual([31]);
    expect(pages[2]).toEqual([27, 26]); // page 3 of two a page
    // One text for the ids of a page, whatever the page; the old builder wrote each page's numbers into the SQL (25 texts).
    expect((await statements()).length).toBeLessThanOrEqual(2);
  });
});
