import type { CorrectedField } from "../../shared/schemas/admin";
import type { Queries } from ".";

/*
 * A family's correction waiting for a volunteer (commands/corrections.ts): at most one row per
 * flower, its changes as JSON.
 */

/** A waiting correction with its flower's fields as the family wrote them, and the surname the memorial shows. */
export type WaitingCorrectionRow = Record<CorrectedField, string | null> & {
  id: number;
  flowerId: number;
  createdAt: string;
  changes: string;
  shownLastName: string | null;
};

/** Withdraws the correction waiting for a flower; answers how many there were. */
export async function deleteFlowerRevisions(q: Queries, flowerId: number): Promise<number> {
  const had = await q.query<unknown[]>(`DELETE FROM flower_revisions WHERE flower_id = ? RETURNING id`, [flowerId]);
  return had.length;
}

export async function insertFlowerRevision(q: Queries, flowerId: number, changes: string, createdAt: string): Promise<void> {
  await q.query(`INSERT INTO flower_revisions (flower_id, changes, created_at) VALUES (?, ?, ?)`, [flowerId, changes, createdAt]);
}

/** The changes (JSON) of the correction waiting for a flower, if one is. */
export async function waitingRevisionChanges(q: Queries, flowerId: number): Promise<string | undefined> {
  const rows = await q.query<{ changes: string }[]>(`SELECT changes FROM flower_revisions WHERE flower_id = ?`, [flowerId]);
  return rows[0]?.changes;
}

/** A withdrawn memorial's correction waits with it, unseen. */
const WAITING_FROM = `FROM flower_revisions r JOIN memorial_flowers f ON f.id = r.flower_id WHERE f.withdrawn_at IS NULL`;

export async function countWaitingCorrections(q: Queries): Promise<number> {
  const [{ n }] = await q.query<[{ n: number }]>(`SELECT count(*) AS n ${WAITING_FROM}`);
  return n;
}

/** The corrections waiting, newest first, `limit` of them after the first `offset`. */
export function waitingCorrectionRows(q: Queries, limit: number, offset: number): Promise<WaitingCorrectionRow[]> {
  return q.query<WaitingCorrectionRow[]>(
    `SELECT r.id, r.flower_id AS flowerId, r.created_at AS createdAt, r.changes, f.baby_last_name AS shownLastName,
       f.baby_first_name AS babyFirstName, f.baby_middle_name AS babyMiddleName, coalesce(f.hidden_last_name, f.baby_last_name) AS babyLastName,
       f.loss_date AS lossDate, f.flower_type AS flowerType
     ${WAITING_FROM} ORDER BY r.id DESC LIMIT ? OFFSET ?`,
    [limit, offset],
  );
}

/** The correction waiting for a flower not withdrawn, with the full surname the flower keeps where it shows the initial. */
export async function waitingRevision(q: Queries, flowerId: number): Promise<{ id: number; changes: string; hidden: string | null } | undefined> {
  const rows = await q.query<{ id: number; changes: string; hidden: string | null }[]>(
    `SELECT r.id, r.changes, f.hidden_last_name AS hidden FROM flower_revisions r JOIN memorial_flowers f ON f.id = r.flower_id
     WHERE r.flower_id = ? AND f.withdrawn_at IS NULL`,
    [flowerId],
  );
  return rows[0];
}

export async function deleteFlowerRevision(q: Queries, id: number): Promise<void> {
  await q.query(`DELETE FROM flower_revisions WHERE id = ?`, [id]);
}
