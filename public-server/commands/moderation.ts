import { NotFound, PreconditionFailed } from "../errors";
import type { Queries, Services } from "../context";
import type { User } from "../entities/User";
import { changedMessage, goneMessage, type ModeratedKind } from "../../shared/moderation";
import type { ModerationState } from "../queries";
import { approveModerated, deleteModerated, moderationState } from "../queries/moderation";
import { testimonialSummary } from "../queries/testimonials";
import { flowerSummary } from "../queries/memorialFlowers";
import { commentSummary } from "../queries/memorialComments";

/** Each kind's short description for the activity log (in the query module of its table): never an email or a parent's name. */
export const SUMMARY: Record<ModeratedKind, (tx: Queries, id: number) => Promise<string>> = {
  testimonial: testimonialSummary,
  flower: flowerSummary,
  comment: commentSummary,
};

async function current(tx: Queries, kind: ModeratedKind, id: number, expected: number | undefined): Promise<ModerationState> {
  const row = await moderationState(tx, kind, id);
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
    await approveModerated(tx, kind, id);
    await s.emit(tx, { type: "approved", kind, id, actor });
    return row.version + 1;
  });
  return { id, version, approved: true };
}

/** Deletes an item for good (Decline when pending, Remove when live); a flower takes its comments with it. */
export async function deleteItem(s: Services, kind: ModeratedKind, id: number, expected: number | undefined, actor: User) {
  await s.db.transaction(async (tx) => {
    const row = await current(tx, kind, id, expected);
    const summary = await SUMMARY[kind](tx, id);
    await deleteModerated(tx, kind, id);
    await s.emit(tx, { type: "deleted", kind, id, actor, wasApproved: Boolean(row.approved), summary });
  });
}
