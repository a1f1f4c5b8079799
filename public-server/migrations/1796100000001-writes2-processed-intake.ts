import type { MigrationInterface, QueryRunner } from "typeorm";

const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ','now'))";

/**
 * The ids of visitors' submissions moved in from the intake file (a
 * submission received while a large write held the database), each written
 * in the same transaction as the submission itself: a crash after that
 * commit, before the intake row is deleted, leaves a row the next move skips,
 * so each submission is kept once (see commands/submissions.ts).
 */
export class Writes2ProcessedIntake1796100000001 implements MigrationInterface {
  name = "Writes2ProcessedIntake1796100000001";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE processed_intake (
      id TEXT PRIMARY KEY,
      processed_at DATETIME NOT NULL DEFAULT ${NOW})`);
    await q.query(`CREATE INDEX idx_processed_intake_at ON processed_intake (processed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE processed_intake`);
  }
}
