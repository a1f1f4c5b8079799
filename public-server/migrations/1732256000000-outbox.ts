import type { MigrationInterface, QueryRunner } from "typeorm";

const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ','now'))";

/** The email outbox, and a small key/value table for the mail worker's own state (the last digest date). */
export class Outbox1732256000000 implements MigrationInterface {
  name = "Outbox1732256000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL,
      dedupe_key TEXT NOT NULL UNIQUE,
      to_address TEXT NOT NULL,
      reply_to TEXT,
      subject TEXT NOT NULL,
      text TEXT NOT NULL,
      html TEXT NOT NULL,
      status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      last_error TEXT,
      created_at DATETIME NOT NULL DEFAULT ${NOW},
      sent_at DATETIME)`);
    await q.query(`CREATE INDEX idx_outbox_due ON outbox (status, next_attempt_at)`);
    await q.query(`CREATE TABLE mail_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_state`);
    await q.query(`DROP TABLE outbox`);
  }
}
