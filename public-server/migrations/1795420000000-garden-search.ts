import type { MigrationInterface, QueryRunner } from "typeorm";
import { registerLegacyFolding } from "./legacyFolding";

const INDEXED = `NEW.id, NEW.flower_type, garden_initial(NEW.baby_last_name), garden_fold(NEW.baby_first_name, NEW.baby_middle_name, NEW.baby_last_name)`;

/**
 * The garden's own index, so a visitor's view is answered by SQLite without
 * loading the garden: one row per approved flower (its type, the folded first
 * letter of its last name and its folded full name), a trigram full-text
 * index over the folded names, and the counts per flower and letter. Triggers
 * keep all three in step with every write to memorial_flowers, inside the
 * write's own transaction.
 */
export class GardenSearch1795420000000 implements MigrationInterface {
  name = "GardenSearch1795420000000";

  async up(q: QueryRunner): Promise<void> {
    registerLegacyFolding(q);
    await q.query(`CREATE TABLE garden_index (
      id INTEGER PRIMARY KEY,
      flower_type TEXT NOT NULL,
      initial TEXT NOT NULL,
      folded TEXT NOT NULL)`);
    // With the rowid as the last key, each index also serves "ORDER BY id DESC".
    await q.query(`CREATE INDEX idx_garden_index_type ON garden_index (flower_type)`);
    await q.query(`CREATE INDEX idx_garden_index_initial ON garden_index (initial)`);
    await q.query(`CREATE INDEX idx_garden_index_type_initial ON garden_index (flower_type, initial)`);
    await q.query(`CREATE VIRTUAL TABLE garden_fts USING fts5(folded, content='garden_index', content_rowid='id', tokenize='trigram')`);
    await q.query(`CREATE TABLE garden_counts (
      flower_type TEXT NOT NULL,
      initial TEXT NOT NULL,
      n INTEGER NOT NULL,
      PRIMARY KEY (flower_type, initial)) WITHOUT ROWID`);

    await q.query(`CREATE TRIGGER garden_index_ai AFTER INSERT ON garden_index BEGIN
      INSERT INTO garden_fts (rowid, folded) VALUES (NEW.id, NEW.folded);
      INSERT INTO garden_counts (flower_type, initial, n) VALUES (NEW.flower_type, NEW.initial, 1)
        ON CONFLICT (flower_type, initial) DO UPDATE SET n = n + 1;
    END`);
    await q.query(`CREATE TRIGGER garden_index_ad AFTER DELETE ON garden_index BEGIN
      INSERT INTO garden_fts (garden_fts, rowid, folded) VALUES ('delete', OLD.id, OLD.folded);
      UPDATE garden_counts SET n = n - 1 WHERE flower_type = OLD.flower_type AND initial = OLD.initial;
    END`);

    await q.query(`CREATE TRIGGER memorial_flowers_garden_ai AFTER INSERT ON memorial_flowers WHEN NEW.approved BEGIN
      INSERT INTO garden_index (id, flower_type, initial, folded) VALUES (${INDEXED});
    END`);
    await q.query(`CREATE TRIGGER memorial_flowers_garden_au
      AFTER UPDATE OF approved, baby_first_name, baby_middle_name, baby_last_name, flower_type ON memorial_flowers BEGIN
      DELETE FROM garden_index WHERE id = OLD.id;
      INSERT INTO garden_index (id, flower_type, initial, folded) SELECT ${INDEXED} WHERE NEW.approved;
    END`);
    await q.query(`CREATE TRIGGER memorial_flowers_garden_ad AFTER DELETE ON memorial_flowers BEGIN
      DELETE FROM garden_index WHERE id = OLD.id;
    END`);

    await q.query(`INSERT INTO garden_index (id, flower_type, initial, folded)
      SELECT id, flower_type, garden_initial(baby_last_name), garden_fold(baby_first_name, baby_middle_name, baby_last_name)
      FROM memorial_flowers WHERE approved ORDER BY id`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const trigger of ["memorial_flowers_garden_ad", "memorial_flowers_garden_au", "memorial_flowers_garden_ai", "garden_index_ad", "garden_index_ai"]) {
      await q.query(`DROP TRIGGER ${trigger}`);
    }
    await q.query(`DROP TABLE garden_fts`);
    await q.query(`DROP TABLE garden_counts`);
    await q.query(`DROP TABLE garden_index`);
  }
}
