import type { Queries } from ".";

/*
 * The ids of the held submissions already moved into the database (database/intake.ts), so a
 * move repeated after a crash between the commit and the intake's removal stores nothing twice.
 */

export async function intakeProcessed(q: Queries, id: string): Promise<boolean> {
  const rows = await q.query<unknown[]>(`SELECT 1 FROM processed_intake WHERE id = ?`, [id]);
  return rows.length > 0;
}

export async function markIntakeProcessed(q: Queries, id: string): Promise<void> {
  await q.query(`INSERT INTO processed_intake (id) VALUES (?)`, [id]);
}

/** Forgets the ids moved before `before` (a database time). */
export async function forgetIntakeProcessedBefore(q: Queries, before: string): Promise<void> {
  await q.query(`DELETE FROM processed_intake WHERE processed_at < ?`, [before]);
}
