import type { MigrationInterface, QueryRunner } from "typeorm";

const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ','now'))";

/** The administrators' activity log, and who handled each assistance request and when. */
export class AdminTools1732260000000 implements MigrationInterface {
  name = "AdminTools1732260000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE activity_log (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at DATETIME NOT NULL DEFAULT ${NOW},
      actor TEXT NOT NULL,
      action TEXT NOT NULL CHECK (action IN ('approved', 'declined', 'removed', 'edited', 'imported', 'handled')),
      kind TEXT NOT NULL,
      item_id INTEGER,
      summary TEXT NOT NULL)`);
    await q.query(`CREATE INDEX idx_activity_log_at ON activity_log (id DESC)`);
    await q.query(`ALTER TABLE assistance_requests ADD COLUMN handled_at DATETIME`);
    await q.query(`ALTER TABLE assistance_requests ADD COLUMN handled_by TEXT`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE assistance_requests DROP COLUMN handled_by`);
    await q.query(`ALTER TABLE assistance_requests DROP COLUMN handled_at`);
    await q.query(`DROP TABLE activity_log`);
  }
}
