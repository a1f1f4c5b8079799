import type { MigrationInterface, QueryRunner } from "typeorm";

const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ','now'))";

/**
 * A family's correction to their live memorial (the baby's names, the date,
 * the flower), waiting for a volunteer: at most one per flower, the newest
 * replacing the one before (a new row, so a new id). `changes` holds only the
 * fields the family changed, as JSON ({"babyFirstName": "Gracie"}), so a
 * volunteer's edit of another field meanwhile stays. The id is the
 * correction's version: AUTOINCREMENT never gives one twice, so a volunteer
 * who saw an older correction cannot approve a newer one unseen. It goes
 * with its flower.
 */
export class Family3FlowerRevisions1797200000003 implements MigrationInterface {
  name = "Family3FlowerRevisions1797200000003";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE flower_revisions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      flower_id INTEGER NOT NULL UNIQUE REFERENCES memorial_flowers(id) ON DELETE CASCADE,
      changes TEXT NOT NULL,
      created_at DATETIME NOT NULL DEFAULT ${NOW})`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE flower_revisions`);
  }
}
