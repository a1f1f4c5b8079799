import type { EntityManager } from "typeorm";
import { NotFound, PreconditionFailed } from "../errors";
import type { Queries, Services } from "../context";
import type { User } from "../entities/User";
import { changedMessage, goneMessage, type ModeratedKind } from "../../shared/moderation";

/** What the server alone needs of each kind. */
interface KindStore {
  table: string;
  /** A short description for the activity log: never an email or a parent's name. */
  summarise(tx: Queries, id: number): Promise<string>;
}

const first = async (tx: Queries, sql: string, id: number): Promise<string> => {
  const rows: { s: string }[] = await tx.query(sql, [id]);
  return rows[0]?.s ?? "";
};

export const KINDS: Record<ModeratedKind, KindStore> = {
  testimonial: {
    table: "testimonials",
    summarise: (tx, id) => first(tx, "SELECT 'Testimonial by ' || first_name || ' ' || substr(last_name, 1, 1) || '.' AS s FROM testimonials WHERE id = ?", id),
  },
  flower: {
    table: "memorial_flowers",
    summarise: (tx, id) =>
      first(
        tx,
        "SELECT 'Memorial flower for ' || baby_first_name || coalesce(' ' || substr(baby_last_name, 1, 1) || '.', '') AS s FROM memorial_flowers WHERE id = ?",
        id,
      ),
  },
  comment: {
    table: "memorial_comments",
    summarise: (tx, id) => first(tx, "SELECT 'Comment by ' || commenter_name AS s FROM memorial_comments WHERE id = ?", id),
  },
};

interface Current {
  approved: number;
  version: number;
}

async function current(tx: EntityManager, kind: ModeratedKind, id: number, expected: number | undefined): Promise<Current> {
  // A memorial its family withdrew is theirs to bring back: to a volunteer it is as good as gone.
  const stillThere = kind === "flower" ? " AND withdrawn_at IS NULL" : "";
  const rows: Current[] = await tx.query(`SELECT approved, version FROM ${KINDS[kind].table} WHERE id = ?${stillThere}`, [id]);
  const row = rows[0];
  if (!row) throw NotFound(goneMessage(kind));
  // The precondition is checked and the change made inside one queued transaction: nothing can slip in between.
  if (expected !== undefined && row.version !== expected) {
    throw PreconditionFailed(changedMessage(kind));
  }
  return row;
}

/** Makes an item live. Approving an approved item changes nothing. Answers the new version. */
export async function approveItem(s: Services, kind: ModeratedKind, id: number, expected: number | undefined, actor: User) {
  const version = await s.db.transaction(async (tx) => {
    const row = await current(tx, kind, id, expected);
    if (row.approved) return row.version;
    await tx.query(`UPDATE ${KINDS[kind].table} SET approved = 1, version = version + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?`, [id]);
    await s.emit(tx, { type: "approved", kind, id, actor });
    return row.version + 1;
  });
  return { id, version, approved: true };
}

/** Deletes an item for good (Decline when pending, Remove when live); a flower takes its comments with it. */
export async function deleteItem(s: Services, kind: ModeratedKind, id: number, expected: number | undefined, actor: User) {
  await s.db.transaction(async (tx) => {
    const row = await current(tx, kind, id, expected);
    const summary = await KINDS[kind].summarise(tx, id);
    await tx.query(`DELETE FROM ${KINDS[kind].table} WHERE id = ?`, [id]);
    await s.emit(tx, { type: "deleted", kind, id, actor, wasApproved: Boolean(row.approved), summary });
  });
}
