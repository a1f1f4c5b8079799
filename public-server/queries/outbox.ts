import type { BackupDelete } from "../writer/protocol";
import type { Queries } from ".";

/**
 * The family's emails about a flower (received, approved, links, notes): their dedupe keys name it by id and
 * creation time. The id is bound as text (a number bound by better-sqlite3 is a REAL, "12.0" in a string).
 */
const FAMILY_MAIL = `kind IN ('flower-received', 'flower-approved', 'family-link', 'family-note', 'remembrance-confirm', 'remembrance-note', 'monthly-update') AND dedupe_key LIKE '%:' || ? || ':' || ? || '%'`;
const FINISHED_FAMILY_MAIL = `status <> 'pending' AND ${FAMILY_MAIL}`;

/** A flower's family emails that were sent or given up; the flower named by its id and creation time. */
export function finishedFamilyMail(q: Queries, flower: { id: number; createdAt: string }): Promise<{ id: number; kind: string }[]> {
  return q.query<{ id: number; kind: string }[]>(`SELECT id, kind FROM outbox WHERE ${FINISHED_FAMILY_MAIL}`, [String(flower.id), flower.createdAt]);
}

export async function deleteFinishedFamilyMail(q: Queries, flower: { id: number; createdAt: string }): Promise<void> {
  await q.query(`DELETE FROM outbox WHERE ${FINISHED_FAMILY_MAIL}`, [String(flower.id), flower.createdAt]);
}

/** Deletes every family email of a flower from a backup copy. */
export const familyMailBackupDelete = (flower: { id: number; createdAt: string }): BackupDelete => ({
  sql: `DELETE FROM outbox WHERE ${FAMILY_MAIL}`,
  params: [String(flower.id), flower.createdAt],
});

/** How many remembrance notes were sent from mail queued since `since` (the database's time format). */
export async function countRemembranceNotesSentSince(q: Queries, since: string): Promise<number> {
  const [{ n }] = await q.query<[{ n: number }]>(`SELECT count(*) AS n FROM outbox WHERE kind = 'remembrance-note' AND status = 'sent' AND created_at >= ?`, [
    since,
  ]);
  return n;
}
