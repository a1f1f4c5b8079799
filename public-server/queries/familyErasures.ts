import type { BackupDelete } from "../writer/protocol";
import { FAMILY_MAIL, familyMailBackupDelete } from "./outbox";
import type { Queries } from ".";

/** A memorial its family deleted: the backups and the outbox are cleaned of it by the retention job. */
export interface FamilyErasure {
  id: number;
  createdAt: string;
}

/** Notes the flower (with its creation time, which names it in the backups and its emails) as erased, once. */
export async function noteFamilyErasure(q: Queries, flowerId: number): Promise<void> {
  await q.query(`INSERT OR IGNORE INTO family_erasures (flower_id, flower_created_at) SELECT id, created_at FROM memorial_flowers WHERE id = ?`, [flowerId]);
}

export function familyErasures(q: Queries): Promise<FamilyErasure[]> {
  return q.query<FamilyErasure[]>(`SELECT flower_id AS id, flower_created_at AS createdAt FROM family_erasures`);
}

/** What deletes an erased memorial from a backup copy: its comments, itself, and its family's emails. */
export const erasureBackupDeletes = (e: FamilyErasure): BackupDelete[] => [
  {
    sql: `DELETE FROM memorial_comments WHERE memorial_flower_id IN (SELECT id FROM memorial_flowers WHERE id = ? AND created_at = ?)`,
    params: [e.id, e.createdAt],
  },
  { sql: `DELETE FROM memorial_flowers WHERE id = ? AND created_at = ?`, params: [e.id, e.createdAt] },
  familyMailBackupDelete(e),
];

/** Forgets the erasures with no email of theirs left in the outbox (the caller scrubbed every backup of them). */
export async function forgetCleanErasures(q: Queries, erasures: FamilyErasure[]): Promise<void> {
  for (const e of erasures) {
    await q.query(`DELETE FROM family_erasures WHERE flower_id = ? AND flower_created_at = ? AND NOT EXISTS (SELECT 1 FROM outbox WHERE ${FAMILY_MAIL})`, [
      e.id,
      e.createdAt,
      String(e.id),
      e.createdAt,
    ]);
  }
}
