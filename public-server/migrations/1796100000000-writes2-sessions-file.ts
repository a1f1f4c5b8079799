import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Sessions move to a file of their own (database/sessionStore.ts), so a sign-in
 * never waits for the write lock of a large write here. The rows are not
 * carried over: a session lasts hours, so the cost is one sign-in each, and a
 * restored backup made before this version brings none of its old sessions
 * back to life when it is brought up to date.
 */
export class Writes2SessionsFile1796100000000 implements MigrationInterface {
  name = "Writes2SessionsFile1796100000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS sessions`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE sessions (
      id TEXT PRIMARY KEY,
      data TEXT NOT NULL,
      expires_at INTEGER NOT NULL)`);
    await q.query(`CREATE INDEX idx_sessions_expires ON sessions (expires_at)`);
  }
}
