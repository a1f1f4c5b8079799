import type { MigrationInterface, QueryRunner } from "typeorm";

const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ','now'))";

/**
 * The answers of recent bulk uploads, by the account and the Idempotency-Key
 * they were sent with, written in the upload's own transaction: a retry of
 * an upload whose answer was lost gets that answer back instead of adding
 * the rows a second time. `body_hash` tells a retry from another upload
 * that reused the key. Kept a day at most (see commands/uploadKeys.ts).
 */
export class IdemUploadKeys1796000000000 implements MigrationInterface {
  name = "IdemUploadKeys1796000000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE upload_keys (
      user_id INTEGER NOT NULL,
      key TEXT NOT NULL,
      body_hash TEXT NOT NULL,
      status INTEGER NOT NULL,
      answer TEXT NOT NULL,
      created_at DATETIME NOT NULL DEFAULT ${NOW},
      PRIMARY KEY (user_id, key))`);
    await q.query(`CREATE INDEX idx_upload_keys_created ON upload_keys (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE upload_keys`);
  }
}
