import { NotFound, PreconditionFailed } from "../errors";
import type { Queries, Services } from "../context";
import type { User } from "../entities/User";
import { changedMessage, goneMessage, type ModeratedKind } from "../../shared/moderation";
import type { ModerationState } from "../queries";
import { approveTestimonial, deleteTestimonial, testimonialModerationState, testimonialSummary } from "../queries/testimonials";
import { approveFlower, deleteFlower, flowerModerationState, flowerSummary } from "../queries/memorialFlowers";
import { approveComment, commentModerationState, commentSummary, deleteComment } from "../queries/memorialComments";

/** What the server alone needs of each kind: its rows' SQL, in the query module of its table. */
interface KindStore {
  /** Its approval and version; undefined when it is gone (or, for a flower, withdrawn by its family). */
  state(tx: Queries, id: number): Promise<ModerationState | undefined>;
  approve(tx: Queries, id: number): Promise<void>;
  remove(tx: Queries, id: number): Promise<void>;
  /** A short description for the activity log: never an email or a parent's name. */
  summarise(tx: Queries, id: number): Promise<string>;
}

export const KINDS: Record<ModeratedKind, KindStore> = {
  testimonial: { state: testimonialModerationState, approve: approveTestimonial, remove: deleteTestimonial, summarise: testimonialSummary },
  flower: { state: flowerModerationState, approve: approveFlower, remove: deleteFlower, summarise: flowerSummary },
  comment: { state: commentModerationState, approve: approveComment, remove: deleteComment, summarise: commentSummary },
};

async function current(tx: Queries, kind: ModeratedKind, id: number, expected: number | undefined): Promise<ModerationState> {
  const row = await KINDS[kind].state(tx, id);
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
    await KINDS[kind].approve(tx, id);
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
    await KINDS[kind].remove(tx, id);
    await s.emit(tx, { type: "deleted", kind, id, actor, wasApproved: Boolean(row.approved), summary });
  });
}
