import type { OutboxKind } from "../entities/OutboxMessage";
import type { BackupDelete } from "../writer/protocol";
import type { Queries } from ".";

// For the retention job.

/** The ids of the messages of a kind written before `cutoff` (an ISO time). */
export async function outboxIdsBefore(q: Queries, kind: OutboxKind, cutoff: string): Promise<number[]> {
  const rows = await q.query<{ id: number }[]>(`SELECT id FROM outbox WHERE kind = ? AND julianday(created_at) < julianday(?)`, [kind, cutoff]);
  return rows.map((r) => r.id);
}

/** Deletes the messages of a kind written before `cutoff`, as a statement a backup can run too. */
export const deleteOutboxBeforeSql = (kind: OutboxKind, cutoff: string): BackupDelete => ({
  sql: `DELETE FROM outbox WHERE kind = ? AND julianday(created_at) < julianday(?)`,
  params: [kind, cutoff],
});

/** Deletes the messages of a kind written before `cutoff`. */
export async function deleteOutboxBefore(q: Queries, kind: OutboxKind, cutoff: string): Promise<void> {
  const { sql, params } = deleteOutboxBeforeSql(kind, cutoff);
  await q.query(sql, params);
}
