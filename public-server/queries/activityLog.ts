import type { ActivityAction, ActivityDto } from "../../shared/schemas/adminTools";
import type { Queries } from ".";

/** One row of the activity log as it is stored (`at` in the database's time format). */
export interface ActivityRow {
  id: number;
  at: string;
  actor: string;
  action: ActivityAction;
  kind: ActivityDto["kind"];
  itemId: number | null;
  summary: string;
}

/** Writes one activity row with `q`, so it commits or rolls back with the change it describes. */
export async function insertActivity(q: Queries, row: Omit<ActivityRow, "id" | "at">): Promise<void> {
  await q.query(`INSERT INTO activity_log (actor, action, kind, item_id, summary) VALUES (?, ?, ?, ?, ?)`, [
    row.actor,
    row.action,
    row.kind,
    row.itemId,
    row.summary,
  ]);
}

/** Rows newest first, `limit` of them after the first `offset`. */
export function activityRows(q: Queries, limit: number, offset: number): Promise<ActivityRow[]> {
  return q.query<ActivityRow[]>(`SELECT id, at, actor, action, kind, item_id AS itemId, summary FROM activity_log ORDER BY id DESC LIMIT ? OFFSET ?`, [
    limit,
    offset,
  ]);
}

export async function countActivity(q: Queries): Promise<number> {
  const [{ n }] = await q.query<[{ n: number }]>(`SELECT count(*) AS n FROM activity_log`);
  return n;
}
