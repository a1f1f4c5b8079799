import type { MigrationInterface, QueryRunner } from "typeorm";
import { registerLegacyFolding } from "./legacyFolding";

const COLUMNS = "rowid, name, parent, email, status, type, ident";
const values = (status: string) =>
  `NEW.id, admin_search_text(garden_fold(NEW.baby_first_name, NEW.baby_middle_name, NEW.baby_last_name)),
   admin_search_text(NEW.parent_name), admin_search_text(NEW.email),
   ${status}, '~' || NEW.flower_type || '~', '~' || NEW.id || '~'`;

const BEFORE = "CASE WHEN NEW.approved THEN '' ELSE '~p~' END";
/** A memorial its family withdrew waits for nobody's review, and is not live either: it has a status of its own. */
const AFTER = "CASE WHEN NEW.withdrawn_at IS NOT NULL THEN '~w~' WHEN NEW.approved THEN '' ELSE '~p~' END";

/**
 * The admin search index kept a withdrawn memorial as waiting ("~p~": a
 * withdrawal sets approved = 0), so a search of the pending list found it
 * although the list itself leaves it out. Its status is now "~w~", in
 * neither list; the update trigger also follows withdrawn_at, and the
 * flowers withdrawn already are indexed again.
 */
export class Family3AdminSearchWithdrawn1797200000002 implements MigrationInterface {
  name = "Family3AdminSearchWithdrawn1797200000002";

  async up(q: QueryRunner): Promise<void> {
    registerLegacyFolding(q);
    await triggers(q, AFTER, ", withdrawn_at");
    await reindexWithdrawn(q, "CASE WHEN f.withdrawn_at IS NOT NULL THEN '~w~' WHEN f.approved THEN '' ELSE '~p~' END");
  }

  async down(q: QueryRunner): Promise<void> {
    registerLegacyFolding(q);
    await triggers(q, BEFORE, "");
    await reindexWithdrawn(q, "CASE WHEN f.approved THEN '' ELSE '~p~' END");
  }
}

async function triggers(q: QueryRunner, status: string, alsoWatched: string): Promise<void> {
  await q.query(`DROP TRIGGER memorial_flowers_admin_search_ai`);
  await q.query(`DROP TRIGGER memorial_flowers_admin_search_au`);
  await q.query(`CREATE TRIGGER memorial_flowers_admin_search_ai AFTER INSERT ON memorial_flowers BEGIN
      INSERT INTO admin_flower_fts (${COLUMNS}) VALUES (${values(status)});
    END`);
  await q.query(`CREATE TRIGGER memorial_flowers_admin_search_au
      AFTER UPDATE OF id, baby_first_name, baby_middle_name, baby_last_name, parent_name, email, approved, flower_type${alsoWatched} ON memorial_flowers BEGIN
      DELETE FROM admin_flower_fts WHERE rowid = OLD.id;
      INSERT INTO admin_flower_fts (${COLUMNS}) VALUES (${values(status)});
    END`);
}

async function reindexWithdrawn(q: QueryRunner, status: string): Promise<void> {
  await q.query(`DELETE FROM admin_flower_fts WHERE rowid IN (SELECT id FROM memorial_flowers WHERE withdrawn_at IS NOT NULL)`);
  await q.query(`INSERT INTO admin_flower_fts (${COLUMNS})
    SELECT ${values(status).replace(/NEW\./g, "f.")} FROM memorial_flowers f WHERE f.withdrawn_at IS NOT NULL ORDER BY f.id`);
}
