import type { MigrationInterface, QueryRunner } from "typeorm";

const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ','now'))";

const BEFORE = ["approved", "declined", "removed", "edited", "imported", "handled", "key-refused"];
const AFTER = [...BEFORE, "family"];

/**
 * A family's private links to manage their memorial, and what they may
 * choose through them. Only a link's SHA-256 is kept: the link itself is
 * made when its email is sent and exists nowhere else. `last_used_at` is
 * when it was last opened (a link unused for a year stops working).
 *
 * A withdrawn flower is taken out of the garden by `approved = 0` (every
 * public read already asks for approved flowers), `withdrawn_at` says when
 * (it is deleted for good 30 days later unless brought back), and
 * `withdrawn_approved` whether it was live before, so that bringing it back
 * restores exactly that. A surname shown as its initial keeps the full
 * surname in `hidden_last_name`, so that the family can show it again.
 * The activity log also records what a family changed ("family"); SQLite
 * cannot change a CHECK in place, so that table is rebuilt with its rows.
 */
export class FamilyLinks1797000000001 implements MigrationInterface {
  name = "FamilyLinks1797000000001";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE family_links (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      flower_id INTEGER NOT NULL REFERENCES memorial_flowers(id) ON DELETE CASCADE,
      token_hash TEXT NOT NULL UNIQUE,
      created_at DATETIME NOT NULL DEFAULT ${NOW},
      last_used_at DATETIME NOT NULL DEFAULT ${NOW},
      revoked_at DATETIME NULL)`);
    await q.query(`CREATE INDEX idx_family_links_flower ON family_links (flower_id, revoked_at)`);
    await q.query(`ALTER TABLE memorial_flowers ADD COLUMN withdrawn_at DATETIME NULL`);
    await q.query(`ALTER TABLE memorial_flowers ADD COLUMN withdrawn_approved INTEGER NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE memorial_flowers ADD COLUMN comments_off INTEGER NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE memorial_flowers ADD COLUMN hidden_last_name TEXT NULL`);
    await q.query(`CREATE INDEX idx_memorial_flowers_withdrawn ON memorial_flowers (withdrawn_at) WHERE withdrawn_at IS NOT NULL`);
    // Which memorials were deleted for their family (by them, or 30 days after they withdrew one): the
    // retention job deletes them from the backups and their emails from the outbox too. Only the id and
    // the moment the flower was made, which together name it even if a reset reuses the id.
    await q.query(`CREATE TABLE family_erasures (
      flower_id INTEGER NOT NULL,
      flower_created_at DATETIME NOT NULL,
      erased_at DATETIME NOT NULL DEFAULT ${NOW},
      PRIMARY KEY (flower_id, flower_created_at))`);
    await rebuildActivity(q, AFTER);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM activity_log WHERE action = 'family'`);
    await rebuildActivity(q, BEFORE);
    await q.query(`DROP TABLE family_erasures`);
    await q.query(`DROP INDEX idx_memorial_flowers_withdrawn`);
    await q.query(`ALTER TABLE memorial_flowers DROP COLUMN hidden_last_name`);
    await q.query(`ALTER TABLE memorial_flowers DROP COLUMN comments_off`);
    await q.query(`ALTER TABLE memorial_flowers DROP COLUMN withdrawn_approved`);
    await q.query(`ALTER TABLE memorial_flowers DROP COLUMN withdrawn_at`);
    await q.query(`DROP TABLE family_links`);
  }
}

async function rebuildActivity(q: QueryRunner, actions: string[]): Promise<void> {
  await q.query(`CREATE TABLE activity_log_next (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at DATETIME NOT NULL DEFAULT ${NOW},
      actor TEXT NOT NULL,
      action TEXT NOT NULL CHECK (action IN (${actions.map((a) => `'${a}'`).join(", ")})),
      kind TEXT NOT NULL,
      item_id INTEGER,
      summary TEXT NOT NULL)`);
  await q.query(`INSERT INTO activity_log_next (id, at, actor, action, kind, item_id, summary)
    SELECT id, at, actor, action, kind, item_id, summary FROM activity_log`);
  await q.query(`DROP TABLE activity_log`);
  await q.query(`ALTER TABLE activity_log_next RENAME TO activity_log`);
  await q.query(`CREATE INDEX idx_activity_log_at ON activity_log (id DESC)`);
}
