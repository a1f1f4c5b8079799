import type { MigrationInterface, QueryRunner } from "typeorm";

const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ','now'))";

const table = (name: string, actions: string[]) => `CREATE TABLE ${name} (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at DATETIME NOT NULL DEFAULT ${NOW},
      actor TEXT NOT NULL,
      action TEXT NOT NULL CHECK (action IN (${actions.map((a) => `'${a}'`).join(", ")})),
      kind TEXT NOT NULL,
      item_id INTEGER,
      summary TEXT NOT NULL)`;

const BEFORE = ["approved", "declined", "removed", "edited", "imported", "handled"];
const AFTER = [...BEFORE, "key-refused"];

/**
 * The activity log also records wrong reset-and-import keys ("key-refused"),
 * so administrators see when someone is guessing. SQLite cannot change a
 * CHECK in place: the table is rebuilt with its rows, ids and index.
 */
export class ImportKeyActivity1732270000000 implements MigrationInterface {
  name = "ImportKeyActivity1732270000000";

  async up(q: QueryRunner): Promise<void> {
    await rebuild(q, AFTER);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM activity_log WHERE action = 'key-refused'`);
    await rebuild(q, BEFORE);
  }
}

async function rebuild(q: QueryRunner, actions: string[]): Promise<void> {
  await q.query(table("activity_log_next", actions));
  await q.query(`INSERT INTO activity_log_next (id, at, actor, action, kind, item_id, summary)
    SELECT id, at, actor, action, kind, item_id, summary FROM activity_log`);
  await q.query(`DROP TABLE activity_log`);
  await q.query(`ALTER TABLE activity_log_next RENAME TO activity_log`);
  await q.query(`CREATE INDEX idx_activity_log_at ON activity_log (id DESC)`);
}
