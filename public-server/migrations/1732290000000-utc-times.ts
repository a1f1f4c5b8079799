import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Rewrites every stored moment in the one format the code writes (ISO 8601, UTC, with Z).
 * Older rows may hold SQLite's `YYYY-MM-DD HH:MM:SS`, written by TypeORM's automatic dates; that is
 * UTC too, so strftime converts it without shifting it.
 */
const TIME_COLUMNS: Record<string, string[]> = {
  memorial_flowers: ["created_at", "updated_at"],
  testimonials: ["created_at", "updated_at"],
  memorial_comments: ["created_at", "updated_at"],
  assistance_requests: ["created_at", "handled_at"],
  activity_log: ["at"],
  outbox: ["created_at", "sent_at"],
  donations: ["created_at"],
  events: ["created_at"],
  event_registrations: ["created_at"],
  comment_library: ["created_at"],
  users: ["created_at"],
};

export class UtcTimes1732290000000 implements MigrationInterface {
  name = "UtcTimes1732290000000";

  async up(q: QueryRunner): Promise<void> {
    for (const [table, columns] of Object.entries(TIME_COLUMNS)) {
      const existing: { name: string }[] = await q.query(`SELECT name FROM pragma_table_info(?)`, [table]);
      for (const column of columns.filter((c) => existing.some((e) => e.name === c))) {
        await q.query(
          `UPDATE ${table} SET ${column} = strftime('%Y-%m-%dT%H:%M:%fZ', ${column})
           WHERE typeof(${column}) = 'text' AND ${column} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9]*'`,
        );
      }
    }
  }

  async down(): Promise<void> {
    // The ISO form is read by every version of the code; nothing to undo.
  }
}
