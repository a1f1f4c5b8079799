import type { AssistanceRequestInput, MemorialCommentInput, MemorialFlowerInput, TestimonialInput } from "../../shared/schemas/public";
import type { z } from "zod";
import type { Services } from "../context";
import { AssistanceRequestEntity } from "../entities/AssistanceRequest";
import { CommentLibraryEntity } from "../entities/CommentLibrary";
import { MemorialCommentEntity } from "../entities/MemorialComment";
import { MemorialFlowerEntity } from "../entities/MemorialFlower";
import { TestimonialEntity } from "../entities/Testimonial";
import { BadRequest, NotFound } from "../errors";
import { findById } from "../lib/byId";

/*
 * What a visitor sends, stored as pending with its "submitted" event in one
 * transaction. The JSON API and the plain form posts both call these, so the
 * two ways in keep the same rules. A filled-in hidden field (a bot) is
 * answered as usual by the caller, and nothing is kept.
 */

export async function submitAssistance(s: Services, { website, ...input }: z.output<typeof AssistanceRequestInput>): Promise<void> {
  if (website) return;
  await s.db.transaction(async (tx) => {
    const saved = await tx.save(AssistanceRequestEntity, tx.create(AssistanceRequestEntity, input));
    await s.emit(tx, { type: "submitted", kind: "assistance", id: saved.id });
  });
}

export async function submitFlower(s: Services, { website, ...input }: z.output<typeof MemorialFlowerInput>): Promise<void> {
  if (website) return;
  await s.db.transaction(async (tx) => {
    const saved = await tx.save(MemorialFlowerEntity, tx.create(MemorialFlowerEntity, { ...input, approved: false, version: 1 }));
    await s.emit(tx, { type: "submitted", kind: "flower", id: saved.id });
  });
}

/** A comment on an approved flower, with a message still in the library. */
export async function submitComment(s: Services, flowerId: number, input: z.output<typeof MemorialCommentInput>): Promise<void> {
  const { website, memorialFlowerId, ...fields } = input;
  if (memorialFlowerId !== undefined && memorialFlowerId !== flowerId) {
    throw BadRequest("The comment names a different memorial flower than the address it was sent to.");
  }
  await s.db.transaction(async (tx) => {
    const flower = await findById(tx, MemorialFlowerEntity, flowerId, { approved: true });
    if (!flower) throw NotFound("This memorial flower is not in the garden.");
    const message = await findById(tx, CommentLibraryEntity, fields.commentLibraryId, { active: true });
    if (!message) throw BadRequest("That message is no longer available. Please choose another.");
    if (website) return;
    const saved = await tx.save(
      MemorialCommentEntity,
      tx.create(MemorialCommentEntity, { ...fields, memorialFlowerId: flowerId, approved: false, version: 1 }),
    );
    await s.emit(tx, { type: "submitted", kind: "comment", id: saved.id });
  });
}

export async function submitTestimonial(s: Services, { website, ...input }: z.output<typeof TestimonialInput>): Promise<void> {
  if (website) return;
  await s.db.transaction(async (tx) => {
    const saved = await tx.save(TestimonialEntity, tx.create(TestimonialEntity, { ...input, approved: false, version: 1 }));
    await s.emit(tx, { type: "submitted", kind: "testimonial", id: saved.id });
  });
}
