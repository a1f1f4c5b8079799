import type { MigrationInterface, QueryRunner } from "typeorm";
import { registerLegacyFolding } from "./legacyFolding";

const COLUMNS = "rowid, name, parent, email, status, type, ident";
const VALUES = (row: "NEW" | "f") =>
  `${row}.id, admin_search_text(garden_fold(${row}.baby_first_name, ${row}.baby_middle_name, ${row}.baby_last_name)),
   admin_search_text(${row}.parent_name), admin_search_text(${row}.email),
   CASE WHEN ${row}.approved THEN '' ELSE '~p~' END, '~' || ${row}.flower_type || '~', '~' || ${row}.id || '~'`;

/**
 * The admin's own search index: every flower, waiting or approved, with its
 * baby's full name, parent's name and email folded (lower case, no accents,
 * each word after two spaces so a search of one or two letters can find the
 * words they begin) in a trigram full-text table whose rowid is the flower's
 * id, with its status, flower type and ID as marked tokens, so a search of
 * 100,000 flowers (its count and its page) is answered from the index alone. Triggers keep it in step with every
 * write to memorial_flowers, inside the write's own transaction, as the
 * garden's index is kept.
 */
export class AdminFlowerSearch1795437029071 implements MigrationInterface {
  name = "AdminFlowerSearch1795437029071";

  async up(q: QueryRunner): Promise<void> {
    registerLegacyFolding(q);
    await q.query(`CREATE VIRTUAL TABLE admin_flower_fts USING fts5(name, parent, email, status, type, ident, tokenize='trigram')`);
    await q.query(`CREATE TRIGGER memorial_flowers_admin_search_ai AFTER INSERT ON memorial_flowers BEGIN
      INSERT INTO admin_flower_fts (${COLUMNS}) VALUES (${VALUES("NEW")});
    END`);
    await q.query(`CREATE TRIGGER memorial_flowers_admin_search_au
      AFTER UPDATE OF id, baby_first_name, baby_middle_name, baby_last_name, parent_name, email, approved, flower_type ON memorial_flowers BEGIN
      DELETE FROM admin_flower_fts WHERE rowid = OLD.id;
      INSERT INTO admin_flower_fts (${COLUMNS}) VALUES (${VALUES("NEW")});
    END`);
    await q.query(`CREATE TRIGGER memorial_flowers_admin_search_ad AFTER DELETE ON memorial_flowers BEGIN
      DELETE FROM admin_flower_fts WHERE rowid = OLD.id;
    END`);
    await q.query(`INSERT INTO admin_flower_fts (${COLUMNS}) SELECT ${VALUES("f")} FROM memorial_flowers f ORDER BY f.id`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const trigger of ["memorial_flowers_admin_search_ad", "memorial_flowers_admin_search_au", "memorial_flowers_admin_search_ai"]) {
      await q.query(`DROP TRIGGER ${trigger}`);
    }
    await q.query(`DROP TABLE admin_flower_fts`);
  }
}
