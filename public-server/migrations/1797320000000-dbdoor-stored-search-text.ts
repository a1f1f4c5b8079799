import type { MigrationInterface, QueryRunner } from "typeorm";
import { flowerSearchText } from "../garden/searchText";

/** The garden index's row for a flower, and when it has one (approved, and in the A–Z garden). */
const GARDEN_ROW = `NEW.id, NEW.flower_type, NEW.name_initial, NEW.search_name`;
const LISTED = "NEW.approved AND NOT NEW.link_only";

const ADMIN_COLUMNS = "rowid, name, parent, email, status, type, ident";
const ADMIN_ROW = `NEW.id, NEW.search_name, coalesce(NEW.search_parent, ''), coalesce(NEW.search_email, ''),
   CASE WHEN NEW.withdrawn_at IS NOT NULL THEN '~w~' WHEN NEW.approved THEN '' ELSE '~p~' END, '~' || NEW.flower_type || '~', '~' || NEW.id || '~'`;

/** The triggers as 1797100000000 and 1797200000002 left them, for `down`: they call the functions the old server registered. */
const OLD_GARDEN_ROW = `NEW.id, NEW.flower_type, garden_initial(NEW.baby_last_name), garden_fold(NEW.baby_first_name, NEW.baby_middle_name, NEW.baby_last_name)`;
const OLD_ADMIN_ROW = `NEW.id, admin_search_text(garden_fold(NEW.baby_first_name, NEW.baby_middle_name, NEW.baby_last_name)),
   admin_search_text(NEW.parent_name), admin_search_text(NEW.email),
   CASE WHEN NEW.withdrawn_at IS NOT NULL THEN '~w~' WHEN NEW.approved THEN '' ELSE '~p~' END, '~' || NEW.flower_type || '~', '~' || NEW.id || '~'`;

/** Flowers whose search text one statement of the migration stores. */
const FILL_BATCH = 500;

const NAMES = "baby_first_name, baby_middle_name, baby_last_name";
const SEARCH_COLUMNS = "search_name, search_parent, search_email, name_initial";

/**
 * A flower's search text (its folded full name, parent's name and email, and
 * the folded letter of its last name) is computed by the server
 * (garden/searchText.ts) and stored with the flower, instead of by SQL
 * functions written in JavaScript that every connection writing a flower had
 * to register. The search indexes' triggers now only copy the stored text;
 * a flower inserted without it is refused with a sentence saying so, rather
 * than left out of search. The text of the flowers already here is computed
 * by the same code the functions ran, so the indexes stay as they are.
 */
export class DbdoorStoredSearchText1797320000000 implements MigrationInterface {
  name = "DbdoorStoredSearchText1797320000000";

  async up(q: QueryRunner): Promise<void> {
    for (const column of SEARCH_COLUMNS.split(", ")) await q.query(`ALTER TABLE memorial_flowers ADD COLUMN ${column} TEXT`);
    const flowers: {
      id: number;
      babyFirstName: string;
      babyMiddleName: string | null;
      babyLastName: string | null;
      parentName: string | null;
      email: string | null;
    }[] = await q.query(`SELECT id, baby_first_name AS babyFirstName, baby_middle_name AS babyMiddleName, baby_last_name AS babyLastName,
        parent_name AS parentName, email FROM memorial_flowers`);
    // A few hundred rows per statement (the whole migration: about 4 s at 100,000 flowers).
    for (let i = 0; i < flowers.length; i += FILL_BATCH) {
      const batch = flowers.slice(i, i + FILL_BATCH);
      await q.query(
        `WITH t (id, search_name, search_parent, search_email, name_initial) AS (VALUES ${batch.map(() => "(?, ?, ?, ?, ?)").join(", ")})
         UPDATE memorial_flowers SET search_name = t.search_name, search_parent = t.search_parent, search_email = t.search_email, name_initial = t.name_initial
         FROM t WHERE memorial_flowers.id = t.id`,
        batch.flatMap((f) => {
          const t = flowerSearchText(f);
          return [f.id, t.searchName, t.searchParent, t.searchEmail, t.nameInitial];
        }),
      );
    }
    await triggers(q, { garden: GARDEN_ROW, admin: ADMIN_ROW, watched: `search_name, name_initial`, adminWatched: `search_name, search_parent, search_email` });
    await q.query(`CREATE TRIGGER memorial_flowers_search_text_bi BEFORE INSERT ON memorial_flowers
      WHEN NEW.search_name IS NULL OR NEW.name_initial IS NULL
        OR (NEW.parent_name IS NOT NULL AND NEW.search_parent IS NULL) OR (NEW.email IS NOT NULL AND NEW.search_email IS NULL) BEGIN
      SELECT RAISE(ABORT, 'A memorial flower needs its search text (search_name, name_initial, search_parent, search_email): see public-server/garden/searchText.ts');
    END`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER memorial_flowers_search_text_bi`);
    await triggers(q, { garden: OLD_GARDEN_ROW, admin: OLD_ADMIN_ROW, watched: NAMES, adminWatched: `${NAMES}, parent_name, email` });
    for (const column of SEARCH_COLUMNS.split(", ")) await q.query(`ALTER TABLE memorial_flowers DROP COLUMN ${column}`);
  }
}

async function triggers(q: QueryRunner, rows: { garden: string; admin: string; watched: string; adminWatched: string }): Promise<void> {
  for (const name of ["garden_ai", "garden_au", "admin_search_ai", "admin_search_au"]) await q.query(`DROP TRIGGER memorial_flowers_${name}`);
  await q.query(`CREATE TRIGGER memorial_flowers_garden_ai AFTER INSERT ON memorial_flowers WHEN ${LISTED} BEGIN
      INSERT INTO garden_index (id, flower_type, initial, folded) VALUES (${rows.garden});
    END`);
  await q.query(`CREATE TRIGGER memorial_flowers_garden_au
      AFTER UPDATE OF approved, link_only, ${rows.watched}, flower_type ON memorial_flowers BEGIN
      DELETE FROM garden_index WHERE id = OLD.id;
      INSERT INTO garden_index (id, flower_type, initial, folded) SELECT ${rows.garden} WHERE ${LISTED};
    END`);
  await q.query(`CREATE TRIGGER memorial_flowers_admin_search_ai AFTER INSERT ON memorial_flowers BEGIN
      INSERT INTO admin_flower_fts (${ADMIN_COLUMNS}) VALUES (${rows.admin});
    END`);
  await q.query(`CREATE TRIGGER memorial_flowers_admin_search_au
      AFTER UPDATE OF id, ${rows.adminWatched}, approved, flower_type, withdrawn_at ON memorial_flowers BEGIN
      DELETE FROM admin_flower_fts WHERE rowid = OLD.id;
      INSERT INTO admin_flower_fts (${ADMIN_COLUMNS}) VALUES (${rows.admin});
    END`);
}
