import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Gentle remembrance notes, asked for by a family (one sign-up per memorial).
 * The dates are a month and a day each, never a year; the remembrance days
 * are the ids of those site.json offers. Nothing is sent before
 * `confirmed_at`; `stopped_at` ends them for good (a new sign-up starts again
 * with a new confirmation, and `created_at` changes, so old links no longer
 * work); `paused_year` skips the rest of that year in the family's zone.
 * `last_queued_at` bounds the notes to one address in 14 days.
 *
 * The outbox gets `headers` (JSON): the notes' List-Unsubscribe and
 * List-Unsubscribe-Post, which the worker adds when it sends.
 */
export class NotesRemembranceNotes1797200000000 implements MigrationInterface {
  name = "NotesRemembranceNotes1797200000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE remembrance_notes (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      flower_id INTEGER NOT NULL UNIQUE REFERENCES memorial_flowers(id) ON DELETE CASCADE,
      anniversary_month INTEGER NULL,
      anniversary_day INTEGER NULL,
      due_month INTEGER NULL,
      due_day INTEGER NULL,
      remembrance_days TEXT NOT NULL DEFAULT '',
      time_zone TEXT NOT NULL,
      locale TEXT NOT NULL DEFAULT 'en',
      created_at DATETIME NOT NULL,
      confirmed_at DATETIME NULL,
      stopped_at DATETIME NULL,
      paused_year INTEGER NULL,
      last_queued_at DATETIME NULL)`);
    await q.query(`CREATE INDEX idx_remembrance_notes_live ON remembrance_notes (confirmed_at) WHERE stopped_at IS NULL`);
    await q.query(`ALTER TABLE outbox ADD COLUMN headers TEXT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox DROP COLUMN headers`);
    await q.query(`DROP TABLE remembrance_notes`);
  }
}
