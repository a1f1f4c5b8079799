import { MODERATED_KINDS, type ModeratedKind } from "../../shared/moderation";
import type { ModerationState, Queries } from ".";

/**
 * The moderation of one item, for every kind a volunteer approves or deletes
 * (commands/moderation.ts): the same three statements on each kind's table.
 * The table names come from this closed map, never from a request, so each
 * kind's SQL is one constant text, prepared once.
 */
const TABLE = {
  testimonial: "testimonials",
  flower: "memorial_flowers",
  comment: "memorial_comments",
} as const satisfies Record<ModeratedKind, string>;

/** A flower its family withdrew is theirs to bring back: to a volunteer it is as good as gone. */
const STILL_THERE: Record<ModeratedKind, string> = { testimonial: "", flower: " AND withdrawn_at IS NULL", comment: "" };

const STATE_SQL = mapKinds((kind) => `SELECT approved, version FROM ${TABLE[kind]} WHERE id = ?${STILL_THERE[kind]}`);
const APPROVE_SQL = mapKinds(
  (kind) => `UPDATE ${TABLE[kind]} SET approved = 1, version = version + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?`,
);
const DELETE_SQL = mapKinds((kind) => `DELETE FROM ${TABLE[kind]} WHERE id = ?`);

function mapKinds(sql: (kind: ModeratedKind) => string): Record<ModeratedKind, string> {
  return Object.fromEntries(MODERATED_KINDS.map((kind) => [kind, sql(kind)])) as Record<ModeratedKind, string>;
}

/** The item's approval and version, or undefined when it is gone (or, for a flower, withdrawn by its family). */
export async function moderationState(q: Queries, kind: ModeratedKind, id: number): Promise<ModerationState | undefined> {
  const rows = await q.query<ModerationState[]>(STATE_SQL[kind], [id]);
  return rows[0];
}

/** Makes the item live, as its next version. */
export async function approveModerated(q: Queries, kind: ModeratedKind, id: number): Promise<void> {
  await q.query(APPROVE_SQL[kind], [id]);
}

/** Deletes the item for good; a flower's comments and links go with it (the tables cascade). */
export async function deleteModerated(q: Queries, kind: ModeratedKind, id: number): Promise<void> {
  await q.query(DELETE_SQL[kind], [id]);
}
