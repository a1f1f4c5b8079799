import type { MigrationInterface, QueryRunner } from "typeorm";
import { registerLegacyFolding } from "./legacyFolding";

const INDEXED = `NEW.id, NEW.flower_type, garden_initial(NEW.baby_last_name), garden_fold(NEW.baby_first_name, NEW.baby_middle_name, NEW.baby_last_name)`;

/**
 * Two more of a family's choices for their memorial. `link_only`: the
 * memorial stays at its own address but leaves the A–Z garden, its search,
 * counts and letters; the garden index's triggers now keep only approved
 * flowers that are not link-only, so every view built on the index follows.
 * `search_hidden`: search engines are asked to leave the memorial alone
 * (its page, the garden views that show its name, its preview image) even
 * where the site allows memorials to be indexed.
 */
export class Family2LinkOnlyAndSearch1797100000000 implements MigrationInterface {
  name = "Family2LinkOnlyAndSearch1797100000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE memorial_flowers ADD COLUMN link_only INTEGER NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE memorial_flowers ADD COLUMN search_hidden INTEGER NOT NULL DEFAULT 0`);
    await triggers(q, "NEW.approved AND NOT NEW.link_only", "approved, link_only");
  }

  async down(q: QueryRunner): Promise<void> {
    registerLegacyFolding(q);
    await triggers(q, "NEW.approved", "approved");
    // Link-only memorials go back into the garden with their column.
    await q.query(`INSERT OR IGNORE INTO garden_index (id, flower_type, initial, folded)
      SELECT id, flower_type, garden_initial(baby_last_name), garden_fold(baby_first_name, baby_middle_name, baby_last_name)
      FROM memorial_flowers WHERE approved AND link_only ORDER BY id`);
    await q.query(`ALTER TABLE memorial_flowers DROP COLUMN search_hidden`);
    await q.query(`ALTER TABLE memorial_flowers DROP COLUMN link_only`);
  }
}

/** The garden index's triggers on memorial_flowers, keeping the flowers `shown` holds for. */
async function triggers(q: QueryRunner, shown: string, watched: string): Promise<void> {
  await q.query(`DROP TRIGGER memorial_flowers_garden_ai`);
  await q.query(`DROP TRIGGER memorial_flowers_garden_au`);
  await q.query(`CREATE TRIGGER memorial_flowers_garden_ai AFTER INSERT ON memorial_flowers WHEN ${shown} BEGIN
      INSERT INTO garden_index (id, flower_type, initial, folded) VALUES (${INDEXED});
    END`);
  await q.query(`CREATE TRIGGER memorial_flowers_garden_au
      AFTER UPDATE OF ${watched}, baby_first_name, baby_middle_name, baby_last_name, flower_type ON memorial_flowers BEGIN
      DELETE FROM garden_index WHERE id = OLD.id;
      INSERT INTO garden_index (id, flower_type, initial, folded) SELECT ${INDEXED} WHERE ${shown};
    END`);
}
